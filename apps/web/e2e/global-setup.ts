/// <reference types="node" />
// Prepares the template every worker's server copies (e2e-servers.ts): a server started once on an empty
// folder applies the migrations and seeds the demo data, then stops cleanly.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { E2E_ROOT, removeDataDir, startServer, TEMPLATE_DIR } from './e2e-servers.ts';

export default async function globalSetup() {
  await removeDataDir(E2E_ROOT);
  const server = await startServer(TEMPLATE_DIR);
  await server.stop();
  // What belongs to one running server, not to the copies.
  await rm(join(TEMPLATE_DIR, 'mail-received'), { recursive: true, force: true });
  await rm(join(TEMPLATE_DIR, 'server.lock'), { force: true });
}
