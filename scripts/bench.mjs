// `npm run bench`: first the web app's weight (scripts/web-weight.mjs, alone: `npm run bench:web`), then the
// load benchmark (scripts/bench/load.mjs): the large data set loaded into PostgreSQL (when reachable) and
// PGlite, the real server driven by 20 concurrent connections, the ceilings and the growth ratios; the
// figures printed, in bench-results/ and in BENCHMARKS.md. The web app is built once, into a temporary
// folder, for both (a build running elsewhere in the working tree is left alone).
//
//   npm run bench                      both steps, full size (takes a while: see BENCHMARKS.md)
//   npm run bench -- --quick           10,000 leads on one database, short runs (under two minutes)
//   npm run bench -- --no-web …        the load benchmark only
// Every other argument goes to scripts/bench/load.mjs (its header lists them).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const loadArgs = args.filter((a) => a !== '--no-web');

const scratch = mkdtempSync(join(tmpdir(), 'crm-bench-web-'));
let status = 0;
try {
  const dist = join(scratch, 'dist');
  console.log(`Building the web app into ${dist} …`);
  const build = spawnSync(join(ROOT, 'node_modules/.bin/vite'), ['build', '--outDir', dist, '--emptyOutDir'], {
    cwd: join(ROOT, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) throw new Error('The web build failed');

  if (!args.includes('--no-web')) {
    // A quick run is a smoke test: it leaves the recorded web figures alone.
    const web = spawnSync(
      process.execPath,
      [join(ROOT, 'scripts/web-weight.mjs'), '--dist', dist, ...(quick ? ['--no-write'] : [])],
      { stdio: 'inherit' },
    );
    status ||= web.status ?? 1;
  }

  const load = spawnSync(process.execPath, [join(ROOT, 'scripts/bench/load.mjs'), ...loadArgs], {
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST_DIR: dist },
  });
  status = (load.status ?? 1) || status;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(status);
