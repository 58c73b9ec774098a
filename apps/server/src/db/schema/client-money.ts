// A client ledger's entries (docs/decisions/0023): each names the invoice, payment, credit note or refund
// it came from. The ledgers themselves are in client-ledgers.ts, which the invoices' tables also reference.
import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { clientLedgers } from './client-ledgers.ts';
import { id, timestamptz } from './columns.ts';
import { creditNotes, invoicePayments, invoices, refunds } from './invoices.ts';

/** Money into (received, kept from a credited invoice) and out of (applied to an invoice, refunded) a ledger. */
export const clientLedgerEntries = pgTable(
  'client_ledger_entries',
  {
    id: id(),
    ledgerId: uuid()
      .notNull()
      .references(() => clientLedgers.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    entryDate: date({ mode: 'string' }).notNull(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    method: text(),
    reference: text(),
    invoiceId: uuid().references(() => invoices.id, { onDelete: 'set null' }),
    /** The invoice payment the money came out of (from_invoice) or became (to_invoice). */
    paymentId: uuid().references(() => invoicePayments.id, { onDelete: 'set null' }),
    creditNoteId: uuid().references(() => creditNotes.id, { onDelete: 'set null' }),
    refundId: uuid().references(() => refunds.id, { onDelete: 'set null' }),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: uuid(),
  },
  (t) => [
    check('client_ledger_entries_amount', sql`${t.amount} > 0`),
    check('client_ledger_entries_kind', sql`${t.kind} in ('received', 'from_invoice', 'to_invoice', 'refunded')`),
    index('client_ledger_entries_ledger_idx').on(t.ledgerId, t.createdAt, t.id),
    index('client_ledger_entries_payment_idx').on(t.paymentId),
    index('client_ledger_entries_invoice_idx').on(t.invoiceId),
  ],
);
