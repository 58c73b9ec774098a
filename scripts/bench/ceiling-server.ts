// The load benchmark's ceilings (scripts/bench/load.mjs): a bare Fastify server with none of the app's
// plugins — no session, access check, input guard, security headers, compression or request log — whose
// routes run the app's own service functions on the database opened by the app's own openDatabase, so the
// SQL and the driver are the ones the real server uses:
//   GET /constant            a constant answer: what Fastify and the loopback cost alone
//   GET /leads?<list query>  listVisibleLeads (the leads list's handler), viewer fixed by BENCH_VIEWER_*
//   GET /leads/:id           getLead (the lead panel's read)
// The real server's answer ÷ this one's, measured in the same run, is the app ÷ ceiling ratio.
// Started as a child (`node --import tsx`), with DATABASE_URL or DATA_DIR like the server; PGlite is one
// process per folder, so the benchmark runs this only while the server is stopped.
import { leadListQuerySchema, type Role } from '@crm/domain';
import Fastify from 'fastify';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { getLead, listVisibleLeads } from '../../apps/server/src/features/leads/leads.service.ts';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const databaseUrl = process.env.DATABASE_URL?.trim() || null;
const database = await openDatabase(
  databaseUrl ? { kind: 'postgres', url: databaseUrl } : { kind: 'pglite', dataDir: env('DATA_DIR') },
);
const viewer = { id: env('BENCH_VIEWER_ID'), role: env('BENCH_VIEWER_ROLE') as Role };

const app = Fastify({ logger: false });
const CONSTANT = { ok: true };
app.get('/constant', async () => CONSTANT);
app.get('/leads', async (request) =>
  // The same validation (and defaults) the route's type provider applies before the handler.
  listVisibleLeads(database.db, viewer, leadListQuerySchema.parse(request.query)),
);
app.get<{ Params: { id: string } }>('/leads/:id', async (request) => getLead(database.db, viewer, request.params.id));

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());

await app.listen({ port: Number(env('PORT')), host: '127.0.0.1' });
console.log(`ceiling server on ${env('PORT')}`);
