// `npm run demo:reset`: deletes the embedded database folder so the next `npm start` creates the demo
// users and demo data afresh. Refuses while a server still holds the folder.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

const dataDir = resolve(process.env.DATA_DIR ?? 'data');
const lockFile = resolve(dataDir, 'server.lock');
if (existsSync(lockFile)) {
  const pid = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
  if (isAlive(pid)) {
    console.error(
      `A server (pid ${pid}) is using ${dataDir}. Stop it first (Ctrl+C in its terminal), then run this again.`,
    );
    process.exit(1);
  }
}
rmSync(dataDir, { recursive: true, force: true });
console.log(`Removed ${dataDir}. The next \`npm start\` creates the demo users and demo data again.`);

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}
