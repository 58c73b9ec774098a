/// <reference types="node" />
// The component tests' server (vitest.config.ts, project 'components'): the real server on a fresh embedded
// database with the demo data, started once for the run on the port the components' dev server proxies /api
// to, so a component under test reads and writes through the same client and routes as the app.
import { join } from 'node:path';
import { E2E_ROOT, removeDataDir, startServer } from '../e2e/e2e-servers.ts';

export default async function componentServer() {
  const port = Number(process.env.COMPONENT_SERVER_PORT);
  if (!port) throw new Error('COMPONENT_SERVER_PORT is set by vitest.config.ts');
  const dataDir = join(E2E_ROOT, 'components');
  const server = await startServer(dataDir, undefined, port);
  return async () => {
    await server.stop();
    await removeDataDir(dataDir);
  };
}
