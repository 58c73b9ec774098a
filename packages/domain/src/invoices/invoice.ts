// Invoices (spec 3 §2.2, §3 "Invoice", "Invoice item", §4, §5, §8, §9; DECISIONS.md §2): the statuses, the
// messages, the form / API schema and the API's invoice. The figures come from invoice-totals.ts, computed
// by the server on every save: an input carries no subtotal, tax or total (a sent one is ignored).
import { z } from 'zod';
import { mailReceiptSchema } from '../mail/mail-log.ts';
import { BADGE_COLOURS, type BadgeLook, filledBadge } from '../records/badge-look.ts';
import { optionalText, requiredDate, versionField } from '../records/fields.ts';
import { centsOf, CURRENCIES, DEFAULT_CURRENCY, MAX_MONEY_CENTS, moneyField, parseMoney } from '../money/money.ts';
import { listQueryBase } from '../records/list-query.ts';
import { pageSchemaOf } from '../records/pagination.ts';
import { parseHundredths } from './invoice-totals.ts';
import {
  INVOICE_MONEY_MESSAGES,
  INVOICE_STATES,
  type InvoiceState,
  MONEY_ACTIONS,
  PAYMENT_KINDS,
} from './invoice-money.ts';
import {
  isTaxedTreatment,
  SERVICE_TYPE_MESSAGES,
  TAX_TREATMENTS,
  treatmentOfTaxable,
  TREATMENT_REASON_MAX,
} from '../services/service-type.ts';

/** What the lists and badges show. */
export const INVOICE_STATUSES = ['drafts', 'sent', 'overdue', 'partially_paid', 'paid', 'cancelled'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  drafts: 'Draft',
  sent: 'Sent',
  overdue: 'Overdue',
  partially_paid: 'Partially Paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

export const INVOICE_STATUS_LOOKS: Record<InvoiceStatus, BadgeLook> = {
  drafts: { variant: 'default' },
  sent: filledBadge(BADGE_COLOURS.blue),
  overdue: filledBadge(BADGE_COLOURS.red),
  partially_paid: filledBadge(BADGE_COLOURS.orange),
  paid: filledBadge(BADGE_COLOURS.green),
  cancelled: filledBadge(BADGE_COLOURS.grey),
};

/** The Invoices tab's tabs (spec 3 §2.2). */
export const INVOICE_TABS = ['all', 'drafts', 'paid', 'overdue'] as const;
export type InvoiceTab = (typeof INVOICE_TABS)[number];

/**
 * Spec 3 §4, DECISIONS §2: the status shown, on the firm's date. An unpaid invoice that was sent reads Sent
 * (never Draft): it can no longer be deleted, only credited.
 */
export function invoiceStatusOf(
  invoice: { state: InvoiceState; dueDate: string; sentAt: string | Date | null },
  today: string,
): InvoiceStatus {
  if (invoice.state === 'paid' || invoice.state === 'cancelled') return invoice.state;
  if (invoice.dueDate < today) return 'overdue';
  if (invoice.state === 'drafts' && invoice.sentAt !== null) return 'sent';
  return invoice.state;
}

export const INVOICE_ENTITY_TYPES = ['lead', 'client'] as const;
export type InvoiceEntityType = (typeof INVOICE_ENTITY_TYPES)[number];

export const PAYMENT_METHODS = ['Bank Transfer', 'Card', 'Cash', 'Cheque', 'GCash', 'Other'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Spec 3 §9. */
export const INVOICE_DEFAULTS = {
  dueInDays: 14,
  notes: 'Thank you for your business!',
  terms: 'Payment is due within 14 days',
  numberPrefix: 'INV-',
  receiptPrefix: 'RCP-',
  creditNotePrefix: 'CN-',
} as const;

export const INVOICE_MESSAGES = {
  numberRequired: 'Invoice number is required',
  clientNameRequired: 'Client name is required',
  invalidEmail: 'Invalid email',
  clientAddressRequired: 'Client address is required',
  issueDateRequired: 'Issue date is required',
  dueDateRequired: 'Due date is required',
  descriptionRequired: 'Description is required',
  quantityTooSmall: 'Quantity must be more than 0',
  rateNegative: 'Rate must be at least 0',
  itemsRequired: 'At least one item is required',
  lastItem: 'You must have at least one item',
  taxRateRange: 'Tax rate must be between 0 and 100',
  numberTaken: 'Another invoice already has this number',
  noEmail: 'The invoice has no client email: enter the address to send it to',
  sent: 'Invoice sent',
  created: 'Invoice created successfully',
  updated: 'Invoice updated successfully',
  deleted: 'Invoice deleted successfully',
  restored: 'Invoice restored successfully',
  purged: 'Invoice permanently deleted',
  markedPaid: 'Invoice marked as paid',
  saveFailed: 'Failed to save invoice. Please try again.',
  deleteFailed: 'Failed to delete invoice',
  markPaidFailed: 'Failed to mark invoice as paid',
  notFound: 'Invoice not found',
  readOnlyPaid: 'A paid invoice cannot be changed; only its notes can.',
  readOnlyCancelled: 'A cancelled invoice cannot be changed.',
  deleteRefused: 'An invoice that was sent or paid is never deleted: cancel it with a credit note.',
  alreadyPaid: 'This invoice is already paid',
  paymentOverTotal: 'The payments would exceed the invoice total',
  receiptUnpaid: 'Cannot generate receipt for unpaid invoice',
  receiptGenerated: 'Receipt generated successfully',
  receiptGenerateFailed: 'Failed to generate receipt',
  receiptSaved: 'Receipt saved successfully!',
  receiptDeleted: 'Receipt deleted successfully',
  receiptSaveFailed: 'Failed to save receipt',
  deleteConfirm: 'Are you sure you want to delete this invoice?',
  deleteManyConfirm: (n: number) => `Are you sure you want to delete ${n} invoice(s)?`,
  receiptDeleteConfirm: 'Are you sure you want to delete this receipt?',
  emptyAll: 'No invoices found',
  emptySearch: 'No invoices match your search.',
  emptyFirst: 'Create your first invoice to get started.',
  emptyDrafts: 'No draft invoices found',
  emptyPaid: 'No paid invoices found',
  emptyOverdue: 'No overdue invoices found',
} as const;

/** A money amount of an item or payment: a decimal string, at least 0, two decimals at most. */
const amountText = (negativeMessage: string) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const text = String(value).trim();
    const cents = parseMoney(text === '' ? '0' : text);
    if (cents === undefined || cents > MAX_MONEY_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount with at most 2 decimals' });
      return z.NEVER;
    }
    if (cents < 0n) {
      ctx.addIssue({ code: 'custom', message: negativeMessage });
      return z.NEVER;
    }
    return text === '' ? '0' : text;
  });

/** A quantity: more than 0, at most two decimals (hours of advice are often 0.5). */
const quantityText = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const hundredths = parseHundredths(String(value));
  if (hundredths === undefined || hundredths === 0n) {
    ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.quantityTooSmall });
    return z.NEVER;
  }
  return String(value).trim();
});

/**
 * A line. Its tax treatment (docs/decisions/0024) decides whether it is taxed: when `taxTreatment` is sent,
 * `taxable` is derived from it and a `taxable` sent with it is ignored; when only `taxable` is sent (clients
 * from before the treatment), taxed reads 'taxable' and untaxed 'government_charge'; neither: taxable.
 */
export const invoiceItemSchema = z
  .object({
    description: z
      .string({ error: INVOICE_MESSAGES.descriptionRequired })
      .trim()
      .min(1, INVOICE_MESSAGES.descriptionRequired)
      .max(500),
    quantity: quantityText,
    rate: amountText(INVOICE_MESSAGES.rateNegative),
    /** Kept for clients that send only this; derived from `taxTreatment` when that is sent. */
    taxable: z.boolean().optional(),
    taxTreatment: z.enum(TAX_TREATMENTS).optional(),
    /** Why the line's treatment differs from the billed service's (required then; the server checks). */
    treatmentReason: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z.string().trim().max(TREATMENT_REASON_MAX, SERVICE_TYPE_MESSAGES.reasonTooLong).nullable().optional(),
    ),
    /** The service this line bills (beyond the spec: 'Bill services'). */
    serviceId: z.uuid().nullable().optional(),
  })
  .transform(({ taxable, taxTreatment, treatmentReason, ...line }) => {
    const treatment = taxTreatment ?? treatmentOfTaxable(taxable ?? true);
    return {
      ...line,
      taxable: isTaxedTreatment(treatment),
      taxTreatment: treatment,
      treatmentReason: treatmentReason ?? null,
    };
  });
export type InvoiceItemInput = z.output<typeof invoiceItemSchema>;

/** At most this many lines on one invoice (a 200-item invoice is the benchmark's; far above any real one). */
export const MAX_INVOICE_ITEMS = 500;

const taxRateText = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const hundredths = parseHundredths(String(value));
  if (hundredths === undefined || hundredths > 10_000n) {
    ctx.addIssue({ code: 'custom', message: INVOICE_MESSAGES.taxRateRange });
    return z.NEVER;
  }
  return String(value).trim();
});

const clientEmail = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .union([z.literal(''), z.email(INVOICE_MESSAGES.invalidEmail).max(254)])
    .nullable()
    .optional(),
);

/** The form and the API body (POST /api/invoices, PUT /api/invoices/{id}). */
export const invoiceFieldsSchema = z.object({
  /** Left out, the server numbers the invoice ('INV-' and the next number). */
  invoiceNumber: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(40).optional(),
  ),
  issueDate: requiredDate(INVOICE_MESSAGES.issueDateRequired),
  dueDate: requiredDate(INVOICE_MESSAGES.dueDateRequired),
  entityType: z.enum(INVOICE_ENTITY_TYPES).nullable().optional(),
  entityId: z.uuid().nullable().optional(),
  clientName: z
    .string({ error: INVOICE_MESSAGES.clientNameRequired })
    .trim()
    .min(1, INVOICE_MESSAGES.clientNameRequired)
    .max(200),
  clientEmail,
  clientAddress: z
    .string({ error: INVOICE_MESSAGES.clientAddressRequired })
    .trim()
    .min(1, INVOICE_MESSAGES.clientAddressRequired)
    .max(500),
  templateId: z.uuid().nullable().optional(),
  currency: z.enum(CURRENCIES).default(DEFAULT_CURRENCY),
  applyTax: z.boolean().default(true),
  /** The invoice's own rate; left out, the currency's (AUD 10, PHP 12, others 0). */
  taxRate: taxRateText.optional(),
  items: z
    .array(invoiceItemSchema, { error: INVOICE_MESSAGES.itemsRequired })
    .min(1, INVOICE_MESSAGES.itemsRequired)
    .max(MAX_INVOICE_ITEMS),
  notes: optionalText(2000),
  terms: optionalText(2000),
});

/** The rule across an invoice's fields: it falls due on or after the day it is issued. */
export function invoiceDateRule(value: { issueDate: string; dueDate: string }, ctx: z.RefinementCtx): void {
  if (value.dueDate < value.issueDate) {
    ctx.addIssue({ code: 'custom', path: ['dueDate'], message: INVOICE_MONEY_MESSAGES.dueBeforeIssue });
  }
}

export const invoiceInputSchema = invoiceFieldsSchema.superRefine(invoiceDateRule);
export type InvoiceInput = z.output<typeof invoiceInputSchema>;

export const INVOICE_EXAMPLE = {
  issueDate: '2027-01-10',
  dueDate: '2027-01-24',
  clientName: 'Maria Santos',
  clientEmail: 'maria.santos@example.com',
  clientAddress: '12 George St, Sydney NSW 2000',
  currency: 'AUD',
  applyTax: true,
  items: [
    { description: 'Professional fee – Student visa 500', quantity: '1', rate: '3000.00', taxTreatment: 'taxable' },
    {
      description: 'Visa application charge (government fee)',
      quantity: '1',
      rate: '2000.00',
      taxTreatment: 'government_charge',
    },
  ],
  notes: INVOICE_DEFAULTS.notes,
  terms: INVOICE_DEFAULTS.terms,
} satisfies z.input<typeof invoiceInputSchema>;

export const invoiceItemRecordSchema = z.object({
  description: z.string(),
  quantity: z.string(),
  rate: z.string(),
  amount: z.string(),
  taxable: z.boolean(),
  taxTreatment: z.enum(TAX_TREATMENTS),
  treatmentReason: z.string().nullable(),
  serviceId: z.string().nullable(),
});
export type InvoiceItemRecord = z.infer<typeof invoiceItemRecordSchema>;

export const invoicePaymentSchema = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  paymentDate: z.string(),
  amount: z.string(),
  method: z.string(),
  reference: z.string().nullable(),
  /** Refunded or moved to the client's ledger out of this payment by credit notes. */
  returned: z.string(),
  /** What is left of it on the invoice. */
  remaining: z.string(),
  receiptId: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/** A credit note as the invoice lists it. */
export const invoiceCreditNoteSchema = z.object({
  id: z.string(),
  creditNoteNumber: z.string(),
  issueDate: z.string(),
  reason: z.string(),
  /** The whole rest of the invoice (Cancel with credit note) or a part of it. */
  cancels: z.boolean(),
  tax: z.string(),
  total: z.string(),
  refunded: z.string(),
  movedToClientCredit: z.string(),
  createdAt: z.string(),
});
export type InvoiceCreditNote = z.infer<typeof invoiceCreditNoteSchema>;

/** A refund of money received on the invoice. */
export const invoiceRefundSchema = z.object({
  id: z.string(),
  refundDate: z.string(),
  amount: z.string(),
  method: z.string(),
  reference: z.string().nullable(),
  paymentId: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
});
export type InvoiceRefund = z.infer<typeof invoiceRefundSchema>;

/** The API's invoice. */
export const invoiceRecordSchema = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  entityType: z.enum(INVOICE_ENTITY_TYPES).nullable(),
  entityId: z.string().nullable(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  clientAddress: z.string(),
  templateId: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  applyTax: z.boolean(),
  taxRate: z.string(),
  items: z.array(invoiceItemRecordSchema),
  taxableSubtotal: z.string(),
  nonTaxableSubtotal: z.string(),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  /** Net received: payments and client credit applied, less refunds and amounts moved to client credit. */
  amountPaid: z.string(),
  /** The credit notes' totals. */
  credited: z.string(),
  balanceDue: z.string(),
  state: z.enum(INVOICE_STATES),
  /** Derived on the firm's date. */
  status: z.enum(INVOICE_STATUSES),
  paymentDate: z.string().nullable(),
  payments: z.array(invoicePaymentSchema),
  creditNotes: z.array(invoiceCreditNoteSchema),
  refunds: z.array(invoiceRefundSchema),
  /** Moved to the client's ledger by credit notes. */
  movedToClientCredit: z.string(),
  /** What each line has left to credit, before tax (a credit note takes at most this). */
  uncredited: z.array(z.string()),
  /**
   * The client money the invoice's lead or client holds in its currency, which may pay it; null when it
   * bills no lead or client.
   */
  clientCreditAvailable: z.string().nullable(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  sentAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type InvoiceRecord = z.infer<typeof invoiceRecordSchema>;

/** A row of the Invoices tab. */
export const invoiceRowSchema = invoiceRecordSchema.pick({
  id: true,
  invoiceNumber: true,
  issueDate: true,
  dueDate: true,
  clientName: true,
  clientEmail: true,
  currency: true,
  total: true,
  credited: true,
  balanceDue: true,
  state: true,
  status: true,
  sentAt: true,
  entityType: true,
  entityId: true,
  version: true,
});
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;

export const INVOICE_SORT_FIELDS = ['createdAt', 'issueDate', 'dueDate', 'invoiceNumber'] as const;

export const invoiceListQuerySchema = listQueryBase.extend({
  tab: z.enum(INVOICE_TABS).default('all'),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

export const invoicePageSchema = pageSchemaOf(invoiceRowSchema);

/** An amount of money more than 0 (a payment, a refund, a credit). */
const positiveAmount = (message: string) => moneyField(message).refine((text) => centsOf(text) > 0n, { message });

const reference = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(200).optional(),
);

/** POST /api/invoices/{id}/mark-paid: paid in full today (spec 3 §4), or a part of it on a date. */
export const markPaidSchema = z.object({
  /** Left out: the balance due. */
  amount: amountText('Amount must be positive').optional(),
  /** Left out: the firm's today. Never after it. */
  paymentDate: requiredDate('Payment date is required').optional(),
  method: z.enum(PAYMENT_METHODS).default('Bank Transfer'),
  /** The bank's or card terminal's reference. */
  reference,
  version: versionField(),
});
export type MarkPaidInput = z.output<typeof markPaidSchema>;

/** What happens to (part of) one payment a credit note releases. */
export const moneyHandlingSchema = z.object({
  paymentId: z.uuid(),
  action: z.enum(MONEY_ACTIONS),
  amount: positiveAmount('Amount must be more than 0'),
});
export type MoneyHandling = z.output<typeof moneyHandlingSchema>;

/** How money is refunded: the date (never after the firm's today), the method and a reference. */
export const refundDetailsSchema = z.object({
  refundDate: requiredDate('Refund date is required'),
  method: z.enum(PAYMENT_METHODS),
  reference,
});
export type RefundDetails = z.output<typeof refundDetailsSchema>;

const creditReason = z.string({ error: 'A reason is required' }).trim().min(1, 'A reason is required').max(500);

/**
 * POST /api/invoices/{id}/cancel: a credit note for all that is left of a sent or paid invoice. The money
 * received is refunded or kept as client credit, payment by payment (`money`); `refund` says how a refund
 * was paid.
 */
export const cancelInvoiceSchema = z.object({
  reason: creditReason,
  money: z.array(moneyHandlingSchema).max(200).default([]),
  refund: refundDetailsSchema.optional(),
  version: versionField(),
});
export type CancelInvoiceInput = z.output<typeof cancelInvoiceSchema>;

/** POST /api/invoices/{id}/credit-notes: a part credit — lines (by their place) and amounts before tax. */
export const creditNoteInputSchema = cancelInvoiceSchema.extend({
  lines: z
    .array(
      z.object({
        index: z.number().int().min(0).max(MAX_INVOICE_ITEMS),
        amount: positiveAmount('Amount must be more than 0'),
      }),
    )
    .min(1, INVOICE_MONEY_MESSAGES.creditNothing)
    .max(MAX_INVOICE_ITEMS),
});
export type CreditNoteInput = z.output<typeof creditNoteInputSchema>;

/** POST /api/invoices/{id}/apply-client-credit: client money the record holds pays (part of) the invoice. */
export const applyClientCreditSchema = z.object({
  amount: positiveAmount('Amount must be more than 0'),
  paymentDate: requiredDate('Payment date is required').optional(),
  version: versionField(),
});
export type ApplyClientCreditInput = z.output<typeof applyClientCreditSchema>;

/** POST /api/invoices/{id}/receipt: a receipt of one payment (the latest without one when none is named). */
export const receiptInputSchema = z.preprocess((v) => v ?? {}, z.object({ paymentId: z.uuid().optional() }));

/** What a number reads as before the server gives it (numbers are gap-free: taken only on save). */
export const ASSIGNED_ON_SAVE = 'Assigned on save';

/** The API's receipt: the invoice's figures at payment, repeated exactly (DECISIONS §2). */
export const receiptRecordSchema = z.object({
  id: z.string(),
  receiptNumber: z.string(),
  invoiceId: z.string(),
  paymentId: z.string().nullable(),
  invoiceNumber: z.string(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  clientAddress: z.string(),
  issueDate: z.string(),
  paymentDate: z.string(),
  items: z.array(invoiceItemRecordSchema),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  currency: z.enum(CURRENCIES),
  applyTax: z.boolean(),
  taxRate: z.string(),
  paymentMethod: z.string(),
  paymentKind: z.enum(PAYMENT_KINDS),
  reference: z.string().nullable(),
  amountPaid: z.string(),
  /** The money received on the invoice before this payment, in the order it came. */
  earlierPayments: z.array(
    z.object({ paymentDate: z.string(), amount: z.string(), method: z.string(), kind: z.enum(PAYMENT_KINDS) }),
  ),
  /** Credited by credit notes before this payment. */
  credited: z.string(),
  /** What was still due once this payment was received. */
  balanceDue: z.string(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type ReceiptRecord = z.infer<typeof receiptRecordSchema>;

/** A row of the receipts list. */
export const receiptRowSchema = receiptRecordSchema.pick({
  id: true,
  receiptNumber: true,
  invoiceId: true,
  invoiceNumber: true,
  clientName: true,
  paymentDate: true,
  paymentMethod: true,
  amountPaid: true,
  currency: true,
  createdAt: true,
});
export type ReceiptRow = z.infer<typeof receiptRowSchema>;
export const receiptPageSchema = pageSchemaOf(receiptRowSchema);
export const RECEIPT_SORT_FIELDS = ['createdAt', 'paymentDate', 'receiptNumber'] as const;
export const receiptListQuerySchema = listQueryBase;
export type ReceiptListQuery = z.infer<typeof receiptListQuerySchema>;

/**
 * A credit note (an adjustment note when it adjusts a tax invoice): its own number and date, the reason,
 * the lines credited before tax, the tax adjusted, and the original invoice's number, date and total.
 */
export const creditNoteRecordSchema = z.object({
  id: z.string(),
  creditNoteNumber: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  invoiceIssueDate: z.string(),
  invoiceTotal: z.string(),
  clientName: z.string(),
  clientAddress: z.string(),
  issueDate: z.string(),
  reason: z.string(),
  cancels: z.boolean(),
  lines: z.array(
    z.object({ index: z.number().int(), description: z.string(), amount: z.string(), taxable: z.boolean() }),
  ),
  taxableAmount: z.string(),
  nonTaxableAmount: z.string(),
  tax: z.string(),
  total: z.string(),
  currency: z.enum(CURRENCIES),
  applyTax: z.boolean(),
  taxRate: z.string(),
  refunded: z.string(),
  movedToClientCredit: z.string(),
  /** 'Adjustment note' for a tax invoice, otherwise 'Credit note'. */
  title: z.string(),
  createdAt: z.string(),
});
export type CreditNoteRecord = z.infer<typeof creditNoteRecordSchema>;

export const creditNoteRowSchema = creditNoteRecordSchema.pick({
  id: true,
  creditNoteNumber: true,
  invoiceId: true,
  invoiceNumber: true,
  clientName: true,
  issueDate: true,
  reason: true,
  total: true,
  tax: true,
  currency: true,
  title: true,
  createdAt: true,
});
export type CreditNoteRow = z.infer<typeof creditNoteRowSchema>;
export const creditNotePageSchema = pageSchemaOf(creditNoteRowSchema);
export const CREDIT_NOTE_SORT_FIELDS = ['createdAt', 'issueDate', 'creditNoteNumber'] as const;
export const creditNoteListQuerySchema = listQueryBase;

/** A tax invoice (GST in Australia): AUD with GST applied and charged. */
export const isTaxInvoice = (doc: { currency: string; applyTax: boolean; tax: string }) =>
  doc.currency === 'AUD' && doc.applyTax && centsOf(doc.tax) > 0n;

/** What a credit note is called: an adjustment note when it adjusts a tax invoice. */
export const creditNoteTitle = (note: { ofTaxInvoice: boolean }) =>
  note.ofTaxInvoice ? 'Adjustment note' : 'Credit note';

/** Where refunded money came from: an invoice (by a credit note) or the client's ledger. */
export const REFUND_SOURCES = ['invoice', 'client_money'] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

export const refundRowSchema = z.object({
  id: z.string(),
  refundDate: z.string(),
  amount: z.string(),
  currency: z.enum(CURRENCIES),
  method: z.string(),
  reference: z.string().nullable(),
  clientName: z.string(),
  source: z.enum(REFUND_SOURCES),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type RefundRow = z.infer<typeof refundRowSchema>;
export const refundPageSchema = pageSchemaOf(refundRowSchema);
export const REFUND_SORT_FIELDS = ['createdAt', 'refundDate'] as const;
export const refundListQuerySchema = listQueryBase;

/** POST /api/invoices/{id}/send: the PDF by mail, to the client's email unless another is given. */
/** What mailing an invoice answers: the invoice, and its mail in the Mail log (queued until it leaves). */
export const invoiceSentSchema = z.object({ invoice: invoiceRecordSchema, mail: mailReceiptSchema });
export type InvoiceSent = z.infer<typeof invoiceSentSchema>;

export const sendInvoiceSchema = z.preprocess(
  (v) => v ?? {},
  z.object({
    to: z.email(INVOICE_MESSAGES.invalidEmail).max(254).optional(),
    message: z.string().trim().max(2000).optional(),
  }),
);

/** GET /api/leads/{id}/service-invoices, /api/clients/{id}/service-invoices: the invoices billing each service. */
export const serviceInvoiceSchema = z.object({
  serviceId: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  status: z.enum(INVOICE_STATUSES),
});
export type ServiceInvoice = z.infer<typeof serviceInvoiceSchema>;
