// The large load's records' children (services, tasks): spread at random over the live leads and clients
// already loaded, each created by its record's creator, inserted in batches.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import type { Random } from './lead-generator.ts';

/** The record a child row belongs to, and who created it (the record's creator). */
export type RecordLink = { leadId: string; createdBy: string | null } | { clientId: string; createdBy: string | null };

/**
 * Inserts `count` rows, `batch` at a time (under PostgreSQL's 65,535 parameters a statement), each made by
 * `make` for a live lead (not converted) or active client drawn at random; none when there is no record.
 */
export async function loadOverRecords<Row>(
  db: Executor,
  random: Random,
  { count, batch }: { count: number; batch: number },
  make: (link: RecordLink) => Row,
  insert: (rows: Row[]) => Promise<unknown>,
): Promise<void> {
  if (count <= 0) return;
  const owners = await db.execute<{ kind: 'lead' | 'client'; id: string; created_by: string | null }>(sql`
    select 'lead' as kind, id, created_by from leads where deleted_at is null and converted_to_client_id is null
    union all
    select 'client', id, created_by from clients where deleted_at is null and status <> 'Reverted'
    order by 2`);
  const records = owners.rows;
  if (records.length === 0) return;
  for (let done = 0; done < count; done += batch) {
    const rows = Array.from({ length: Math.min(batch, count - done) }, () => {
      const owner = records[random.int(0, records.length - 1)]!;
      return make(
        owner.kind === 'lead'
          ? { leadId: owner.id, createdBy: owner.created_by }
          : { clientId: owner.id, createdBy: owner.created_by },
      );
    });
    await insert(rows);
  }
}
