// Demo tasks and notes (README "Demo data"): on about half the demo leads and most demo clients, assigned
// across the staff, some overdue and some due today on the firm's date; seeded once into an empty table.
import { count, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { auditLogs, clients, leads, taskNotes, users } from '../db/schema/index.ts';
import { readFirmToday } from '../platform/settings/settings.repository.ts';
import { createRandom } from './lead-generator.ts';
import { generateTask } from './task-generator.ts';

const DEMO_SEED = 20_261_124;

/** Inserts demo tasks when the table is empty and nobody has ever written one; returns how many. */
export async function seedDemoTasks(db: Database, now = new Date()): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(taskNotes);
  const [history] = await db
    .select({ n: count() })
    .from(auditLogs)
    .where(sql`${auditLogs.resourceType} = 'TASK_NOTE'`);
  if ((existing?.n ?? 0) > 0 || (history?.n ?? 0) > 0) return 0;
  const random = createRandom(DEMO_SEED);
  const today = await readFirmToday(db);
  const staff = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.status} = 'active' and ${users.role} <> 'guest'`)
      .orderBy(users.id)
  ).map((u) => u.id);
  if (staff.length === 0) return 0;
  const leadRows = await db
    .select({ id: leads.id, createdBy: leads.createdBy })
    .from(leads)
    .where(sql`${leads.deletedAt} is null and ${leads.archivedAt} is null and ${leads.convertedToClientId} is null`)
    .orderBy(leads.id);
  const clientRows = await db
    .select({ id: clients.id, createdBy: clients.createdBy })
    .from(clients)
    .where(sql`${clients.deletedAt} is null and ${clients.status} <> 'Reverted'`)
    .orderBy(clients.id);
  const rows = [
    ...leadRows
      .filter(() => random.chance(0.5))
      .flatMap((l) =>
        Array.from({ length: random.int(1, 3) }, () =>
          generateTask(random, { leadId: l.id, createdBy: l.createdBy }, staff, today, now, 60),
        ),
      ),
    ...clientRows
      .filter(() => random.chance(0.7))
      .flatMap((c) =>
        Array.from({ length: random.int(1, 4) }, () =>
          generateTask(random, { clientId: c.id, createdBy: c.createdBy }, staff, today, now, 120),
        ),
      ),
  ];
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(taskNotes).values(rows.slice(i, i + 500));
  });
  return rows.length;
}
