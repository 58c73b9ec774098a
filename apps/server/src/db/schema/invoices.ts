// Invoices, their payments and receipts (spec 3 §3 "Invoice", "Invoice item", "Receipt"; issue 13). Money is
// numeric(14,2) as decimal strings; the figures are computed by the domain's invoiceTotals on every save.
// An invoice may bill a lead or a client (at most one); conversion and reversion move it with the record
// (features/records/child-records.ts). It is the firm's accounting record: deleting or purging the record
// leaves it (the link is cleared; the invoice keeps the client's name and address it was issued to).
// Numbers come from document_counters, taken inside the saving transaction: unique, never reused, and
// without gaps for receipts (a rolled-back save gives its number back with its row lock).
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, id, prefixSearchKey, timestamptz } from './columns.ts';
import { clients } from './clients.ts';
import { leads } from './leads.ts';

/** An invoice line as stored (amounts as decimal strings). */
export type StoredInvoiceItem = {
  description: string;
  quantity: string;
  rate: string;
  amount: string;
  taxable: boolean;
  serviceId: string | null;
};

/** The Invoices tab's search text (3+ letters, trigram): number, client name and email. */
export const invoiceSearchText = (t: {
  invoiceNumber: AnyPgColumn;
  clientName: AnyPgColumn;
  clientEmail: AnyPgColumn;
}) => sql`lower(${t.invoiceNumber} || ' ' || ${t.clientName} || ' ' || coalesce(${t.clientEmail}, ''))`;

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    invoiceNumber: text().notNull(),
    leadId: uuid().references(() => leads.id, { onDelete: 'set null' }),
    clientId: uuid().references(() => clients.id, { onDelete: 'set null' }),
    issueDate: date({ mode: 'string' }).notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    clientName: text().notNull(),
    clientEmail: text(),
    clientAddress: text().notNull(),
    templateId: uuid(),
    currency: text().notNull().default('AUD'),
    applyTax: boolean().notNull().default(true),
    /** Percent, two decimals (10.00 GST, 12.00 VAT). */
    taxRate: numeric({ precision: 5, scale: 2 }).notNull(),
    items: jsonb().$type<StoredInvoiceItem[]>().notNull(),
    taxableSubtotal: numeric({ precision: 14, scale: 2 }).notNull(),
    nonTaxableSubtotal: numeric({ precision: 14, scale: 2 }).notNull(),
    tax: numeric({ precision: 14, scale: 2 }).notNull(),
    total: numeric({ precision: 14, scale: 2 }).notNull(),
    amountPaid: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    /** drafts | partially_paid | paid | cancelled (overdue is derived). */
    state: text().notNull().default('drafts'),
    /** The day it was paid in full. */
    paymentDate: date({ mode: 'string' }),
    notes: text(),
    terms: text(),
    sentAt: timestamptz(),
    cancelledAt: timestamptz(),
    creditNoteNumber: text(),
    cancelReason: text(),
    deletedAt: timestamptz(),
    deletedBy: uuid(),
    ...auditColumns(),
  },
  (t) => [
    check('invoices_one_record', sql`num_nonnulls(${t.leadId}, ${t.clientId}) <= 1`),
    check('invoices_state', sql`${t.state} in ('drafts', 'partially_paid', 'paid', 'cancelled')`),
    check('invoices_amounts', sql`${t.total} >= 0 and ${t.amountPaid} >= 0 and ${t.amountPaid} <= ${t.total}`),
    // Numbers are unique for ever: a deleted invoice keeps its number.
    uniqueIndex('invoices_number_key').on(t.invoiceNumber),
    uniqueIndex('invoices_credit_note_key').on(t.creditNoteNumber),
    // The tabs, newest first: all, by state; overdue reads unpaid ones by due date.
    index('invoices_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('invoices_state_created_idx')
      .on(t.state, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('invoices_unpaid_due_idx')
      .on(t.dueDate, t.id)
      .where(sql`${t.deletedAt} is null and ${t.state} in ('drafts', 'partially_paid')`),
    index('invoices_search_idx')
      .using('gin', sql`${invoiceSearchText(t)} gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    index('invoices_number_prefix_idx')
      .on(sql`${prefixSearchKey(t.invoiceNumber)} text_pattern_ops`)
      .where(sql`${t.deletedAt} is null`),
    index('invoices_client_prefix_idx')
      .on(sql`${prefixSearchKey(t.clientName)} text_pattern_ops`)
      .where(sql`${t.deletedAt} is null`),
    index('invoices_lead_idx').on(t.leadId),
    index('invoices_client_idx').on(t.clientId),
    // Deleted Items reads the deleted rows only.
    index('invoices_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
  ],
);

/** A payment recorded against an invoice (partial or full). */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    paymentDate: date({ mode: 'string' }).notNull(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    method: text().notNull(),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: uuid(),
  },
  (t) => [
    check('invoice_payments_amount', sql`${t.amount} > 0`),
    index('invoice_payments_invoice_idx').on(t.invoiceId),
  ],
);

/** A receipt: what the invoice said when it was paid, repeated exactly (DECISIONS §2), with its own number. */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    receiptNumber: text().notNull(),
    /** The receipt's place in the gap-free sequence. */
    sequence: bigint({ mode: 'number' }).notNull(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id),
    paymentId: uuid().references(() => invoicePayments.id),
    invoiceNumber: text().notNull(),
    clientName: text().notNull(),
    clientEmail: text(),
    clientAddress: text().notNull(),
    issueDate: date({ mode: 'string' }).notNull(),
    paymentDate: date({ mode: 'string' }).notNull(),
    items: jsonb().$type<StoredInvoiceItem[]>().notNull(),
    subtotal: numeric({ precision: 14, scale: 2 }).notNull(),
    tax: numeric({ precision: 14, scale: 2 }).notNull(),
    total: numeric({ precision: 14, scale: 2 }).notNull(),
    currency: text().notNull(),
    applyTax: boolean().notNull(),
    taxRate: numeric({ precision: 5, scale: 2 }).notNull(),
    paymentMethod: text().notNull(),
    amountPaid: numeric({ precision: 14, scale: 2 }).notNull(),
    notes: text(),
    deletedAt: timestamptz(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('receipts_number_key').on(t.receiptNumber),
    uniqueIndex('receipts_sequence_key').on(t.sequence),
    index('receipts_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('receipts_invoice_idx').on(t.invoiceId),
  ],
);

/** The next number of each document kind ('invoice', 'receipt', 'credit_note'), taken under a row lock. */
export const documentCounters = pgTable('document_counters', {
  name: text().primaryKey(),
  lastValue: bigint({ mode: 'number' }).notNull().default(0),
});

/**
 * Invoice templates (spec 3 §3): currency, tax, the business details and logo an invoice made from one
 * prints. The four built-in presets come with migration 0023 (built_in: edited, never deleted).
 */
export const invoiceTemplates = pgTable(
  'invoice_templates',
  {
    id: id(),
    name: text().notNull(),
    description: text(),
    currency: text().notNull().default('AUD'),
    applyTax: boolean().notNull().default(true),
    companyName: text(),
    companyAddress: text(),
    companyAbn: text(),
    /** The logo behind the storage interface. */
    logoKey: text(),
    builtIn: boolean().notNull().default(false),
    deletedAt: timestamptz(),
    ...auditColumns(),
  },
  (t) => [
    index('invoice_templates_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
  ],
);
