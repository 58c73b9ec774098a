// The large load's services (issue 11 item 7): `count` services spread over the live leads and clients
// already loaded, each record drawn at random, inserted in batches.
import type { Executor } from '../db/database.ts';
import { services } from '../db/schema/index.ts';
import { loadOverRecords } from './large-records.ts';
import type { Random } from './lead-generator.ts';
import { generateService } from './service-generator.ts';

/** Services carry about 20 values a row: 2,000 rows stay under PostgreSQL's 65,535 parameters a statement. */
const BATCH = 2_000;

export async function loadServices(db: Executor, random: Random, count: number, now: Date): Promise<void> {
  await loadOverRecords(
    db,
    random,
    { count, batch: BATCH },
    (link) => generateService(random, link, now, 3 * 365),
    (rows) => db.insert(services).values(rows),
  );
}
