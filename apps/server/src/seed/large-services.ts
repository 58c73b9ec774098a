// The large load's services (issue 11 item 7): `count` services spread over the live leads and clients
// already loaded, each record drawn at random, inserted in batches.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { services } from '../db/schema/index.ts';
import type { Random } from './lead-generator.ts';
import { generateService } from './service-generator.ts';

/** Services carry about 20 values a row: 2,000 rows stay under PostgreSQL's 65,535 parameters a statement. */
const BATCH = 2_000;

export async function loadServices(db: Executor, random: Random, count: number, now: Date): Promise<void> {
  if (count <= 0) return;
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
      return generateService(
        random,
        owner.kind === 'lead'
          ? { leadId: owner.id, createdBy: owner.created_by }
          : { clientId: owner.id, createdBy: owner.created_by },
        now,
        3 * 365,
      );
    });
    await db.insert(services).values(rows);
  }
}
