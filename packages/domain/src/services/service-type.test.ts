import { describe, expect, it } from 'vitest';
import { invoiceItemSchema } from '../invoices/invoice.ts';
import { SERVICE_CATEGORIES, serviceInputSchema } from './service.ts';
import {
  DEFAULT_SERVICE_TYPES,
  feesOf,
  isTaxedTreatment,
  legacyTreatmentOf,
  SERVICE_TYPE_MESSAGES,
  serviceTypeInputSchema,
  serviceTypeNameKey,
  TAX_TREATMENT_LABELS,
  TAX_TREATMENTS,
  treatmentForServiceName,
  treatmentReasonMissing,
} from './service-type.ts';

const messagesOf = (input: unknown) =>
  serviceTypeInputSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('tax treatments', () => {
  it("have the spec's labels, and only a taxable professional fee is taxed", () => {
    expect(TAX_TREATMENTS).toEqual(['taxable', 'government_charge', 'gst_free']);
    expect(TAX_TREATMENT_LABELS).toEqual({
      taxable: 'Taxable professional fee',
      government_charge: 'Government charge passed on (no GST)',
      gst_free: 'GST-free',
    });
    expect(TAX_TREATMENTS.filter(isTaxedTreatment)).toEqual(['taxable']);
  });
});

describe('service type schema', () => {
  it('trims the name, defaults the rest and reads empty fees as none', () => {
    const parsed = serviceTypeInputSchema.parse({ name: '  Partner Visa  ', defaultFees: { AUD: '4400', PHP: '' } });
    expect(parsed).toEqual({
      name: 'Partner Visa',
      defaultFees: { AUD: '4400.00', PHP: null },
      defaultTreatment: 'taxable',
      archived: false,
    });
    expect(feesOf(parsed.defaultFees)).toEqual({ AUD: '4400.00', PHP: null, USD: null, EUR: null, GBP: null });
  });

  it('refuses an empty or long name, a negative or over-precise fee and an unknown treatment', () => {
    expect(messagesOf({ name: '   ' })).toEqual([`name: ${SERVICE_TYPE_MESSAGES.nameRequired}`]);
    expect(messagesOf({})).toEqual([`name: ${SERVICE_TYPE_MESSAGES.nameRequired}`]);
    expect(messagesOf({ name: 'x'.repeat(201) })).toEqual([`name: ${SERVICE_TYPE_MESSAGES.nameTooLong}`]);
    expect(messagesOf({ name: 'x'.repeat(200) })).toEqual([]);
    expect(messagesOf({ name: 'A', defaultFees: { USD: '-1' } })).toEqual([
      `defaultFees.USD: ${SERVICE_TYPE_MESSAGES.feeNegative}`,
    ]);
    expect(messagesOf({ name: 'A', defaultFees: { GBP: '1.234' } })).toEqual([
      'defaultFees.GBP: Enter an amount with at most 2 decimals',
    ]);
    expect(messagesOf({ name: 'A', defaultTreatment: 'exempt' })).toHaveLength(1);
  });

  it('compares names trimmed and in any case', () => {
    expect(serviceTypeNameKey(' Partner VISA ')).toBe(serviceTypeNameKey('partner visa'));
  });
});

describe('the default catalogue', () => {
  it('keeps every category the service form offered, with unique names', () => {
    const names = DEFAULT_SERVICE_TYPES.map((t) => t.name);
    for (const category of SERVICE_CATEGORIES) expect(names).toContain(category);
    expect(new Set(names.map(serviceTypeNameKey)).size).toBe(names.length);
    expect(names).toContain('Professional Fee - Employer Sponsored Visa (482/186)');
  });

  it('taxes professional fees and passes government charges and provider fees on without GST', () => {
    const of = (name: string) => DEFAULT_SERVICE_TYPES.find((t) => t.name === name)?.defaultTreatment;
    expect(of('Consultation Fee')).toBe('taxable');
    expect(of('Professional Fee - Skilled Visa (189/190/491)')).toBe('taxable');
    expect(of('Professional Fee - Partner Visa')).toBe('taxable');
    expect(of('Visa Application')).toBe('government_charge');
    expect(of('Skills Assessment')).toBe('government_charge');
    expect(of('Health Insurance')).toBe('gst_free');
    expect(of('Tuition Fee')).toBe('gst_free');
    expect(of('Other')).toBe('taxable');
    for (const t of DEFAULT_SERVICE_TYPES.filter((t) => t.name.startsWith('Professional Fee'))) {
      expect(t.defaultTreatment).toBe('taxable');
    }
  });
});

describe("a service's treatment", () => {
  it("is the catalogue's for a type of that name in any case, else taxable", () => {
    expect(treatmentForServiceName('visa application', DEFAULT_SERVICE_TYPES)).toBe('government_charge');
    expect(treatmentForServiceName('Something new', DEFAULT_SERVICE_TYPES)).toBe('taxable');
  });

  it("backfills what 'Bill services' gave it, by name or category", () => {
    expect(legacyTreatmentOf('Visa Application', null)).toBe('government_charge');
    expect(legacyTreatmentOf('482 lodgement', 'Skills Assessment')).toBe('government_charge');
    expect(legacyTreatmentOf('OSHC', 'Health Insurance')).toBe('gst_free');
    expect(legacyTreatmentOf('Tuition Fee', 'Tuition Fee')).toBe('gst_free');
    expect(legacyTreatmentOf('Professional Fee - Student Visa', 'Professional Fee - Student Visa')).toBe('taxable');
  });

  it('is optional on the service form and kept when given', () => {
    expect(serviceInputSchema.parse({ serviceName: 'Other' }).taxTreatment).toBeUndefined();
    expect(serviceInputSchema.parse({ serviceName: 'Other', taxTreatment: 'gst_free' }).taxTreatment).toBe('gst_free');
    expect(serviceInputSchema.safeParse({ serviceName: 'Other', taxTreatment: 'zero' }).success).toBe(false);
  });
});

describe('an invoice line', () => {
  const line = { description: 'Fee', quantity: '1', rate: '10' };

  it('reads `taxable` alone as before: taxed is taxable, untaxed a government charge', () => {
    expect(invoiceItemSchema.parse({ ...line, taxable: true })).toMatchObject({
      taxable: true,
      taxTreatment: 'taxable',
    });
    expect(invoiceItemSchema.parse({ ...line, taxable: false })).toMatchObject({
      taxable: false,
      taxTreatment: 'government_charge',
    });
    expect(invoiceItemSchema.parse(line)).toMatchObject({
      taxable: true,
      taxTreatment: 'taxable',
      treatmentReason: null,
    });
  });

  it('derives `taxable` from the treatment when both are sent', () => {
    expect(invoiceItemSchema.parse({ ...line, taxable: true, taxTreatment: 'gst_free' })).toMatchObject({
      taxable: false,
      taxTreatment: 'gst_free',
    });
    expect(invoiceItemSchema.parse({ ...line, taxable: false, taxTreatment: 'taxable' })).toMatchObject({
      taxable: true,
    });
  });

  it('keeps a reason of at most 200 characters, empty as none', () => {
    expect(invoiceItemSchema.parse({ ...line, treatmentReason: '  ' }).treatmentReason).toBeNull();
    expect(invoiceItemSchema.parse({ ...line, treatmentReason: ' Client is offshore ' }).treatmentReason).toBe(
      'Client is offshore',
    );
    const long = invoiceItemSchema.safeParse({ ...line, treatmentReason: 'x'.repeat(201) });
    expect(long.error?.issues[0]?.message).toBe(SERVICE_TYPE_MESSAGES.reasonTooLong);
  });

  it("needs a reason only when it bills a service with another treatment than the service's", () => {
    const billed = { serviceId: 'a', taxTreatment: 'government_charge' as const, treatmentReason: null };
    expect(treatmentReasonMissing(billed, 'taxable')).toBe(true);
    expect(treatmentReasonMissing({ ...billed, treatmentReason: 'Lodged by the client' }, 'taxable')).toBe(false);
    expect(treatmentReasonMissing(billed, 'government_charge')).toBe(false);
    expect(treatmentReasonMissing({ ...billed, serviceId: null }, 'taxable')).toBe(false);
    expect(treatmentReasonMissing(billed, undefined)).toBe(false);
  });
});
