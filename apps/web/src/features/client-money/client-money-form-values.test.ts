import { describe, expect, it } from 'vitest';
import { type ClientLedger, INVOICE_MONEY_MESSAGES } from '@crm/domain';
import {
  emptyReceiveValues,
  emptyRefundValues,
  firstMessages,
  receiveFormErrors,
  refundFormErrors,
  toReceiveBody,
  versionIn,
} from './client-money-form-values.ts';

const TODAY = '2027-01-10';

describe('client money form values', () => {
  it('receives money with the domain schema: an amount above 0, a date not after today', () => {
    const values = emptyReceiveValues(TODAY);
    expect(receiveFormErrors(values, TODAY)).toEqual({ amount: 'Amount must be more than 0' });
    expect(receiveFormErrors({ ...values, amount: '0' }, TODAY)).toEqual({ amount: 'Amount must be more than 0' });
    expect(receiveFormErrors({ ...values, amount: '12.345' }, TODAY).amount).toBe(
      'Enter an amount with at most 2 decimals',
    );
    expect(receiveFormErrors({ ...values, amount: '1000', receivedDate: '2027-01-11' }, TODAY)).toEqual({
      receivedDate: INVOICE_MONEY_MESSAGES.receivedInFuture,
    });
    expect(receiveFormErrors({ ...values, amount: '1000', receivedDate: '' }, TODAY)).toEqual({
      receivedDate: 'The date received is required',
    });
    expect(receiveFormErrors({ ...values, amount: '1000' }, TODAY)).toEqual({});
  });

  it('sends the version of the ledger in the chosen currency, 0 while the record holds none', () => {
    const ledgers = [
      { currency: 'AUD', version: 3 },
      { currency: 'PHP', version: 1 },
    ] as ClientLedger[];
    expect(versionIn(ledgers, 'PHP')).toBe(1);
    expect(versionIn(ledgers, 'USD')).toBe(0);
    expect(toReceiveBody({ ...emptyReceiveValues(TODAY), amount: ' 1000 ' }, 3)).toMatchObject({
      amount: '1000',
      currency: 'AUD',
      receivedDate: TODAY,
      version: 3,
    });
  });

  it('refunds at most the balance, on a date not after today', () => {
    const values = { ...emptyRefundValues(TODAY), amount: '600.01' };
    expect(refundFormErrors(values, '600.00', TODAY)).toEqual({ amount: INVOICE_MONEY_MESSAGES.ledgerRefundOver });
    expect(refundFormErrors({ ...values, amount: '600' }, '600.00', TODAY)).toEqual({});
    expect(refundFormErrors({ ...values, amount: '400', refundDate: '2027-02-01' }, '600.00', TODAY)).toEqual({
      refundDate: INVOICE_MONEY_MESSAGES.refundInFuture,
    });
  });

  it("puts the server's field errors on their fields", () => {
    expect(firstMessages({ receivedDate: ['The date received cannot be in the future', 'other'], amount: [] })).toEqual(
      { receivedDate: 'The date received cannot be in the future' },
    );
  });
});
