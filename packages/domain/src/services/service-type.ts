// The firm's service catalogue (issue 25, point 5; docs/decisions/0024): the service types a service is
// chosen from, each with a default fee per currency and a tax treatment that says how a line billing it is
// taxed. The treatments, their labels and the rule that a line billing a service with another treatment
// gives a reason.
import { z } from 'zod';
import { CURRENCIES, type Currency, moneyField } from '../money/money.ts';

export const TAX_TREATMENTS = ['taxable', 'government_charge', 'gst_free'] as const;
export type TaxTreatment = (typeof TAX_TREATMENTS)[number];
export const DEFAULT_TAX_TREATMENT: TaxTreatment = 'taxable';

export const TAX_TREATMENT_LABELS: Record<TaxTreatment, string> = {
  taxable: 'Taxable professional fee',
  government_charge: 'Government charge passed on (no GST)',
  gst_free: 'GST-free',
};

/** Whether a line of this treatment carries the invoice's tax (GST, VAT). */
export const isTaxedTreatment = (treatment: TaxTreatment): boolean => treatment === 'taxable';

/**
 * A line's treatment when only `taxable` was given (clients written before the treatment existed): taxed is a
 * taxable professional fee, untaxed a government charge passed on, as 'Bill services' used to guess.
 */
export const treatmentOfTaxable = (taxable: boolean): TaxTreatment => (taxable ? 'taxable' : 'government_charge');

export const SERVICE_TYPE_NAME_MAX = 200;
export const TREATMENT_REASON_MAX = 200;

export const SERVICE_TYPE_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be ${SERVICE_TYPE_NAME_MAX} characters or fewer`,
  nameTaken: 'A service type with this name already exists',
  feeNegative: 'Fee must be positive',
  notFound: 'Service type not found',
  added: 'Service type added',
  updated: 'Service type updated',
  archived: 'Service type archived',
  restored: 'Service type restored',
  saveFailed: 'Failed to save service type',
  reasonRequired: 'Give a reason for changing the tax treatment',
  reasonTooLong: `Reason must be ${TREATMENT_REASON_MAX} characters or fewer`,
  onlyAccountAdmins: 'Only account administrators can change the service catalogue',
} as const;

/** A default fee: empty is none. */
const defaultFee = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    moneyField(SERVICE_TYPE_MESSAGES.feeNegative).nullable().optional(),
  );

/** A default fee per currency, each optional. */
export const serviceTypeFeesSchema = z.object({
  AUD: defaultFee(),
  PHP: defaultFee(),
  USD: defaultFee(),
  EUR: defaultFee(),
  GBP: defaultFee(),
} satisfies Record<Currency, unknown>);
export type ServiceTypeFees = Partial<Record<Currency, string | null>>;

/** The fields of a service type a form or an API body sets. */
export const serviceTypeFieldsSchema = z.object({
  name: z
    .string({ error: SERVICE_TYPE_MESSAGES.nameRequired })
    .trim()
    .min(1, SERVICE_TYPE_MESSAGES.nameRequired)
    .max(SERVICE_TYPE_NAME_MAX, SERVICE_TYPE_MESSAGES.nameTooLong),
  defaultFees: serviceTypeFeesSchema.default({}),
  defaultTreatment: z.enum(TAX_TREATMENTS).default(DEFAULT_TAX_TREATMENT),
  archived: z.boolean().default(false),
});

export const SERVICE_TYPE_EXAMPLE = {
  name: 'Professional Fee - Partner Visa',
  defaultFees: { AUD: '4400.00' },
  defaultTreatment: 'taxable',
  archived: false,
};

/** POST /api/settings/service-types. Names are unique case-insensitively (the server answers the clash). */
export const serviceTypeInputSchema = serviceTypeFieldsSchema.meta({ example: SERVICE_TYPE_EXAMPLE });
export type ServiceTypeInput = z.output<typeof serviceTypeInputSchema>;

export const serviceTypeRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Every currency, null where the type has no default fee in it. */
  defaultFees: z.object({
    AUD: z.string().nullable(),
    PHP: z.string().nullable(),
    USD: z.string().nullable(),
    EUR: z.string().nullable(),
    GBP: z.string().nullable(),
  } satisfies Record<Currency, unknown>),
  defaultTreatment: z.enum(TAX_TREATMENTS),
  archived: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ServiceTypeRecord = z.infer<typeof serviceTypeRecordSchema>;

/** Every currency's fee, null where none is set (the record's and the stored form). */
export function feesOf(fees: ServiceTypeFees | undefined): Record<Currency, string | null> {
  return Object.fromEntries(CURRENCIES.map((c) => [c, fees?.[c] ?? null])) as Record<Currency, string | null>;
}

/** The key two names clash on: trimmed, case-folded. */
export const serviceTypeNameKey = (name: string) => name.trim().toLowerCase();

/**
 * The catalogue a firm starts with (seeded by the migration): the eight categories the service form offered
 * before, and professional fees for the other common visas. Government charges and insurance or tuition
 * collected for a provider carry no GST; the firm's own fees do.
 */
export const DEFAULT_SERVICE_TYPES: readonly { name: string; defaultTreatment: TaxTreatment }[] = [
  { name: 'Consultation Fee', defaultTreatment: 'taxable' },
  { name: 'Professional Fee - Student Visa', defaultTreatment: 'taxable' },
  { name: 'Professional Fee - Visit Visa', defaultTreatment: 'taxable' },
  { name: 'Professional Fee - Skilled Visa (189/190/491)', defaultTreatment: 'taxable' },
  { name: 'Professional Fee - Employer Sponsored Visa (482/186)', defaultTreatment: 'taxable' },
  { name: 'Professional Fee - Partner Visa', defaultTreatment: 'taxable' },
  { name: 'Professional Fee - Graduate Visa (485)', defaultTreatment: 'taxable' },
  { name: 'Visa Application', defaultTreatment: 'government_charge' },
  { name: 'Skills Assessment', defaultTreatment: 'government_charge' },
  { name: 'Health Insurance', defaultTreatment: 'gst_free' },
  { name: 'Tuition Fee', defaultTreatment: 'gst_free' },
  { name: 'Other', defaultTreatment: 'taxable' },
];

/**
 * The treatment a service gets when none is given: that of the catalogue's type of the same name (in any
 * case, archived or not), else taxable.
 */
export function treatmentForServiceName(
  name: string,
  catalogue: readonly { name: string; defaultTreatment: TaxTreatment }[],
): TaxTreatment {
  const key = serviceTypeNameKey(name);
  return catalogue.find((t) => serviceTypeNameKey(t.name) === key)?.defaultTreatment ?? DEFAULT_TAX_TREATMENT;
}

/**
 * The treatment 'Bill services' gave a service before the catalogue, by its name or category (migration
 * backfill; kept here so a test holds the SQL to it).
 */
export function legacyTreatmentOf(name: string, category: string | null): TaxTreatment {
  const of = (text: string | null): TaxTreatment | null =>
    text === 'Visa Application' || text === 'Skills Assessment'
      ? 'government_charge'
      : text === 'Health Insurance' || text === 'Tuition Fee'
        ? 'gst_free'
        : null;
  return of(name) ?? of(category) ?? 'taxable';
}

/**
 * A line that bills a service with a treatment other than the service's must say why (issue 25: a 482 fee
 * billed as a government charge is a tax question, not a typo). `serviceTreatment` undefined: not known.
 */
export function treatmentReasonMissing(
  line: { serviceId?: string | null; taxTreatment: TaxTreatment; treatmentReason?: string | null },
  serviceTreatment: TaxTreatment | undefined,
): boolean {
  if (!line.serviceId || serviceTreatment === undefined) return false;
  return line.taxTreatment !== serviceTreatment && !line.treatmentReason?.trim();
}
