import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../money/money.ts';
import {
  invoiceTotals,
  invoiceTotalsText,
  lineAmountCents,
  parseHundredths,
  taxNameFor,
  taxRateFor,
} from './invoice-totals.ts';

describe('invoice totals', () => {
  it('taxes only the taxable lines: total = taxable subtotal + tax + non-taxable subtotal', () => {
    const totals = invoiceTotalsText(
      [
        { quantity: '1', rate: '3000.00', taxable: true },
        { quantity: '2', rate: '150.25', taxable: true },
        { quantity: '1', rate: '4115.00', taxable: false },
      ],
      true,
      '10',
    );
    expect(totals).toEqual({
      lineAmounts: ['3000.00', '300.50', '4115.00'],
      taxableSubtotal: '3300.50',
      nonTaxableSubtotal: '4115.00',
      subtotal: '7415.50',
      tax: '330.05',
      total: '7745.55',
    });
  });

  it('charges no tax when the switch is off, whatever the rate', () => {
    const totals = invoiceTotalsText([{ quantity: '1', rate: '100', taxable: true }], false, '10');
    expect(totals.tax).toBe('0.00');
    expect(totals.total).toBe('100.00');
  });

  it('rounds a line to the cent once and the tax once, half away from zero, never line by line', () => {
    // 0.5 × 0.05 = 0.025 → 0.03
    expect(formatMoney(lineAmountCents({ quantity: '0.5', rate: '0.05' }))).toBe('0.03');
    // Three lines of 0.05 at 10%: per line the tax would be 3 × 0.01 = 0.03; once on 0.15 it is 0.02.
    const lines = [0, 1, 2].map(() => ({ quantity: '1', rate: '0.05', taxable: true }));
    expect(invoiceTotalsText(lines, true, '10').tax).toBe('0.02');
    // PHP VAT 12% of 0.04 = 0.0048 → 0.00; of 0.05 = 0.006 → 0.01.
    expect(invoiceTotalsText([{ quantity: '1', rate: '0.04', taxable: true }], true, '12').tax).toBe('0.00');
    expect(invoiceTotalsText([{ quantity: '1', rate: '0.05', taxable: true }], true, '12').tax).toBe('0.01');
    // A rate with decimals: 7.5% of 1.00 = 0.075 → 0.08.
    expect(invoiceTotalsText([{ quantity: '1', rate: '1', taxable: true }], true, '7.5').tax).toBe('0.08');
  });

  it('reads a quantity or rate that is no number as 0 (spec 3 §5)', () => {
    expect(invoiceTotalsText([{ quantity: 'abc', rate: '10', taxable: true }], true, '10').total).toBe('0.00');
    expect(invoiceTotalsText([{ quantity: '2', rate: '', taxable: false }], true, '10').total).toBe('0.00');
  });

  it('knows each currency’s rate and the name of its tax', () => {
    expect([taxRateFor('AUD'), taxRateFor('PHP'), taxRateFor('USD')]).toEqual(['10', '12', '0']);
    expect([taxNameFor('AUD'), taxNameFor('PHP'), taxNameFor('EUR')]).toEqual(['GST', 'VAT', 'Tax']);
    expect(parseHundredths('2.5')).toBe(250n);
    expect(parseHundredths('2.555')).toBeUndefined();
  });

  it('keeps its identities for any lines (property)', () => {
    const line = fc.record({
      quantity: fc.integer({ min: 0, max: 100_000 }).map((h) => (h / 100).toFixed(2)),
      rate: fc.bigInt({ min: 0n, max: 10_000_000n }).map((c) => formatMoney(c)),
      taxable: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, apply, bp) => {
          const rate = (bp / 100).toFixed(2);
          const t = invoiceTotals(lines, apply, rate);
          expect(t.subtotal).toBe(t.taxableSubtotal + t.nonTaxableSubtotal);
          expect(t.total).toBe(t.taxableSubtotal + t.tax + t.nonTaxableSubtotal);
          expect(t.lineAmounts.reduce((a, b) => a + b, 0n)).toBe(t.subtotal);
          // The tax is within half a cent of the exact figure.
          const exact = t.taxableSubtotal * BigInt(apply ? bp : 0);
          const diff = t.tax * 10_000n - exact;
          expect(diff <= 5_000n && diff >= -5_000n).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
