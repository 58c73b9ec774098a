import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES, type InvoiceRecord, SERVICE_TYPE_MESSAGES } from '@crm/domain';
import {
  billServices,
  emptyInvoiceValues,
  formErrorsOf,
  formTotals,
  invoiceFormErrors,
  invoiceToFormValues,
  isTaxedItem,
  showsTreatmentReason,
  toInvoiceBody,
} from './invoice-form-values.ts';

describe('invoice form values', () => {
  it("starts with the spec's defaults: due in 14 days, a taxed and an untaxed line, the notes and terms", () => {
    const values = emptyInvoiceValues('2027-01-10');
    expect(values.dueDate).toBe('2027-01-24');
    expect(values.items.map((i) => [i.taxTreatment, isTaxedItem(i)])).toEqual([
      ['taxable', true],
      ['government_charge', false],
    ]);
    expect(values.notes).toBe('Thank you for your business!');
    expect(values.terms).toBe('Payment is due within 14 days');
  });

  it('computes the figures as the user types and leaves empty lines out of what is sent', () => {
    const values = emptyInvoiceValues('2027-01-10');
    values.items[0] = { ...values.items[0]!, description: 'Professional fee', rate: '1000' };
    const totals = formTotals(values);
    expect([totals.taxableSubtotal, totals.tax, totals.total]).toEqual([100_000n, 10_000n, 110_000n]);
    expect(toInvoiceBody(values).items).toHaveLength(1);
    values.currency = 'PHP';
    expect(formTotals(values).tax).toBe(12_000n);
  });

  it('shows problems on the line the user sees, in the server’s words', () => {
    const values = emptyInvoiceValues('2027-01-10');
    values.items[1] = { ...values.items[1]!, rate: '-5' };
    const errors = invoiceFormErrors(values);
    expect(errors.clientName).toBe(INVOICE_MESSAGES.clientNameRequired);
    expect(errors.clientAddress).toBe(INVOICE_MESSAGES.clientAddressRequired);
    expect(errors['items.1.description']).toBe(INVOICE_MESSAGES.descriptionRequired);
    expect(errors['items.1.rate']).toBe(INVOICE_MESSAGES.rateNegative);
    const none = emptyInvoiceValues('2027-01-10');
    expect(invoiceFormErrors(none).items).toBe(INVOICE_MESSAGES.itemsRequired);
  });
});

const uuid = (letter: string) => `00000000-0000-4000-8000-00000000000${letter}`;

describe('Bill services', () => {
  const services = [
    {
      id: uuid('a'),
      serviceName: 'Professional Fee - Student Visa',
      currency: 'AUD',
      balanceDue: '1500.00',
      taxTreatment: 'taxable',
    },
    {
      id: uuid('b'),
      serviceName: 'Visa Application',
      currency: 'AUD',
      balanceDue: '710.00',
      taxTreatment: 'government_charge',
    },
    // A 482 fee entered under the old guess's name is taxed by its treatment, not its name.
    { id: uuid('e'), serviceName: 'Visa Application', currency: 'AUD', balanceDue: '3300.00', taxTreatment: 'taxable' },
    { id: uuid('f'), serviceName: 'OSHC', currency: 'AUD', balanceDue: '650.00', taxTreatment: 'gst_free' },
    { id: uuid('c'), serviceName: 'Consultation Fee', currency: 'PHP', balanceDue: '500.00', taxTreatment: 'taxable' },
    { id: uuid('d'), serviceName: 'Other', currency: 'AUD', balanceDue: '0.00', taxTreatment: 'taxable' },
  ] as const;

  it("adds a line per service owing in the invoice currency, once, taxed as the service's treatment says", () => {
    const values = emptyInvoiceValues('2027-01-10');
    const items = billServices(values, services);
    expect(items.map((i) => [i.description, i.rate, i.taxTreatment, isTaxedItem(i), i.serviceId])).toEqual([
      ['Professional Fee - Student Visa', '1500.00', 'taxable', true, uuid('a')],
      ['Visa Application', '710.00', 'government_charge', false, uuid('b')],
      ['Visa Application', '3300.00', 'taxable', true, uuid('e')],
      ['OSHC', '650.00', 'gst_free', false, uuid('f')],
    ]);
    expect(billServices({ ...values, items }, services)).toHaveLength(4);
    const body = toInvoiceBody({ ...values, items });
    expect(body.items[2]).toMatchObject({ taxable: true, taxTreatment: 'taxable', treatmentReason: null });
  });

  it("asks for a reason when a billed line's treatment differs from its service's", () => {
    const values = emptyInvoiceValues('2027-01-10');
    const items = billServices(values, services);
    items[2] = { ...items[2]!, taxTreatment: 'government_charge' };
    const changed = { ...values, clientName: 'A', clientAddress: 'B', items };
    expect(showsTreatmentReason(items[2]!)).toBe(true);
    expect(showsTreatmentReason(items[0]!)).toBe(false);
    expect(invoiceFormErrors(changed)).toEqual({ 'items.2.treatmentReason': SERVICE_TYPE_MESSAGES.reasonRequired });
    items[2] = { ...items[2]!, treatmentReason: 'Lodged by the client' };
    expect(invoiceFormErrors(changed)).toEqual({});
    expect(toInvoiceBody(changed).items[2]).toMatchObject({
      taxable: false,
      taxTreatment: 'government_charge',
      treatmentReason: 'Lodged by the client',
    });
  });

  it("shows the server's line errors on the line the user sees", () => {
    const values = emptyInvoiceValues('2027-01-10');
    values.items = [values.items[0]!, { ...values.items[1]!, description: 'Fee', rate: '10' }];
    expect(formErrorsOf(values, { 'items.0.treatmentReason': ['Give a reason'], clientName: ['x'] })).toEqual({
      'items.1.treatmentReason': 'Give a reason',
      clientName: 'x',
    });
  });

  it('reads a saved line back with its treatment and reason', () => {
    const line = { description: 'Fee', quantity: '1', rate: '10.00', amount: '10.00', serviceId: 's' };
    const values = invoiceToFormValues({
      ...emptyInvoiceValues('2027-01-10'),
      items: [
        { ...line, taxable: true, taxTreatment: 'taxable', treatmentReason: null },
        { ...line, taxable: false, taxTreatment: 'gst_free', treatmentReason: 'Offshore' },
      ],
    } as unknown as InvoiceRecord);
    expect(values.items.map((i) => [i.taxTreatment, i.treatmentReason, i.serviceTreatment])).toEqual([
      ['taxable', '', 'taxable'],
      ['gst_free', 'Offshore', null],
    ]);
  });
});
