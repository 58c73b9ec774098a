import { describe, expect, it } from 'vitest';
import {
  currencyGroupsOf,
  paymentStatusOf,
  SERVICE_MESSAGES,
  serviceInputSchema,
  termStatusOf,
  TUITION_FEE,
} from './service.ts';

const messagesOf = (input: unknown) =>
  serviceInputSchema.safeParse(input).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('payment status (DECISIONS.md §2)', () => {
  it('is derived at each boundary', () => {
    expect(paymentStatusOf(null, 0n)).toBe('N/A');
    expect(paymentStatusOf(0n, 0n)).toBe('N/A');
    expect(paymentStatusOf(10000n, 0n)).toBe('Unpaid');
    expect(paymentStatusOf(10000n, 1n)).toBe('Partially Paid');
    expect(paymentStatusOf(10000n, 9999n)).toBe('Partially Paid');
    expect(paymentStatusOf(10000n, 10000n)).toBe('Paid');
  });

  it("gives a tuition term Overdue only after its due date in the firm's calendar", () => {
    const term = { amount: 50000n, paidAmount: 0n, dueDate: '2026-11-23' };
    expect(termStatusOf(term, '2026-11-23')).toBe('Pending');
    expect(termStatusOf(term, '2026-11-24')).toBe('Overdue');
    expect(termStatusOf({ ...term, paidAmount: 100n }, '2026-12-01')).toBe('Partially Paid');
    expect(termStatusOf({ ...term, paidAmount: 50000n }, '2026-12-01')).toBe('Paid');
  });
});

describe('the service schema (spec 2 §5)', () => {
  it('asks for the service and refuses negative amounts in the spec words', () => {
    expect(messagesOf({})).toContain(`serviceName: ${SERVICE_MESSAGES.nameRequired}`);
    expect(messagesOf({ serviceName: 'Other', serviceFee: '-1' })).toContain(
      `serviceFee: ${SERVICE_MESSAGES.feeNegative}`,
    );
    expect(messagesOf({ serviceName: 'Other', paidAmount: '-1' })).toContain(
      `paidAmount: ${SERVICE_MESSAGES.paidNegative}`,
    );
    expect(messagesOf({ serviceName: 'Other', serviceFee: '100', paidAmount: '100.01' })).toContain(
      `paidAmount: ${SERVICE_MESSAGES.paidOverFee}`,
    );
  });

  it('defaults to Active and AUD, keeps terms only for Tuition Fee, and sums their payments', () => {
    const other = serviceInputSchema.parse({
      serviceName: 'Visa Application',
      serviceFee: '4640',
      tuitionTerms: [{ amount: '100' }],
    });
    expect(other).toMatchObject({ serviceStatus: 'Active', currency: 'AUD', serviceFee: '4640.00', tuitionTerms: [] });
    const tuition = serviceInputSchema.parse({
      serviceName: TUITION_FEE,
      serviceFee: '30000',
      paidAmount: '1',
      tuitionTerms: [
        { amount: '15000', paidAmount: '15000', dueDate: '2027-02-01' },
        { amount: '15000', paidAmount: '0.1' },
      ],
    });
    expect(tuition.paidAmount).toBe('15000.10');
    expect(tuition.tuitionTerms).toHaveLength(2);
  });

  it('refuses terms that add up to more than the fee', () => {
    expect(
      messagesOf({
        serviceName: TUITION_FEE,
        serviceFee: '1000',
        tuitionTerms: [{ amount: '600' }, { amount: '400.01' }],
      }),
    ).toContain(`tuitionTerms: ${SERVICE_MESSAGES.termsOverFee}`);
  });
});

describe('currency groups', () => {
  it('sum per currency exactly, PHP first then alphabetical', () => {
    const groups = currencyGroupsOf([
      { currency: 'USD', serviceFee: '0.10', paidAmount: '0.10', serviceStatus: 'Completed' },
      { currency: 'AUD', serviceFee: '0.20', paidAmount: '0.00', serviceStatus: 'Active' },
      { currency: 'PHP', serviceFee: null, paidAmount: '0.00', serviceStatus: 'Pending' },
      { currency: 'AUD', serviceFee: '0.10', paidAmount: '0.05', serviceStatus: 'Active' },
    ]);
    expect(groups.map((g) => g.currency)).toEqual(['PHP', 'AUD', 'USD']);
    // A service without a fee owes nothing, even with a payment recorded.
    expect(
      currencyGroupsOf([{ currency: 'PHP', serviceFee: null, paidAmount: '5.00', serviceStatus: 'Active' }])[0],
    ).toMatchObject({ totalRevenue: '0.00', totalPaid: '5.00', pendingPayments: '0.00' });
    expect(groups[1]).toEqual({
      currency: 'AUD',
      serviceCount: 2,
      totalRevenue: '0.30',
      totalPaid: '0.05',
      pendingPayments: '0.25',
      activeCount: 2,
      completedCount: 0,
    });
  });
});
