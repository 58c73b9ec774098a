// `npm run bench`: first the web app's weight (scripts/web-weight.mjs, alone: `npm run bench:web`), then
// loads the large data set (100,000 leads, 30,000 clients, 5,000 contacts) into a scratch database and
// times the list, search and statistics endpoints through the whole app.
// Embedded PGlite in a fresh temporary folder by default; BENCH_DATABASE_URL=postgres://… measures a
// PostgreSQL server instead (its tables are loaded into as they are — use an empty database).
// Counts can be given as for seed:large: `npm run bench -- 20000 5000 1000`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const web = spawnSync(process.execPath, [resolve('scripts/web-weight.mjs')], { stdio: 'inherit' });

const url = process.env.BENCH_DATABASE_URL ?? '';
const dataDir = url ? null : mkdtempSync(join(tmpdir(), 'crm-bench-'));
console.log(url ? `Benchmark on ${url}` : `Benchmark on PGlite in ${dataDir} (removed afterwards)`);
const result = spawnSync(
  resolve('node_modules/.bin/tsx'),
  ['apps/server/src/scripts/seed-large.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: url, ...(dataDir ? { DATA_DIR: dataDir } : {}), LOG_LEVEL: 'warn' },
  },
);
if (dataDir) rmSync(dataDir, { recursive: true, force: true });
process.exit((result.status ?? 1) || (web.status ?? 1));
