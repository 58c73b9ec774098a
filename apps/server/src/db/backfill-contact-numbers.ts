// Start-up step after the migrations (decision 0005): reads every stored contact number still without an
// E.164 form and, when it is a valid number, stores it in international form with its E.164 number and
// digits; a number it cannot read is left as it is and listed in phone_number_review for administrators.
// Written in TypeScript, not SQL, so it uses the same libphonenumber rule as every write
// (packages/domain/src/phones): a SQL approximation would disagree with it on numbers such as
// '+61 (0)412 …' or on lengths, and search and the duplicate check would treat old and new rows apart.
import { sql } from 'drizzle-orm';
import { contactNumberDigits, formatPhoneNumber, phoneToE164 } from '@crm/domain';
import type { Executor } from './database.ts';
import { auditLogs, clients, contacts, leads, phoneNumberReview } from './schema/index.ts';

const BATCH = 1_000;

/** The audit action of a stored number put in international form by the back-fill. */
export const NORMALISED_ACTION = 'NORMALISE_CONTACT_NUMBER';

/** The tables holding contact numbers, and the record type phone_number_review names them by. */
export const PHONE_TABLES = [
  { table: leads, recordType: 'lead' },
  { table: clients, recordType: 'client' },
  { table: contacts, recordType: 'contact' },
] as const;

export type ContactNumberBackfill = { normalised: number; forReview: number };

type Row = { id: string; contact_number: string; contact_number_digits: string | null };

/**
 * Normalises each contact number still without an E.164 form; returns how many it normalised and how many
 * numbers await review. The rows it reads are found through the E.164 index (`is null`): the one-time
 * migration 0038 queued every row that way; after it, a start costs only the numbers that are not valid.
 * Those are looked at again at each start (a newer libphonenumber may know their range) and their review
 * rows kept in step: added when found, removed once the record's number reads or the record is gone. Not
 * an edit (the version stays), but nothing changes unseen: a number whose text changed has an audit row,
 * so the record's History shows it as typed and as stored. A row whose number changed meanwhile (another
 * process) is left to that write, which sets its own forms.
 */
export async function backfillContactNumbers(db: Executor): Promise<ContactNumberBackfill> {
  let normalised = 0;
  let forReview = 0;
  for (const { table, recordType } of PHONE_TABLES) {
    const missing = await db.execute<Row>(
      sql`select id, contact_number, contact_number_digits from ${table} where contact_number_e164 is null`,
    );
    const readable: { id: string; typed: string; stored: string; e164: string; digits: string }[] = [];
    const unreadable: { id: string; typed: string; digits: string; digitsChanged: boolean }[] = [];
    for (const row of missing.rows) {
      const e164 = phoneToE164(row.contact_number);
      const digits = contactNumberDigits(row.contact_number);
      if (e164)
        readable.push({
          id: row.id,
          typed: row.contact_number,
          stored: formatPhoneNumber(row.contact_number),
          e164,
          digits,
        });
      else
        unreadable.push({
          id: row.id,
          typed: row.contact_number,
          digits,
          digitsChanged: row.contact_number_digits !== digits,
        });
    }
    for (let i = 0; i < readable.length; i += BATCH) {
      const values = sql.join(
        readable.slice(i, i + BATCH).map((r) => sql`(${r.id}::uuid, ${r.typed}, ${r.stored}, ${r.e164}, ${r.digits})`),
        sql`, `,
      );
      // Each number rewritten is in the record's history, as typed and as stored, by no user (the system).
      await db.execute(sql`
        with v(id, typed, stored, e164, digits) as (values ${values}),
        rewritten as (
          update ${table} set contact_number = v.stored, contact_number_e164 = v.e164, contact_number_digits = v.digits
          from v
          where ${table}.id = v.id and ${table}.contact_number = v.typed and ${table}.contact_number_e164 is null
          returning ${table}.id
        )
        insert into ${auditLogs} (user_id, action, resource_type, resource_id, old_values, new_values)
        select null, ${NORMALISED_ACTION}, ${recordType.toUpperCase()}, v.id::text,
          jsonb_build_object('contactNumber', v.typed), jsonb_build_object('contactNumber', v.stored)
        from v join rewritten on rewritten.id = v.id
        where v.typed <> v.stored`);
    }
    const digitsToSet = unreadable.filter((r) => r.digitsChanged);
    for (let i = 0; i < digitsToSet.length; i += BATCH) {
      const values = sql.join(
        digitsToSet.slice(i, i + BATCH).map((r) => sql`(${r.id}::uuid, ${r.typed}, ${r.digits})`),
        sql`, `,
      );
      await db.execute(sql`
        update ${table} set contact_number_digits = v.digits
        from (values ${values}) as v(id, typed, digits)
        where ${table}.id = v.id and ${table}.contact_number = v.typed and ${table}.contact_number_e164 is null`);
    }
    for (let i = 0; i < unreadable.length; i += BATCH) {
      const values = unreadable
        .slice(i, i + BATCH)
        .map((r) => ({ recordType, recordId: r.id, contactNumber: r.typed }));
      await db
        .insert(phoneNumberReview)
        .values(values)
        .onConflictDoUpdate({
          target: [phoneNumberReview.recordType, phoneNumberReview.recordId],
          set: { contactNumber: sql`excluded.contact_number`, foundAt: sql`now()` },
          setWhere: sql`${phoneNumberReview.contactNumber} <> excluded.contact_number`,
        });
    }
    // A reviewed number now read (edited, or known to a newer libphonenumber), or its record purged.
    await db.execute(sql`
      delete from ${phoneNumberReview} r where r.record_type = ${recordType}
        and not exists (select 1 from ${table} t where t.id = r.record_id and t.contact_number_e164 is null)`);
    normalised += readable.length;
    forReview += unreadable.length;
  }
  return { normalised, forReview };
}
