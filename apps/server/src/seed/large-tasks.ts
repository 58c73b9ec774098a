// The large load's tasks and notes (issue 12 item 8): `count` entries spread over the live leads and clients
// already loaded and assigned across the staff, inserted in batches.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { taskNotes } from '../db/schema/index.ts';
import type { Random } from './lead-generator.ts';
import { generateTask } from './task-generator.ts';

/** About 17 values a row: 3,000 rows stay under PostgreSQL's 65,535 parameters a statement. */
const BATCH = 3_000;

export async function loadTasks(
  db: Executor,
  random: Random,
  count: number,
  staff: readonly string[],
  today: string,
  now: Date,
): Promise<void> {
  if (count <= 0 || staff.length === 0) return;
  const owners = await db.execute<{ kind: 'lead' | 'client'; id: string; created_by: string | null }>(sql`
    select 'lead' as kind, id, created_by from leads where deleted_at is null and converted_to_client_id is null
    union all
    select 'client', id, created_by from clients where deleted_at is null and status <> 'Reverted'
    order by 2`);
  const records = owners.rows;
  if (records.length === 0) return;
  for (let done = 0; done < count; done += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - done) }, () => {
      const owner = records[random.int(0, records.length - 1)]!;
      return generateTask(
        random,
        owner.kind === 'lead'
          ? { leadId: owner.id, createdBy: owner.created_by }
          : { clientId: owner.id, createdBy: owner.created_by },
        staff,
        today,
        now,
        365,
      );
    });
    await db.insert(taskNotes).values(rows);
  }
}
