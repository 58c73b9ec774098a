// `npm test`: typecheck, lint, format, unit, component and API tests on PGlite, the API tests again on the
// PostgreSQL server when TEST_DATABASE_URL is set, then the browser tests.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['format', 'npm', ['run', 'format:check']],
  // The component tests (in the next step) and the browser tests run in Debian's Chromium.
  ['Chromium', 'node', ['scripts/ensure-chromium.mjs']],
  ['unit, component and API tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(['API tests (PostgreSQL server)', 'npx', ['vitest', 'run', '--project', 'server']]);
} else {
  console.log('TEST_DATABASE_URL is not set: the API tests run on PGlite only.');
}
steps.push(['browser tests', 'npm', ['run', 'test:e2e']]);

const started = Date.now();
for (const [name, command, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const t = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(
    `=== ${name}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - t) / 1000).toFixed(1)} s ===`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
console.log(`\nAll test steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

// The bad-input fuzz (apps/server/test/bad-input.test.ts) leaves one summary per database; only this run's count.
for (const kind of ['pglite', 'postgres']) {
  const file = join(tmpdir(), `crm-bad-input-report-${kind}.json`);
  try {
    if (statSync(file).mtimeMs < started) continue;
    console.log(JSON.parse(readFileSync(file, 'utf8')).line);
  } catch {
    // No report from this database in this run.
  }
}
