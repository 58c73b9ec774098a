/// <reference types="node" />
// The browser tests' servers (issue 30): each Playwright worker runs its own server on its own embedded
// database, copied from a template that global-setup.ts prepares once (migrations and demo data), so no
// two workers share any state: a password, a firm setting or a mail one test causes is seen by no other
// worker. scripts/e2e-server.mjs starts each one with a mail server of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPOSITORY = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where this run's servers keep their data: E2E_DATA_DIR, or .e2e-data in the repository. */
export const E2E_ROOT = resolve(REPOSITORY, process.env.E2E_DATA_DIR ?? '.e2e-data');
export const TEMPLATE_DIR = join(E2E_ROOT, 'template');

/** A port nothing listens on now, chosen by the system. */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

export type E2eServer = { url: string; dataDir: string; stop: () => Promise<void> };

/**
 * Starts a server on `dataDir` (a copy of `template` when given; on `port`, or a free one) and resolves
 * once it answers its health check. Waiting is for the server's answer, however long a busy machine takes; only a server that exits
 * or never answers within 5 minutes fails the start.
 */
export async function startServer(dataDir: string, template?: string, port?: number): Promise<E2eServer> {
  port ??= await freePort();
  const child: ChildProcess = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: REPOSITORY,
    env: {
      ...process.env,
      E2E_DATA_DIR: dataDir,
      PORT: String(port),
      ...(template ? { E2E_TEMPLATE_DIR: template } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = once(child, 'exit');
  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the browser tests' server on ${dataDir} exited (${child.exitCode})`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`the browser tests' server on ${dataDir} did not answer within 5 minutes`);
    }
    // A readiness probe's pause between tries (the server is not up yet), not a wait standing in for an event.
    await new Promise((done) => setTimeout(done, 250));
  }
  return {
    url,
    dataDir,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}

/** Removes a server's folder once it has stopped. */
export const removeDataDir = (dataDir: string) => rm(dataDir, { recursive: true, force: true });
