// Starts the server for browser tests on a fresh embedded database folder.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dataDir = resolve(process.env.E2E_DATA_DIR ?? '.e2e-data');
// Never wipe a folder that a running server still holds (a second test run on the same machine).
const lockFile = resolve(dataDir, 'server.lock');
if (existsSync(lockFile)) {
  const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
  if (isAlive(pid)) {
    console.error(
      `${dataDir} is in use by process ${pid}; set E2E_DATA_DIR and E2E_PORT to run another browser test run.`,
    );
    process.exit(1);
  }
}
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(resolve('node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
