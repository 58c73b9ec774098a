// Money without floats (DECISIONS.md §1, §6): amounts travel as decimal strings ('1234.50'), are stored as
// numeric(14,2) and are added, subtracted and compared here as whole cents in a bigint. No step on the
// path — API, database, this module, the web form — turns an amount into a JavaScript number.
import { z } from 'zod';

/** Whole cents. */
export type Cents = bigint;

/** numeric(14,2): at most 12 digits before the decimal point. */
export const MAX_MONEY_CENTS: Cents = 99_999_999_999_999n;

/** An amount as typed or sent: optional sign, digits, at most two decimals ('1,234.5' is not accepted). */
const MONEY_TEXT = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/;

/** The cents of an amount written as text; undefined when it is no amount (or exceeds numeric(14,2)). */
export function parseMoney(text: string): Cents | undefined {
  const match = MONEY_TEXT.exec(text.trim());
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  const cents = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

/** The cents as the API writes them: '1234.50', '-0.05', '0.00'. */
export function formatMoney(cents: Cents): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}

/** The sum of amounts, exactly. */
export const sumMoney = (amounts: readonly Cents[]): Cents => amounts.reduce((a, b) => a + b, 0n);

/** The cents of a decimal string that is known to be one (a database value, a validated field). */
export function centsOf(text: string): Cents {
  const cents = parseMoney(text);
  if (cents === undefined) throw new Error(`not an amount: ${text}`);
  return cents;
}

/** The currencies of spec 2 §9, each with its symbol; AUD first (the form's default). */
export const CURRENCIES = ['AUD', 'PHP', 'USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'AUD';
export const CURRENCY_SYMBOLS: Record<Currency, string> = { PHP: '₱', AUD: 'A$', USD: '$', EUR: '€', GBP: '£' };

/** Currency groups in the spec's order: PHP first, the others alphabetically. */
export function compareCurrencies(a: string, b: string): number {
  if (a === b) return 0;
  if (a === 'PHP') return -1;
  if (b === 'PHP') return 1;
  return a.localeCompare(b);
}

/** '₱1,234.50', 'A$0.00', '-$5.00': the symbol and two decimals, thousands grouped (no float on the way). */
export function displayMoney(cents: Cents, currency: string): string {
  const symbol = CURRENCY_SYMBOLS[currency as Currency] ?? `${currency} `;
  const [whole = '0', fraction = '00'] = formatMoney(cents < 0n ? -cents : cents).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0n ? '-' : ''}${symbol}${grouped}.${fraction}`;
}

/**
 * A money field of a form or an API body: a decimal string (a JSON number is read as its text, so
 * 1234.5 and '1234.50' are the same amount), at least 0, at most numeric(14,2), normalised to '1234.50'.
 */
export const moneyField = (negativeMessage: string) =>
  z.union([z.string(), z.number()]).transform((value, ctx) => {
    const cents = parseMoney(String(value));
    if (cents === undefined || cents > MAX_MONEY_CENTS) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount with at most 2 decimals' });
      return z.NEVER;
    }
    if (cents < 0n) {
      ctx.addIssue({ code: 'custom', message: negativeMessage });
      return z.NEVER;
    }
    return formatMoney(cents);
  });
