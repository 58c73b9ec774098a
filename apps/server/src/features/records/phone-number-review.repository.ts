// The numbers awaiting review (decision 0005): phone_number_review rows whose record still holds a number
// that does not read. A record corrected since, or gone, drops out at once (the back-fill clears its row
// at the next start).
import { sql } from 'drizzle-orm';
import { PHONE_REVIEW_LIMIT, type PhoneNumberReview, type PhoneReviewRecordType } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { PHONE_TABLES } from '../../db/backfill-contact-numbers.ts';
import { phoneNumberReview } from '../../db/schema/index.ts';

type Row = {
  record_type: PhoneReviewRecordType;
  record_id: string;
  name: string;
  email: string;
  contact_number: string;
  found_at: Date | string;
  total: number | string;
};

export async function listPhoneNumberReview(db: Executor): Promise<PhoneNumberReview> {
  const branches = sql.join(
    PHONE_TABLES.map(
      ({ table, recordType }) => sql`
        select r.record_type, r.record_id, t.first_name || ' ' || t.last_name as name, t.email,
          t.contact_number, r.found_at
        from ${phoneNumberReview} r join ${table} t on t.id = r.record_id
        where r.record_type = ${recordType} and t.contact_number_e164 is null`,
    ),
    sql` union all `,
  );
  const result = await db.execute<Row>(sql`
    select *, count(*) over () as total from (${branches}) as pending
    order by found_at, record_type, record_id limit ${PHONE_REVIEW_LIMIT}`);
  return {
    items: result.rows.map((r) => ({
      recordType: r.record_type,
      recordId: r.record_id,
      name: r.name,
      email: r.email,
      contactNumber: r.contact_number,
      foundAt: new Date(r.found_at).toISOString(),
    })),
    total: Number(result.rows[0]?.total ?? 0),
  };
}
