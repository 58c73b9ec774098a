import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  allocateInLineOrder,
  creditLinesProblem,
  creditNoteFigures,
  INVOICE_MONEY_MESSAGES,
  invoiceActionsOf,
  invoiceStateOf,
  moneyReleasedBy,
  positionAfterPayment,
  releasedFromPayments,
  remainingCreditLines,
} from './invoice-money.ts';
import { taxOn } from './invoice-totals.ts';

describe('the state money puts an invoice in', () => {
  it('is a draft without money, part paid with some, paid when nothing is due, cancelled when all is credited', () => {
    expect(invoiceStateOf({ total: 1000n, credited: 0n, netPaid: 0n, creditNotes: 0 })).toBe('drafts');
    expect(invoiceStateOf({ total: 1000n, credited: 0n, netPaid: 400n, creditNotes: 0 })).toBe('partially_paid');
    expect(invoiceStateOf({ total: 1000n, credited: 0n, netPaid: 1000n, creditNotes: 0 })).toBe('paid');
    // A part credit that leaves nothing due on a part-paid invoice: paid.
    expect(invoiceStateOf({ total: 1000n, credited: 600n, netPaid: 400n, creditNotes: 1 })).toBe('paid');
    expect(invoiceStateOf({ total: 1000n, credited: 1000n, netPaid: 0n, creditNotes: 2 })).toBe('cancelled');
    // A zero invoice is a draft until a credit note cancels it.
    expect(invoiceStateOf({ total: 0n, credited: 0n, netPaid: 0n, creditNotes: 0 })).toBe('drafts');
  });
});

describe('credit notes', () => {
  const items = [
    { amount: 400_000n, taxable: true },
    { amount: 120_000n, taxable: false },
  ];

  it('adjust the GST of the taxable lines they credit', () => {
    const figures = creditNoteFigures(items, [0n, 0n], [{ index: 0, amount: 20_000n }], true, '10');
    expect(figures).toEqual({ taxable: 20_000n, nonTaxable: 0n, tax: 2_000n, total: 22_000n });
    expect(creditNoteFigures(items, [0n, 0n], [{ index: 1, amount: 120_000n }], true, '10').tax).toBe(0n);
    expect(creditNoteFigures(items, [0n, 0n], [{ index: 0, amount: 20_000n }], false, '10').tax).toBe(0n);
  });

  test.prop([
    fc.array(fc.integer({ min: 1, max: 99_999 }), { minLength: 1, maxLength: 8 }),
    fc.constantFrom('10', '12', '7.5'),
  ])('add up to the invoice’s own tax however the credits are split', (parts, rate) => {
    const total = parts.reduce((a, b) => a + BigInt(b), 0n);
    const line = [{ amount: total, taxable: true }];
    let credited = 0n;
    let tax = 0n;
    for (const part of parts) {
      tax += creditNoteFigures(line, [credited], [{ index: 0, amount: BigInt(part) }], true, rate).tax;
      credited += BigInt(part);
    }
    expect(tax).toBe(taxOn(total, true, rate));
  });

  it('credit at most what is left of a line, once per line, and at least a cent', () => {
    expect(creditLinesProblem(items, [0n, 0n], [])).toEqual({
      path: 'lines',
      message: INVOICE_MONEY_MESSAGES.creditNothing,
    });
    expect(creditLinesProblem(items, [399_999n, 0n], [{ index: 0, amount: 2n }])?.message).toBe(
      INVOICE_MONEY_MESSAGES.creditOverLine,
    );
    expect(creditLinesProblem(items, [0n, 0n], [{ index: 2, amount: 1n }])?.path).toBe('lines.0.index');
    expect(
      creditLinesProblem(
        items,
        [0n, 0n],
        [
          { index: 1, amount: 1n },
          { index: 1, amount: 1n },
        ],
      )?.path,
    ).toBe('lines.1.index');
    expect(creditLinesProblem(items, [0n, 0n], [{ index: 0, amount: 0n }])?.message).toBe(
      INVOICE_MONEY_MESSAGES.creditAmountPositive,
    );
    expect(remainingCreditLines(items, [400_000n, 20_000n])).toEqual([{ index: 1, amount: 100_000n }]);
  });

  it('release money only beyond the balance due, newest payments first', () => {
    expect(moneyReleasedBy(500n, 800n)).toBe(0n);
    expect(moneyReleasedBy(1000n, 800n)).toBe(200n);
    const payments = [
      { id: 'a', remaining: 250_000n },
      { id: 'b', remaining: 310_000n },
    ];
    expect(releasedFromPayments(payments, 400_000n)).toEqual([
      { paymentId: 'b', amount: 310_000n },
      { paymentId: 'a', amount: 90_000n },
    ]);
    expect(releasedFromPayments(payments, 0n)).toEqual([]);
  });
});

describe('the money paying services', () => {
  it('covers the lines in order, each up to its uncredited amount', () => {
    const lines = [
      { amount: 400_000n, credited: 0n },
      { amount: 120_000n, credited: 20_000n },
      { amount: 50_000n, credited: 0n },
    ];
    expect(allocateInLineOrder(lines, 250_000n)).toEqual([250_000n, 0n, 0n]);
    expect(allocateInLineOrder(lines, 450_000n)).toEqual([400_000n, 50_000n, 0n]);
    // More than the lines (the tax is covered last): each line exactly.
    expect(allocateInLineOrder(lines, 999_999n)).toEqual([400_000n, 100_000n, 50_000n]);
  });

  test.prop([fc.array(fc.bigInt({ min: 0n, max: 10_000n }), { maxLength: 6 }), fc.bigInt({ min: 0n, max: 80_000n })])(
    'never pays a line more than is left of it, nor more than the money',
    (amounts, net) => {
      const lines = amounts.map((amount) => ({ amount, credited: amount / 3n }));
      const paid = allocateInLineOrder(lines, net);
      const sum = paid.reduce((a, b) => a + b, 0n);
      expect(sum <= net).toBe(true);
      paid.forEach((p, i) => expect(p >= 0n && p <= lines[i]!.amount - lines[i]!.credited).toBe(true));
    },
  );
});

describe('what an invoice offers', () => {
  const base = { state: 'drafts' as const, sentAt: null, credited: '0.00', balanceDue: '100.00', total: '100.00' };

  it('deletes an unsent unpaid draft and credits nothing of it; credits a sent one and never deletes it', () => {
    expect(invoiceActionsOf(base)).toEqual({
      edit: true,
      delete: true,
      cancel: false,
      credit: false,
      recordPayment: true,
    });
    expect(invoiceActionsOf({ ...base, sentAt: '2026-11-20T00:00:00Z' })).toMatchObject({
      delete: false,
      cancel: true,
      credit: true,
    });
    expect(invoiceActionsOf({ ...base, state: 'paid', balanceDue: '0.00' })).toMatchObject({
      recordPayment: false,
      delete: false,
      cancel: true,
    });
    expect(invoiceActionsOf({ ...base, state: 'cancelled', credited: '100.00', balanceDue: '0.00' })).toEqual({
      edit: false,
      delete: false,
      cancel: false,
      credit: false,
      recordPayment: false,
    });
  });
});

describe("a receipt's figures", () => {
  it('count the credits and the money they returned before the payment, in the order things happened', () => {
    const payments = [
      { amount: 250_000n, createdAt: '2026-11-01T01:00:00.000Z' },
      { amount: 100_000n, createdAt: '2026-11-03T01:00:00.000Z' },
    ];
    const notes = [{ total: 55_000n, returned: 0n, createdAt: '2026-11-02T01:00:00.000Z' }];
    expect(positionAfterPayment(560_000n, payments, 0, notes)).toEqual({ credited: 0n, balanceDue: 310_000n });
    expect(positionAfterPayment(560_000n, payments, 1, notes)).toEqual({ credited: 55_000n, balanceDue: 155_000n });
  });
});
