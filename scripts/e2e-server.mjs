// Starts the server for browser tests on a fresh embedded database folder: empty (migrations and the demo
// data on start), or a copy of E2E_TEMPLATE_DIR, a folder such a server has already set up and closed
// (each browser-test worker's own server starts from it: apps/web/e2e/fixtures.ts).
import { spawn } from 'node:child_process';
import { Buffer } from 'node:buffer';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
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
if (process.env.E2E_TEMPLATE_DIR) cpSync(resolve(process.env.E2E_TEMPLATE_DIR), dataDir, { recursive: true });

// A mail server of the tests' own (issue 27): the app sends through it over SMTP, as it would through the
// firm's, and each message it accepts is written to DATA_DIR/mail-received, where the tests read it.
const mailDir = resolve(dataDir, 'mail-received');
mkdirSync(mailDir, { recursive: true });
let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData: (stream, _session, callback) => {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      const name = `${String(Date.now()).padStart(15, '0')}-${String(received++).padStart(6, '0')}.eml`;
      writeFileSync(resolve(mailDir, name), Buffer.concat(chunks));
      callback();
    });
  },
});
await new Promise((done) => smtp.listen(0, '127.0.0.1', done));
const smtpPort = smtp.server.address().port;

const child = spawn(resolve('node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // The webhook test's receiver runs in the test, on 127.0.0.1 (decision 0034).
    WEBHOOK_ALLOW_PRIVATE: 'true',
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  smtp.close(() => process.exit(code ?? 0));
});

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
