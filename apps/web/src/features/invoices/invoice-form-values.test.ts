import { describe, expect, it } from 'vitest';
import { INVOICE_MESSAGES } from '@crm/domain';
import {
  billServices,
  emptyInvoiceValues,
  formTotals,
  invoiceFormErrors,
  toInvoiceBody,
} from './invoice-form-values.ts';

describe('invoice form values', () => {
  it("starts with the spec's defaults: due in 14 days, a taxed and an untaxed line, the notes and terms", () => {
    const values = emptyInvoiceValues('2027-01-10');
    expect(values.dueDate).toBe('2027-01-24');
    expect(values.items.map((i) => i.taxable)).toEqual([true, false]);
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

describe('Bill services', () => {
  it('adds a line per service owing in the invoice currency, once, untaxed for pass-through charges', () => {
    const values = emptyInvoiceValues('2027-01-10');
    const services = [
      {
        id: 'a',
        serviceName: 'Professional Fee - Student Visa',
        serviceCategory: 'Professional Fee - Student Visa',
        currency: 'AUD',
        balanceDue: '1500.00',
      },
      {
        id: 'b',
        serviceName: 'Visa Application',
        serviceCategory: 'Visa Application',
        currency: 'AUD',
        balanceDue: '710.00',
      },
      {
        id: 'c',
        serviceName: 'Consultation Fee',
        serviceCategory: 'Consultation Fee',
        currency: 'PHP',
        balanceDue: '500.00',
      },
      { id: 'd', serviceName: 'Other', serviceCategory: 'Other', currency: 'AUD', balanceDue: '0.00' },
    ];
    const items = billServices(values, services);
    expect(items.map((i) => [i.description, i.rate, i.taxable, i.serviceId])).toEqual([
      ['Professional Fee - Student Visa', '1500.00', true, 'a'],
      ['Visa Application', '710.00', false, 'b'],
    ]);
    expect(billServices({ ...values, items }, services)).toHaveLength(2);
  });
});
