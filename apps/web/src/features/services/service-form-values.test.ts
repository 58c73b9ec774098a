import { describe, expect, it } from 'vitest';
import type { ServiceTypeRecord } from '@crm/domain';
import {
  emptyServiceValues,
  newTerm,
  serviceFigures,
  serviceFormErrors,
  type ServiceFormValues,
  serviceNameOptions,
  serviceToFormValues,
  toNewServiceBody,
  toServiceBody,
  withServiceType,
} from './service-form-values.ts';
import { serviceRecord } from './service-record.test-fixture.ts';

const tuition = (overrides: Partial<ServiceFormValues> = {}): ServiceFormValues => ({
  ...emptyServiceValues(),
  serviceName: 'Tuition Fee',
  serviceFee: '12000',
  tuitionTerms: [
    { ...newTerm(1), amount: '6000', paidAmount: '0.10' },
    { ...newTerm(2), amount: '6000', paidAmount: '0.20' },
  ],
  ...overrides,
});

const record = serviceRecord;

describe('the service form', () => {
  it('starts as a new Active service in AUD, nothing paid, named by the user', () => {
    expect(serviceFormErrors(emptyServiceValues())).toEqual({ serviceName: 'Selected service is required' });
  });

  it('names a new term after its place', () => {
    expect(newTerm(3).termName).toBe('Term 3');
  });

  it('adds money exactly: 0.10 + 0.20 paid of 12000 leaves 11999.70', () => {
    const figures = serviceFigures(tuition());
    expect(figures).toMatchObject({ fee: 1_200_000n, paid: 30n, balance: 1_199_970n, termsTotal: 1_200_000n });
    expect(figures.paidFromTerms).toBe(true);
    expect(toServiceBody(tuition()).paidAmount).toBe('0.30');
  });

  it('owes nothing without a fee, and shows no figure while an amount is unreadable', () => {
    expect(serviceFigures({ ...emptyServiceValues(), paidAmount: '25' }).balance).toBe(0n);
    expect(serviceFigures({ ...emptyServiceValues(), serviceFee: '1,000' }).balance).toBeUndefined();
  });

  it("gives the schema's messages at the form's paths", () => {
    const over = tuition({
      tuitionTerms: [
        { ...newTerm(1), amount: '7000', paidAmount: '0' },
        { ...newTerm(2), amount: '6000', paidAmount: 'x' },
      ],
    });
    // As on the server, the rules across fields speak once every field reads.
    expect(serviceFormErrors(over)).toEqual({
      'tuitionTerms.1.paidAmount': 'Enter an amount with at most 2 decimals',
    });
    const [first, second] = over.tuitionTerms;
    expect(serviceFormErrors({ ...over, tuitionTerms: [first!, { ...second!, paidAmount: '0' }] })).toEqual({
      tuitionTerms: 'Total of all terms cannot exceed the service fee',
    });
    const service = { ...emptyServiceValues(), serviceName: 'Other', serviceFee: '-1', paidAmount: '5' };
    expect(serviceFormErrors(service)).toMatchObject({ serviceFee: 'Fee must be positive' });
    expect(serviceFormErrors({ ...service, serviceFee: '4' })).toEqual({
      paidAmount: 'Paid amount cannot exceed service fee',
    });
  });

  it('sends terms only for Tuition Fee, empty fields as null, unnamed terms as Term N', () => {
    const other = toServiceBody(tuition({ serviceName: 'Other' }));
    expect(other.tuitionTerms).toEqual([]);
    expect(other.serviceCategory).toBe('Other');
    expect(other.startDate).toBeNull();
    expect(other.serviceDescription).toBeNull();
    // A new service leaves an empty date out, as the server's document has it (null would be read alike).
    expect(toNewServiceBody(tuition({ serviceName: 'Other' }))).toMatchObject({
      startDate: undefined,
      completionDate: undefined,
      serviceDescription: null,
    });
    const body = toServiceBody(tuition({ tuitionTerms: [{ ...newTerm(1), termName: ' ', amount: '' }] }));
    expect(body.tuitionTerms).toEqual([
      { termName: 'Term 1', amount: '0', paidAmount: '0.00', dueDate: undefined, paymentDate: undefined, notes: null },
    ]);
  });

  it('reads a saved service back into the same body', () => {
    const saved = record({ startDate: '2026-10-01', notes: 'Paid by card' });
    const body = toServiceBody(serviceToFormValues(saved));
    expect(body).toMatchObject({
      serviceName: 'Visa Application',
      serviceFee: '100.00',
      paidAmount: '40.00',
      startDate: '2026-10-01',
      notes: 'Paid by card',
      taxTreatment: 'government_charge',
    });
  });
});

const type = (name: string, overrides: Partial<ServiceTypeRecord> = {}): ServiceTypeRecord => ({
  id: name,
  name,
  defaultFees: { AUD: null, PHP: null, USD: null, EUR: null, GBP: null },
  defaultTreatment: 'taxable',
  archived: false,
  createdAt: '2026-11-24T00:00:00.000Z',
  updatedAt: '2026-11-24T00:00:00.000Z',
  version: 1,
  ...overrides,
});

describe('the service catalogue in the form', () => {
  const catalogue = [
    type('Professional Fee - Partner Visa', {
      defaultFees: { AUD: '4400.00', PHP: null, USD: '2900.00', EUR: null, GBP: null },
    }),
    type('Visa Application', { defaultTreatment: 'government_charge' }),
    type('Old Package', { archived: true }),
  ];

  it("offers the active types and a saved service's own name; the categories until the catalogue loads", () => {
    expect(serviceNameOptions(catalogue, null)).toEqual(['Professional Fee - Partner Visa', 'Visa Application']);
    expect(serviceNameOptions(catalogue, 'Old Package')).toEqual([
      'Professional Fee - Partner Visa',
      'Visa Application',
      'Old Package',
    ]);
    expect(serviceNameOptions(catalogue, 'visa application')).toHaveLength(2);
    expect(serviceNameOptions(undefined, null)).toContain('Tuition Fee');
  });

  it("takes the type's treatment and fills an empty fee with its default in the currency", () => {
    const chosen = withServiceType(emptyServiceValues(), catalogue, { serviceName: 'Professional Fee - Partner Visa' });
    expect(chosen).toMatchObject({ taxTreatment: 'taxable', serviceFee: '4400.00', currency: 'AUD' });
    // Another currency keeps a fee already there; an empty one takes that currency's default.
    expect(withServiceType(chosen, catalogue, { currency: 'USD' }).serviceFee).toBe('4400.00');
    expect(withServiceType({ ...chosen, serviceFee: '' }, catalogue, { currency: 'USD' }).serviceFee).toBe('2900.00');
    const typed = withServiceType({ ...emptyServiceValues(), serviceFee: '100' }, catalogue, {
      serviceName: 'Visa Application',
    });
    expect(typed).toMatchObject({ taxTreatment: 'government_charge', serviceFee: '100' });
    expect(toServiceBody(typed).taxTreatment).toBe('government_charge');
    // A name outside the catalogue changes nothing else; the server then decides the treatment.
    const other = withServiceType(emptyServiceValues(), catalogue, { serviceName: 'Something else' });
    expect(other.taxTreatment).toBe('');
    expect('taxTreatment' in toServiceBody(other)).toBe(false);
  });
});
