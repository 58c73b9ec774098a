// An invoice's figures (spec 3 §9; DECISIONS.md §2): each line's amount is quantity × rate, the tax is the
// invoice's own rate on the taxable lines only, and total = taxable subtotal + tax + non-taxable subtotal.
// One function computes them, for the form as the user types and for the server on every save (totals a
// client sends are ignored). Exact: quantities in hundredths, money in cents, the tax rate in hundredths
// of a percent, all bigint.
//
// Rounding, in the two documented places and nowhere else (half away from zero, as the ATO's GST rounding
// rule for a tax invoice does): a line's amount is rounded to the cent once (the invoice shows it, and the
// subtotals are the sums of what is shown), and the tax is rounded to the cent once, on the taxable subtotal
// — never line by line.
import { type Cents, formatMoney, parseMoney, sumMoney } from '../money/money.ts';

/** Spec 3 §9 / DECISIONS §2: AUD carries 10% GST, PHP 12% VAT; any other currency 0% unless set. */
export const DEFAULT_TAX_RATES: Record<string, string> = { AUD: '10', PHP: '12' };

export const taxRateFor = (currency: string): string => DEFAULT_TAX_RATES[currency] ?? '0';

/** What the tax line is called on the invoice: GST for AUD, VAT for PHP, otherwise Tax. */
export function taxNameFor(currency: string): string {
  if (currency === 'AUD') return 'GST';
  if (currency === 'PHP') return 'VAT';
  return 'Tax';
}

/** A quantity or a percentage as text with at most two decimals ('1', '2.5', '12.75'). */
const DECIMAL_2 = /^(\d{1,9})(?:\.(\d{1,2}))?$/;

/** Hundredths of a decimal with at most two places ('2.5' → 250n); undefined when it is not one. */
export function parseHundredths(text: string): bigint | undefined {
  const match = DECIMAL_2.exec(text.trim());
  if (!match) return undefined;
  const [, whole, fraction = ''] = match;
  return BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** Divides and rounds half away from zero. */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const rounded = (n * 2n + d) / (2n * d);
  return negative ? -rounded : rounded;
}

export type InvoiceLine = { quantity: string; rate: string; taxable: boolean };

/** A line's amount in cents: quantity (hundredths) × rate (cents) / 100, rounded to the cent. */
export function lineAmountCents(line: Pick<InvoiceLine, 'quantity' | 'rate'>): Cents {
  const quantity = parseHundredths(line.quantity) ?? 0n;
  const rate = parseMoney(line.rate) ?? 0n;
  return divideRounded(quantity * rate, 100n);
}

/**
 * The tax on a taxable amount at the invoice's rate, rounded to the cent once (half away from zero). A credit
 * note adjusts by the difference of this function before and after its lines, so credits add up to the
 * invoice's own tax exactly.
 */
export function taxOn(taxable: Cents, applyTax: boolean, taxRate: string): Cents {
  const rate = applyTax ? (parseHundredths(taxRate) ?? 0n) : 0n;
  // Cents × (percent in hundredths) / 10,000.
  return divideRounded(taxable * rate, 10_000n);
}

export type InvoiceTotalsCents = {
  lineAmounts: Cents[];
  taxableSubtotal: Cents;
  nonTaxableSubtotal: Cents;
  /** Both subtotals: what the spec's `subtotal` field holds. */
  subtotal: Cents;
  tax: Cents;
  total: Cents;
};

/**
 * The invoice's figures. `applyTax` off (the 'Apply GST' switch) means no tax at all; `taxRate` is the
 * invoice's percentage ('10', '12', '7.5'). A quantity or rate that is no number counts as 0 (spec 3 §5).
 */
export function invoiceTotals(lines: readonly InvoiceLine[], applyTax: boolean, taxRate: string): InvoiceTotalsCents {
  const lineAmounts = lines.map(lineAmountCents);
  const taxableSubtotal = sumMoney(lineAmounts.filter((_, i) => lines[i]!.taxable));
  const nonTaxableSubtotal = sumMoney(lineAmounts.filter((_, i) => !lines[i]!.taxable));
  const tax = taxOn(taxableSubtotal, applyTax, taxRate);
  return {
    lineAmounts,
    taxableSubtotal,
    nonTaxableSubtotal,
    subtotal: taxableSubtotal + nonTaxableSubtotal,
    tax,
    total: taxableSubtotal + tax + nonTaxableSubtotal,
  };
}

/** The figures as the API writes them ('1234.50'). */
export function invoiceTotalsText(lines: readonly InvoiceLine[], applyTax: boolean, taxRate: string) {
  const t = invoiceTotals(lines, applyTax, taxRate);
  return {
    lineAmounts: t.lineAmounts.map(formatMoney),
    taxableSubtotal: formatMoney(t.taxableSubtotal),
    nonTaxableSubtotal: formatMoney(t.nonTaxableSubtotal),
    subtotal: formatMoney(t.subtotal),
    tax: formatMoney(t.tax),
    total: formatMoney(t.total),
  };
}
