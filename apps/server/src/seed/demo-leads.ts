// ~300 demo leads spread over the last 16 weeks (README "Demo data"), seeded once into an empty table.
import type { Database } from '../db/database.ts';
import { countAllLeads, hasLeadHistory, insertLeads } from '../features/leads/leads.repository.ts';
import { listAllUserRoles } from '../features/users/users.repository.ts';
import { createRandom, generateLead, seedUsersFrom } from './lead-generator.ts';

export const DEMO_LEAD_COUNT = 300;
const DEMO_SEED = 20_261_122;

/**
 * Inserts the demo leads when the leads table is empty and nobody has ever worked on a lead here (a firm
 * that deleted all its leads does not get demo ones back); returns how many it inserted.
 */
export async function seedDemoLeads(db: Database, now = new Date()): Promise<number> {
  if ((await countAllLeads(db)) > 0 || (await hasLeadHistory(db))) return 0;
  const users = seedUsersFrom(await listAllUserRoles(db));
  if (users.creators.length === 0) return 0;
  const random = createRandom(DEMO_SEED);
  const rows = Array.from({ length: DEMO_LEAD_COUNT }, (_, i) =>
    generateLead(random, { index: i + 1, now, spreadDays: 16 * 7, users }),
  );
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 100) await insertLeads(tx, rows.slice(i, i + 100));
  });
  return rows.length;
}
