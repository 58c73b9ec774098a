// The app's OpenAPI document without a listening server or a data folder (the api:types script uses it):
// the whole app is built on an in-memory database, so the document is exactly the one /api/openapi.json serves.
import { buildApp } from '../app.ts';
import { readConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createMailer } from '../plugins/mail.ts';

export async function buildOpenApiDocument(): Promise<object> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  try {
    const config = { ...readConfig({ WEB_DIST_DIR: '' }), seedDemo: false };
    const app = await buildApp({ config, database, mailer: createMailer({ smtpUrl: null }) });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
      if (response.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${response.statusCode}`);
      return response.json<object>();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}
