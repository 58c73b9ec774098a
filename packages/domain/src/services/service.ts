// A service sold to a lead or client (spec 2 §3, §4, §5, §9; DECISIONS.md §2): its categories and states,
// the payment status and tuition-term status derived from the amounts, the currency groups of the
// Services Availed panel, and the form / API schema with the spec's messages.
import { z } from 'zod';
import { BADGE_COLOURS, type BadgeLook, filledBadge } from '../records/badge-look.ts';
import { optionalDate } from '../records/fields.ts';
import {
  type Cents,
  centsOf,
  compareCurrencies,
  CURRENCIES,
  DEFAULT_CURRENCY,
  formatMoney,
  moneyField,
  sumMoney,
} from '../money/money.ts';
import { TAX_TREATMENTS } from './service-type.ts';

export const SERVICE_CATEGORIES = [
  'Consultation Fee',
  'Professional Fee - Student Visa',
  'Professional Fee - Visit Visa',
  'Visa Application',
  'Skills Assessment',
  'Health Insurance',
  'Tuition Fee',
  'Other',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

/** The one service whose payments may be split into terms (spec 2 §5). */
export const TUITION_FEE = 'Tuition Fee';

export const SERVICE_STATUSES = ['Active', 'Completed', 'Pending', 'Cancelled'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];
export const DEFAULT_SERVICE_STATUS: ServiceStatus = 'Active';

export const PAYMENT_STATUSES = ['Paid', 'Partially Paid', 'Unpaid', 'N/A'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const TERM_STATUSES = ['Pending', 'Paid', 'Overdue', 'Partially Paid'] as const;
export type TermStatus = (typeof TERM_STATUSES)[number];

export const SERVICE_ENTITY_TYPES = ['lead', 'client'] as const;
export type ServiceEntityType = (typeof SERVICE_ENTITY_TYPES)[number];

/** How each status looks, in the Services tab and the Finance overview alike. */
export const SERVICE_STATUS_LOOKS: Record<ServiceStatus, BadgeLook> = {
  Active: filledBadge(BADGE_COLOURS.blue),
  Completed: filledBadge(BADGE_COLOURS.green),
  Pending: filledBadge(BADGE_COLOURS.amber),
  Cancelled: filledBadge(BADGE_COLOURS.grey),
};

export const PAYMENT_STATUS_LOOKS: Record<PaymentStatus, BadgeLook> = {
  Paid: filledBadge(BADGE_COLOURS.green),
  'Partially Paid': filledBadge(BADGE_COLOURS.orange),
  Unpaid: filledBadge(BADGE_COLOURS.red),
  'N/A': { variant: 'default' },
};

export const TERM_STATUS_LOOKS: Record<TermStatus, BadgeLook> = {
  Paid: filledBadge(BADGE_COLOURS.green),
  'Partially Paid': filledBadge(BADGE_COLOURS.orange),
  Overdue: filledBadge(BADGE_COLOURS.red),
  Pending: { variant: 'default' },
};

/** Spec 2 §9: a record's panel shows at most this many services. */
export const SERVICES_PER_RECORD = 100;

/** The reason a service removed from the Finance overview carries (spec 3 §2.1). */
export const OVERVIEW_DELETE_REASON = 'Deleted by admin';

export const SERVICE_MESSAGES = {
  nameRequired: 'Selected service is required',
  feeNegative: 'Fee must be positive',
  paidNegative: 'Paid amount must be positive',
  paidOverFee: 'Paid amount cannot exceed service fee',
  termsOverFee: 'Total of all terms cannot exceed the service fee',
  termAmountNegative: 'Term amount must be positive',
  notFound: 'Service not found or has been deleted',
  added: 'Service added successfully',
  updated: 'Service updated successfully',
  deleted: 'Service deleted successfully',
  purged: 'Service permanently deleted',
  addFailed: 'Failed to add service',
  updateFailed: 'Failed to update service',
  deleteFailed: 'Failed to delete service',
  // Spec 1 §6.2: deleting needs the delete action, which only the administrator roles have (decision 0027).
  deleteRefused: 'Only administrators can delete services',
  loadFailed: 'Failed to load service',
  // Spec 2's sentence, made true (issue 14): the service is restorable from Deleted Items.
  deleteConfirm:
    'Are you sure you want to delete this service? This action cannot be undone from here: the service goes to Deleted Items, where administrators and account administrators can restore it.',
  transferred: 'Transferred from Lead',
  evidenceType: 'Only image files are allowed (JPG, PNG, GIF, WEBP)',
  evidenceSize: 'File size must be less than 5MB',
  evidenceMissing: 'Choose an image of the payment to upload',
  evidenceUnreadable: 'The upload could not be read. Please choose the image again.',
  evidenceFailed: 'Failed to upload payment evidence',
  evidenceNotFound: 'This service has no payment evidence',
} as const;

/** Payment evidence (spec 2 §5): images under 5 MB, told apart by their content, not their name. */
export const EVIDENCE_MAX_BYTES = 5 * 1024 * 1024;
export const EVIDENCE_TYPES = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
} as const;
export type EvidenceType = keyof typeof EVIDENCE_TYPES;

/**
 * DECISIONS.md §2: no fee (or a fee of 0) → N/A; paid at least the fee → Paid; something paid →
 * Partially Paid; else Unpaid.
 */
export function paymentStatusOf(fee: Cents | null, paid: Cents): PaymentStatus {
  if (fee === null || fee === 0n) return 'N/A';
  if (paid >= fee) return 'Paid';
  if (paid > 0n) return 'Partially Paid';
  return 'Unpaid';
}

/**
 * A tuition term's status: paid in full → Paid; part paid → Partially Paid; otherwise Overdue once its due
 * date (a calendar date) is before the firm's today, else Pending. `today` is the firm's date
 * ('YYYY-MM-DD', settings' firmToday), so a term falls due at the firm's midnight, not the server's.
 */
export function termStatusOf(
  term: { amount: Cents; paidAmount: Cents; dueDate: string | null },
  today: string,
): TermStatus {
  if (term.amount > 0n && term.paidAmount >= term.amount) return 'Paid';
  if (term.paidAmount > 0n) return 'Partially Paid';
  if (term.dueDate !== null && term.dueDate < today) return 'Overdue';
  return 'Pending';
}

/** A service's paid amount: the sum of its terms' when it has terms, else its own. */
export function paidAmountOf(paid: Cents, terms: readonly { paidAmount: Cents }[]): Cents {
  return terms.length > 0 ? sumMoney(terms.map((t) => t.paidAmount)) : paid;
}

const text = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max).nullable().optional(),
  );

export const paymentTermInputSchema = z.object({
  termName: text(100),
  amount: moneyField(SERVICE_MESSAGES.termAmountNegative),
  paidAmount: moneyField(SERVICE_MESSAGES.paidNegative).default('0.00'),
  dueDate: optionalDate(),
  paymentDate: optionalDate(),
  notes: text(1000),
});
export type PaymentTermInput = z.infer<typeof paymentTermInputSchema>;

/** The fields of a service a form or an API body sets (money as decimal strings). */
export const serviceFieldsSchema = z.object({
  serviceName: z.string({ error: SERVICE_MESSAGES.nameRequired }).trim().min(1, SERVICE_MESSAGES.nameRequired).max(200),
  serviceCategory: z.enum(SERVICE_CATEGORIES).nullable().optional(),
  serviceDescription: text(2000),
  serviceStatus: z.enum(SERVICE_STATUSES).default(DEFAULT_SERVICE_STATUS),
  serviceFee: moneyField(SERVICE_MESSAGES.feeNegative).nullable().optional(),
  paidAmount: moneyField(SERVICE_MESSAGES.paidNegative).default('0.00'),
  currency: z.enum(CURRENCIES).default(DEFAULT_CURRENCY),
  startDate: optionalDate(),
  completionDate: optionalDate(),
  notes: text(5000),
  tuitionTerms: z.array(paymentTermInputSchema).max(24).default([]),
  /**
   * How a line billing it is taxed (docs/decisions/0024). Left out on create: the catalogue's treatment for a
   * service type of that name, else taxable; left out on a change: unchanged.
   */
  taxTreatment: z.enum(TAX_TREATMENTS).optional(),
});

/**
 * The rules across fields (spec 2 §5): terms only for 'Tuition Fee' (others drop them); with terms, the
 * paid amount is their sum; paid may not exceed the fee, nor the terms' total.
 */
export function serviceRules<T extends z.infer<typeof serviceFieldsSchema>>(value: T, ctx: z.RefinementCtx): void {
  const fee = value.serviceFee == null ? null : centsOf(value.serviceFee);
  const terms = value.serviceName === TUITION_FEE ? value.tuitionTerms : [];
  const termTotal = sumMoney(terms.map((t) => centsOf(t.amount)));
  const paid = paidAmountOf(
    centsOf(value.paidAmount),
    terms.map((t) => ({ paidAmount: centsOf(t.paidAmount) })),
  );
  if (fee !== null && terms.length > 0 && termTotal > fee) {
    ctx.addIssue({ code: 'custom', path: ['tuitionTerms'], message: SERVICE_MESSAGES.termsOverFee });
  }
  if (fee !== null && paid > fee) {
    ctx.addIssue({ code: 'custom', path: ['paidAmount'], message: SERVICE_MESSAGES.paidOverFee });
  }
}

/** What is stored: terms kept only for 'Tuition Fee', the paid amount their sum when there are terms. */
export function normaliseService<T extends z.infer<typeof serviceFieldsSchema>>(value: T): T {
  const tuitionTerms = value.serviceName === TUITION_FEE ? value.tuitionTerms : [];
  const paidAmount = formatMoney(
    paidAmountOf(
      centsOf(value.paidAmount),
      tuitionTerms.map((t) => ({ paidAmount: centsOf(t.paidAmount) })),
    ),
  );
  return { ...value, tuitionTerms, paidAmount };
}

/** A valid service, shown in the API document (and the bad-input test's starting point). */
export const SERVICE_EXAMPLE = {
  serviceName: TUITION_FEE,
  serviceCategory: TUITION_FEE,
  serviceStatus: 'Active',
  serviceFee: '12000.00',
  paidAmount: '0.00',
  currency: 'AUD',
  startDate: '2027-02-01',
  tuitionTerms: [
    { termName: 'Semester 1', amount: '6000.00', paidAmount: '6000.00', dueDate: '2027-02-01' },
    { termName: 'Semester 2', amount: '6000.00', paidAmount: '0.00', dueDate: '2027-07-01' },
  ],
};

/** POST /api/leads/{id}/services and /api/clients/{id}/services. */
export const serviceInputSchema = serviceFieldsSchema
  .superRefine(serviceRules)
  .transform(normaliseService)
  .meta({ example: SERVICE_EXAMPLE });
export type ServiceInput = z.output<typeof serviceInputSchema>;

/** The API's service. */
export const paymentTermSchema = z.object({
  termNumber: z.number().int(),
  termName: z.string(),
  amount: z.string(),
  paidAmount: z.string(),
  status: z.enum(TERM_STATUSES),
  dueDate: z.string().nullable(),
  paymentDate: z.string().nullable(),
  notes: z.string().nullable(),
});
export type PaymentTerm = z.infer<typeof paymentTermSchema>;

export const serviceRecordSchema = z.object({
  id: z.string(),
  entityType: z.enum(SERVICE_ENTITY_TYPES),
  entityId: z.string(),
  serviceName: z.string(),
  serviceCategory: z.string().nullable(),
  serviceDescription: z.string().nullable(),
  serviceStatus: z.enum(SERVICE_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  serviceFee: z.string().nullable(),
  /** Everything paid: recorded on the service, plus what invoices billing it were paid. */
  paidAmount: z.string(),
  /** The part of the paid amount that money on invoices paid (issue 25: in line order). */
  invoicePaidAmount: z.string(),
  balanceDue: z.string(),
  currency: z.enum(CURRENCIES),
  startDate: z.string().nullable(),
  completionDate: z.string().nullable(),
  notes: z.string().nullable(),
  hasPaymentEvidence: z.boolean(),
  tuitionTerms: z.array(paymentTermSchema),
  taxTreatment: z.enum(TAX_TREATMENTS),
  /** The lead it came from when conversion moved it to the client ('Transferred from Lead'). */
  transferredFrom: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ServiceRecord = z.infer<typeof serviceRecordSchema>;

/** Fee minus paid; a service without a fee owes nothing. */
export const balanceDueOf = (fee: Cents | null, paid: Cents): Cents => (fee === null ? 0n : fee - paid);

/** Spec 2 "Currency group": per currency, in the spec's order (PHP first, the rest alphabetically). */
export type CurrencyGroup = {
  currency: string;
  serviceCount: number;
  totalRevenue: string;
  totalPaid: string;
  pendingPayments: string;
  activeCount: number;
  completedCount: number;
};

export function currencyGroupsOf(
  services: readonly Pick<ServiceRecord, 'currency' | 'serviceFee' | 'paidAmount' | 'serviceStatus'>[],
): CurrencyGroup[] {
  const groups = new Map<
    string,
    { count: number; fee: Cents; paid: Cents; due: Cents; active: number; completed: number }
  >();
  for (const s of services) {
    const g = groups.get(s.currency) ?? { count: 0, fee: 0n, paid: 0n, due: 0n, active: 0, completed: 0 };
    const fee = s.serviceFee === null ? null : centsOf(s.serviceFee);
    const paid = centsOf(s.paidAmount);
    g.count += 1;
    g.fee += fee ?? 0n;
    g.paid += paid;
    // What is still owed, service by service: a service without a fee owes nothing, whatever was paid.
    g.due += balanceDueOf(fee, paid);
    if (s.serviceStatus === 'Active') g.active += 1;
    if (s.serviceStatus === 'Completed') g.completed += 1;
    groups.set(s.currency, g);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => compareCurrencies(a, b))
    .map(([currency, g]) => ({
      currency,
      serviceCount: g.count,
      totalRevenue: formatMoney(g.fee),
      totalPaid: formatMoney(g.paid),
      pendingPayments: formatMoney(g.due),
      activeCount: g.active,
      completedCount: g.completed,
    }));
}
