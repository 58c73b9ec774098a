// The large load's invoices (issue 13 item 8): `count` invoices over the live clients (and some leads)
// already loaded, in every state, inserted in batches with their payments.
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { generateInvoice } from './invoice-generator.ts';
import { insertInvoices } from './invoice-generator.ts';
import type { Random } from './lead-generator.ts';

const BATCH = 2_000;

export async function loadInvoices(db: Executor, random: Random, count: number, today: string): Promise<void> {
  if (count <= 0) return;
  const owners = await db.execute<{
    kind: 'lead' | 'client';
    id: string;
    name: string;
    email: string;
    country: string | null;
    created_by: string | null;
  }>(sql`
    select 'client' as kind, id, first_name || ' ' || last_name as name, email, country_of_residence as country, created_by
      from clients where deleted_at is null and status <> 'Reverted'
    union all
    (select 'lead', id, first_name || ' ' || last_name, email, country_of_residence, created_by
      from leads where deleted_at is null and converted_to_client_id is null order by id limit 20000)
    order by 2`);
  const records = owners.rows;
  if (records.length === 0) return;
  for (let done = 0; done < count; done += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - done) }, () => {
      const owner = records[random.int(0, records.length - 1)]!;
      return generateInvoice(
        random,
        {
          ...(owner.kind === 'lead' ? { leadId: owner.id } : { clientId: owner.id }),
          name: owner.name,
          email: owner.email,
          address: owner.country ?? 'Address to be confirmed',
          createdBy: owner.created_by,
        },
        today,
      );
    });
    await insertInvoices(db, batch);
  }
}
