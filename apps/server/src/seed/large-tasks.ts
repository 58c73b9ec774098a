// The large load's tasks and notes (issue 12 item 8): `count` entries spread over the live leads and clients
// already loaded and assigned across the staff, inserted in batches.
import type { Executor } from '../db/database.ts';
import { taskNotes } from '../db/schema/index.ts';
import { loadOverRecords } from './large-records.ts';
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
  if (staff.length === 0) return;
  await loadOverRecords(
    db,
    random,
    { count, batch: BATCH },
    (link) => generateTask(random, link, staff, today, now, 365),
    (rows) => db.insert(taskNotes).values(rows),
  );
}
