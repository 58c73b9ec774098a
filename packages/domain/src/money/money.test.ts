import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { displayMoney, formatMoney, MAX_MONEY_CENTS, moneyField, parseMoney, sumMoney } from './money.ts';

describe('money as whole cents', () => {
  it('adds 0.1 and 0.2 to exactly 0.30, and 1,000 payments of 0.01 to exactly 10.00', () => {
    expect(formatMoney(parseMoney('0.1')! + parseMoney('0.2')!)).toBe('0.30');
    expect(formatMoney(sumMoney(Array.from({ length: 1000 }, () => parseMoney('0.01')!)))).toBe('10.00');
  });

  it('reads amounts with at most two decimals and numeric(14,2) digits, and nothing else', () => {
    expect(parseMoney('1234.5')).toBe(123450n);
    expect(parseMoney(' 0.05 ')).toBe(5n);
    expect(parseMoney('-12.34')).toBe(-1234n);
    expect(parseMoney('999999999999.99')).toBe(MAX_MONEY_CENTS);
    for (const bad of ['', '1.234', '1,234.00', '1e3', 'NaN', 'Infinity', '0x10', '.5', '1.', '1234567890123']) {
      expect(parseMoney(bad), bad).toBeUndefined();
    }
  });

  test.prop([fc.bigInt({ min: -MAX_MONEY_CENTS, max: MAX_MONEY_CENTS })])(
    'formats and reads back every amount',
    (cents) => {
      expect(parseMoney(formatMoney(cents))).toBe(cents);
    },
  );

  it('shows the currency symbol, grouped thousands and two decimals', () => {
    expect(displayMoney(123456789n, 'PHP')).toBe('₱1,234,567.89');
    expect(displayMoney(0n, 'AUD')).toBe('A$0.00');
    expect(displayMoney(-500n, 'USD')).toBe('-$5.00');
  });

  it('takes a field as text or a JSON number read as its text, refusing float noise and negatives', () => {
    const field = moneyField('Fee must be positive');
    expect(field.parse('1234.5')).toBe('1234.50');
    expect(field.parse(1234.5)).toBe('1234.50');
    expect(field.safeParse(0.1 + 0.2).success).toBe(false);
    expect(field.safeParse('-1').error?.issues[0]?.message).toBe('Fee must be positive');
    expect(field.safeParse('1000000000000').success).toBe(false);
  });
});
