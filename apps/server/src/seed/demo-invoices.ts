// Demo invoices (README "Demo data"; issue 13 item 7): on most demo clients and a few leads (a consultation
// fee before conversion), in AUD and PHP in every state, some overdue; a receipt for each paid one; and the
// firm's business details with the ATO's sample ABN, so a tax invoice prints whole. Seeded once into an
// empty table (a firm that deleted its invoices does not get demo ones back).
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { centsOf, DEFAULT_GENERAL_SETTINGS } from '@crm/domain';
import type { Database } from '../db/database.ts';
import { auditLogs, clients, invoicePayments, invoices, leads, receipts, systemSettings } from '../db/schema/index.ts';
import { nextNumber, receiptValuesOf } from '../features/invoices/invoices.repository.ts';
import { readFirmToday, writeSetting } from '../platform/settings/settings.repository.ts';
import { seedDemoMoneyStory } from './demo-money.ts';
import { type GeneratedInvoice, generateInvoice, insertInvoices } from './invoice-generator.ts';
import { createRandom } from './lead-generator.ts';

const DEMO_SEED = 20_261_125;

/** The demo firm: the ATO's published sample ABN (it passes the checksum). */
export const DEMO_FIRM = {
  ...DEFAULT_GENERAL_SETTINGS,
  companyName: 'Southern Cross Migration Advisers',
  companyEmail: 'accounts@southerncross.example.com',
  abn: '51824753556',
  addressLine1: 'Level 12, 1 Martin Place',
  city: 'Sydney',
  state: 'NSW',
  postalCode: '2000',
  country: 'Australia',
  phone: '+61 2 9000 1234',
  website: 'southerncross.example.com',
};

const addressOf = (r: { street1: string | null; city: string | null; country: string | null }) =>
  [r.street1, r.city, r.country].filter(Boolean).join(', ') || 'Address to be confirmed';

export async function seedDemoInvoices(db: Database): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(invoices);
  const [history] = await db
    .select({ n: count() })
    .from(auditLogs)
    .where(sql`${auditLogs.resourceType} = 'INVOICE'`);
  if ((existing?.n ?? 0) > 0 || (history?.n ?? 0) > 0) return 0;
  const [settings] = await db
    .select({ key: systemSettings.settingKey })
    .from(systemSettings)
    .where(eq(systemSettings.settingKey, 'general_settings'));
  if (!settings) await writeSetting(db, 'general_settings', DEMO_FIRM, null);

  const random = createRandom(DEMO_SEED);
  const today = await readFirmToday(db);
  const person = { street1: clients.street1, city: clients.city, country: clients.country };
  const clientRows = await db
    .select({
      id: clients.id,
      first: clients.firstName,
      last: clients.lastName,
      email: clients.email,
      createdBy: clients.createdBy,
      ...person,
    })
    .from(clients)
    .where(sql`${clients.deletedAt} is null and ${clients.status} <> 'Reverted'`)
    .orderBy(clients.id);
  const leadRows = await db
    .select({
      id: leads.id,
      first: leads.firstName,
      last: leads.lastName,
      email: leads.email,
      createdBy: leads.createdBy,
      country: leads.countryOfResidence,
    })
    .from(leads)
    .where(sql`${leads.deletedAt} is null and ${leads.archivedAt} is null and ${leads.convertedToClientId} is null`)
    .orderBy(leads.id);
  const generated: GeneratedInvoice[] = [
    ...clientRows
      .filter(() => random.chance(0.7))
      .flatMap((c) =>
        Array.from({ length: random.int(1, 2) }, () =>
          generateInvoice(
            random,
            {
              clientId: c.id,
              name: `${c.first} ${c.last}`,
              email: c.email,
              address: addressOf(c),
              createdBy: c.createdBy,
            },
            today,
          ),
        ),
      ),
    ...leadRows
      .filter(() => random.chance(0.08))
      .map((l) =>
        generateInvoice(
          random,
          {
            leadId: l.id,
            name: `${l.first} ${l.last}`,
            email: l.email,
            address: addressOf({ street1: null, city: null, country: l.country }),
            createdBy: l.createdBy,
          },
          today,
        ),
      ),
  ];
  if (generated.length === 0) return 0;
  await seedDemoMoneyStory(db);
  await db.transaction(async (tx) => {
    const ids = await insertInvoices(tx, generated);
    // A receipt for each paid invoice, repeating it, numbered from the receipt sequence.
    const paid = await tx
      .select({ invoice: invoices, payment: invoicePayments })
      .from(invoices)
      .innerJoin(invoicePayments, eq(invoicePayments.invoiceId, invoices.id))
      .where(and(eq(invoices.state, 'paid'), inArray(invoices.id, ids)))
      .orderBy(invoicePayments.paymentDate);
    for (const { invoice, payment } of paid) {
      const sequence = await nextNumber(tx, 'receipt');
      const position = {
        earlierPayments: [],
        credited: 0n,
        balanceDue: centsOf(invoice.total) - centsOf(payment.amount),
      };
      await tx.insert(receipts).values({
        ...receiptValuesOf(invoice, payment, position, sequence, invoice.createdBy),
        createdAt: payment.createdAt,
      });
    }
  });
  return generated.length;
}
