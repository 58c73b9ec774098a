// Invoices, their payments and receipts (spec 3 §3 "Invoice", "Invoice item", "Receipt"; issue 13). Money is
// numeric(14,2) as decimal strings; the figures are computed by the domain's invoiceTotals on every save.
// An invoice may bill a lead or a client (at most one); conversion and reversion move it with the record
// (features/record-kit/child-records.repository.ts). It is the firm's accounting record: deleting or purging the record
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
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clientLedgers } from './client-ledgers.ts';
import { auditColumns, id, prefixSearchKey, timestamptz } from './columns.ts';
import { clients } from './clients.ts';
import { leads } from './leads.ts';
import { services } from './services.ts';

/** An invoice line as stored (amounts as decimal strings). */
export type StoredInvoiceItem = {
  description: string;
  quantity: string;
  rate: string;
  amount: string;
  taxable: boolean;
  /** Since migration 0037 on every line (older lines: from `taxable`, docs/decisions/0024). */
  taxTreatment: 'taxable' | 'government_charge' | 'gst_free';
  /** Why the line's treatment differs from the billed service's. */
  treatmentReason: string | null;
  serviceId: string | null;
};

/** A credit note's line: the invoice line's place, its description and the amount credited before tax. */
export type StoredCreditLine = { index: number; description: string; amount: string; taxable: boolean };

/** A payment a receipt lists before its own. */
export type StoredEarlierPayment = {
  paymentDate: string;
  amount: string;
  method: string;
  kind: 'payment' | 'client_credit';
};

/** The receipts list's search text (3+ letters, trigram): receipt and invoice numbers, client name. */
export const receiptSearchText = (t: {
  receiptNumber: AnyPgColumn;
  invoiceNumber: AnyPgColumn;
  clientName: AnyPgColumn;
}) => sql`lower(${t.receiptNumber} || ' ' || ${t.invoiceNumber} || ' ' || ${t.clientName})`;

/** The credit notes list's search text: credit note and invoice numbers, client name, reason. */
export const creditNoteSearchText = (t: {
  creditNoteNumber: AnyPgColumn;
  invoiceNumber: AnyPgColumn;
  clientName: AnyPgColumn;
  reason: AnyPgColumn;
}) => sql`lower(${t.creditNoteNumber} || ' ' || ${t.invoiceNumber} || ' ' || ${t.clientName} || ' ' || ${t.reason})`;

/** The refunds list's search text: client name, invoice and credit note numbers, reference. */
export const refundSearchText = (t: {
  clientName: AnyPgColumn;
  invoiceNumber: AnyPgColumn;
  creditNoteNumber: AnyPgColumn;
  reference: AnyPgColumn;
}) =>
  sql`lower(${t.clientName} || ' ' || coalesce(${t.invoiceNumber}, '') || ' ' || coalesce(${t.creditNoteNumber}, '') || ' ' || coalesce(${t.reference}, ''))`;

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
    /**
     * Net received: payments and client credit applied, less refunds and amounts moved to the client's
     * ledger (kept equal to its rows by the money functions; the property test checks it).
     */
    amountPaid: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    /** The totals of its credit notes. */
    credited: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    /** drafts | partially_paid | paid | cancelled (overdue and sent are derived). */
    state: text().notNull().default('drafts'),
    /** The day it was paid in full. */
    paymentDate: date({ mode: 'string' }),
    notes: text(),
    terms: text(),
    sentAt: timestamptz(),
    cancelledAt: timestamptz(),
    /** The credit note that cancelled it (all that was left) and its reason. */
    creditNoteNumber: text(),
    cancelReason: text(),
    deletedAt: timestamptz(),
    deletedBy: uuid(),
    ...auditColumns(),
  },
  (t) => [
    check('invoices_one_record', sql`num_nonnulls(${t.leadId}, ${t.clientId}) <= 1`),
    check('invoices_state', sql`${t.state} in ('drafts', 'partially_paid', 'paid', 'cancelled')`),
    // The balance due (total − credited − net received) is never below zero.
    check(
      'invoices_money',
      sql`${t.total} >= 0 and ${t.amountPaid} >= 0 and ${t.credited} >= 0 and ${t.amountPaid} + ${t.credited} <= ${t.total}`,
    ),
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

/**
 * Money on an invoice: a fee payment received against it ('payment'), or client money applied from the
 * record's ledger ('client_credit', with the ledger it came from). Never changed: a credit note returns money
 * by a refund or a move to the ledger, each naming the payment it comes out of.
 */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: id(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    kind: text().notNull().default('payment'),
    paymentDate: date({ mode: 'string' }).notNull(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    method: text().notNull(),
    reference: text(),
    ledgerId: uuid().references((): AnyPgColumn => clientLedgers.id, { onDelete: 'set null' }),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: uuid(),
  },
  (t) => [
    check('invoice_payments_amount', sql`${t.amount} > 0`),
    check('invoice_payments_kind', sql`${t.kind} in ('payment', 'client_credit')`),
    index('invoice_payments_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * A credit note (an adjustment note for a tax invoice): its own gap-free number, the lines it credits and
 * the tax it adjusts, with what the original invoice said, so it prints whole whatever changes later.
 */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    creditNoteNumber: text().notNull(),
    sequence: bigint({ mode: 'number' }).notNull(),
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id),
    issueDate: date({ mode: 'string' }).notNull(),
    reason: text().notNull(),
    /** It credits all that was left of the invoice (Cancel with credit note). */
    cancels: boolean().notNull(),
    /** The invoice was a tax invoice: the note is an adjustment note. */
    ofTaxInvoice: boolean().notNull(),
    lines: jsonb().$type<StoredCreditLine[]>().notNull(),
    taxableAmount: numeric({ precision: 14, scale: 2 }).notNull(),
    nonTaxableAmount: numeric({ precision: 14, scale: 2 }).notNull(),
    tax: numeric({ precision: 14, scale: 2 }).notNull(),
    total: numeric({ precision: 14, scale: 2 }).notNull(),
    currency: text().notNull(),
    applyTax: boolean().notNull(),
    taxRate: numeric({ precision: 5, scale: 2 }).notNull(),
    invoiceNumber: text().notNull(),
    invoiceIssueDate: date({ mode: 'string' }).notNull(),
    invoiceTotal: numeric({ precision: 14, scale: 2 }).notNull(),
    clientName: text().notNull(),
    clientAddress: text().notNull(),
    refunded: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    movedToClientCredit: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    ...auditColumns(),
  },
  (t) => [
    check('credit_notes_amounts', sql`${t.total} >= 0 and ${t.tax} >= 0`),
    uniqueIndex('credit_notes_number_key').on(t.creditNoteNumber),
    uniqueIndex('credit_notes_sequence_key').on(t.sequence),
    index('credit_notes_invoice_idx').on(t.invoiceId),
    index('credit_notes_created_idx').on(t.createdAt, t.id),
    index('credit_notes_issue_idx').on(t.issueDate, t.id),
    index('credit_notes_number_idx').on(t.creditNoteNumber, t.id),
    index('credit_notes_search_idx').using('gin', sql`${creditNoteSearchText(t)} gin_trgm_ops`),
    index('credit_notes_number_prefix_idx').on(sql`${prefixSearchKey(t.creditNoteNumber)} text_pattern_ops`),
    index('credit_notes_invoice_prefix_idx').on(sql`${prefixSearchKey(t.invoiceNumber)} text_pattern_ops`),
    index('credit_notes_client_prefix_idx').on(sql`${prefixSearchKey(t.clientName)} text_pattern_ops`),
  ],
);

/**
 * Money paid back to a client: out of an invoice's money by a credit note (naming the payment it returns),
 * or out of the client's ledger.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    refundDate: date({ mode: 'string' }).notNull(),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
    currency: text().notNull(),
    method: text().notNull(),
    reference: text(),
    clientName: text().notNull(),
    invoiceId: uuid().references(() => invoices.id),
    invoiceNumber: text(),
    paymentId: uuid().references(() => invoicePayments.id),
    creditNoteId: uuid().references(() => creditNotes.id),
    creditNoteNumber: text(),
    ledgerId: uuid().references((): AnyPgColumn => clientLedgers.id, { onDelete: 'set null' }),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: uuid(),
  },
  (t) => [
    check('refunds_amount', sql`${t.amount} > 0`),
    index('refunds_created_idx').on(t.createdAt, t.id),
    index('refunds_date_idx').on(t.refundDate, t.id),
    index('refunds_invoice_idx').on(t.invoiceId),
    index('refunds_ledger_idx').on(t.ledgerId),
    index('refunds_search_idx').using('gin', sql`${refundSearchText(t)} gin_trgm_ops`),
    index('refunds_client_prefix_idx').on(sql`${prefixSearchKey(t.clientName)} text_pattern_ops`),
  ],
);

/**
 * Which services the money on an invoice pays (issue 25: the net received, in line order, each line up to
 * its uncredited amount): rewritten whenever the invoice's money changes; a service's invoice_paid_amount is
 * the sum of its rows.
 */
export const invoiceAllocations = pgTable(
  'invoice_allocations',
  {
    invoiceId: uuid()
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    serviceId: uuid()
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    amount: numeric({ precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceId, t.serviceId] }),
    check('invoice_allocations_amount', sql`${t.amount} > 0`),
    index('invoice_allocations_service_idx').on(t.serviceId),
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
    paymentKind: text().notNull().default('payment'),
    reference: text(),
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
    /** The money received on the invoice before this payment, in the order it came. */
    earlierPayments: jsonb().$type<StoredEarlierPayment[]>().notNull().default([]),
    /** Credited by credit notes before this payment. */
    credited: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    /** What was still due once this payment was received. */
    balanceDue: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    notes: text(),
    deletedAt: timestamptz(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('receipts_number_key').on(t.receiptNumber),
    uniqueIndex('receipts_sequence_key').on(t.sequence),
    // One live receipt per payment, whatever races (the payment row is locked first; this is the backstop).
    uniqueIndex('receipts_payment_live_key')
      .on(t.paymentId)
      .where(sql`${t.deletedAt} is null`),
    index('receipts_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('receipts_payment_date_idx')
      .on(t.paymentDate, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('receipts_number_idx')
      .on(t.receiptNumber, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('receipts_search_idx')
      .using('gin', sql`${receiptSearchText(t)} gin_trgm_ops`)
      .where(sql`${t.deletedAt} is null`),
    index('receipts_number_prefix_idx')
      .on(sql`${prefixSearchKey(t.receiptNumber)} text_pattern_ops`)
      .where(sql`${t.deletedAt} is null`),
    index('receipts_invoice_prefix_idx')
      .on(sql`${prefixSearchKey(t.invoiceNumber)} text_pattern_ops`)
      .where(sql`${t.deletedAt} is null`),
    index('receipts_client_prefix_idx')
      .on(sql`${prefixSearchKey(t.clientName)} text_pattern_ops`)
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
