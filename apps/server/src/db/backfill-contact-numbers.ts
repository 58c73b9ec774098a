// Start-up step after the migrations: gives every stored contact number without an E.164 form one, when it
// is a valid number. Written in TypeScript, not SQL, so it uses the same libphonenumber rule as every
// write (packages/domain/src/phones): a SQL approximation would disagree with it on numbers such as
// '+61 (0)412 …' or on lengths, and search and the duplicate check would treat old and new rows apart.
import { sql } from 'drizzle-orm';
import { phoneToE164 } from '@crm/domain';
import type { Executor } from './database.ts';
import { clients, contacts, leads } from './schema/index.ts';

const BATCH = 1_000;

/**
 * Stores the E.164 form of each contact number still without one; returns how many it stored. The rows it
 * reads are found through the E.164 index (`is null`), so after the first run (the migration's rows) a
 * start costs only the numbers that are not valid. Those are looked at again at each start: a newer
 * libphonenumber may know their range. Not an edit: no version, no audit row. A row whose number changed
 * meanwhile (another process) is left to that write, which sets its own E.164 form.
 */
export async function backfillContactNumbersE164(db: Executor): Promise<number> {
  let stored = 0;
  for (const table of [leads, clients, contacts]) {
    const missing = await db.execute<{ id: string; contact_number: string }>(
      sql`select id, contact_number from ${table} where contact_number_e164 is null`,
    );
    const found = missing.rows.flatMap((row) => {
      const e164 = phoneToE164(row.contact_number);
      return e164 ? [{ id: row.id, typed: row.contact_number, e164 }] : [];
    });
    for (let i = 0; i < found.length; i += BATCH) {
      const values = sql.join(
        found.slice(i, i + BATCH).map((r) => sql`(${r.id}::uuid, ${r.typed}, ${r.e164})`),
        sql`, `,
      );
      await db.execute(sql`
        update ${table} set contact_number_e164 = v.e164
        from (values ${values}) as v(id, typed, e164)
        where ${table}.id = v.id and ${table}.contact_number = v.typed and ${table}.contact_number_e164 is null`);
    }
    stored += found.length;
  }
  return stored;
}
