// The large load's invoices (issue 13 item 8): `count` invoices over the live clients (and some leads)
// already loaded, in every state, inserted in batches with their payments; and for Finance's Receipts &
// Credits lists (issue 25 item 3) a receipt of every payment, and half the cancelled invoices paid in full
// before their credit note refunded that money (the credit notes come with every cancelled invoice).
import { centsOf } from '@crm/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { creditNotes, invoicePayments, invoices, receipts, refunds } from '../db/schema/index.ts';
import { receiptValuesOf } from '../features/invoices/invoices.repository.ts';
import { generateInvoice, insertInvoices, takeNumbers } from './invoice-generator.ts';
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
    await loadMoneyDocuments(db, await insertInvoices(db, batch));
  }
}

const CHUNK = 500;

/** The receipts and refunds of the invoices `ids`, numbered and dated as the API would have made them. */
async function loadMoneyDocuments(db: Executor, ids: readonly string[]): Promise<void> {
  // Every other cancelled invoice (by number, so the same ones each run) was paid in full, then refunded.
  const cancelled = await db
    .select({ invoice: invoices, noteId: creditNotes.id })
    .from(invoices)
    .innerJoin(creditNotes, eq(creditNotes.invoiceId, invoices.id))
    .where(and(inArray(invoices.id, [...ids]), eq(invoices.state, 'cancelled')))
    .orderBy(invoices.invoiceNumber);
  const refunded = cancelled.filter((_, i) => i % 2 === 0);
  for (let i = 0; i < refunded.length; i += CHUNK) {
    const part = refunded.slice(i, i + CHUNK);
    const paid = await db
      .insert(invoicePayments)
      .values(
        part.map(({ invoice }) => ({
          invoiceId: invoice.id,
          paymentDate: invoice.issueDate,
          amount: invoice.total,
          method: 'Bank Transfer',
          createdAt: invoice.createdAt,
          createdBy: invoice.createdBy,
        })),
      )
      .returning({ id: invoicePayments.id });
    await db.insert(refunds).values(
      part.map(({ invoice, noteId }, j) => ({
        refundDate: invoice.issueDate,
        amount: invoice.total,
        currency: invoice.currency,
        method: 'Bank Transfer',
        reference: `EFT ${invoice.invoiceNumber.replace(/\D/g, '')}`,
        clientName: invoice.clientName,
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        paymentId: paid[j]!.id,
        creditNoteId: noteId,
        creditNoteNumber: invoice.creditNoteNumber,
        createdAt: invoice.createdAt,
        createdBy: invoice.createdBy,
      })),
    );
    await db
      .update(creditNotes)
      .set({ refunded: sql`${creditNotes.total}` })
      .where(
        inArray(
          creditNotes.id,
          part.map((p) => p.noteId),
        ),
      );
  }

  // A receipt of each payment on an invoice not cancelled, in the order the money came.
  const payments = await db
    .select({ invoice: invoices, payment: invoicePayments })
    .from(invoices)
    .innerJoin(invoicePayments, eq(invoicePayments.invoiceId, invoices.id))
    .where(and(inArray(invoices.id, [...ids]), sql`${invoices.state} <> 'cancelled'`))
    .orderBy(invoicePayments.paymentDate, invoicePayments.id);
  if (payments.length === 0) return;
  const first = await takeNumbers(db, 'receipt', payments.length);
  for (let i = 0; i < payments.length; i += CHUNK) {
    await db.insert(receipts).values(
      payments.slice(i, i + CHUNK).map(({ invoice, payment }, j) => {
        const position = {
          earlierPayments: [],
          credited: 0n,
          balanceDue: centsOf(invoice.total) - centsOf(payment.amount),
        };
        return {
          ...receiptValuesOf(invoice, payment, position, first + i + j, invoice.createdBy),
          createdAt: payment.createdAt,
        };
      }),
    );
  }
}
