// The money of an invoice (issue 25; docs/decisions/0012): what was received on it, credited by credit notes,
// refunded and moved to the client's ledger; the balance that leaves and the state it puts the invoice in;
// which services the money pays (in line order); what a credit note adjusts; and which actions an invoice
// offers. The server applies these rules in its transactions and the web offers only what they allow.
//
//   balance due = total − credited − net received
//   net received = payments + client credit applied − refunds − amounts moved to the client's ledger
//
// Amounts are whole cents (bigint), never floats.
import { type Cents, centsOf, sumMoney } from '../money/money.ts';
import { taxOn } from './invoice-totals.ts';

/**
 * What is stored, as the money decides it (invoiceStateOf below): a draft (the form always saves one, spec 3
 * §4), partly or fully paid, or cancelled by a credit note. Overdue is derived (DECISIONS §2): unpaid, not
 * cancelled, its due date before the firm's today.
 */
export const INVOICE_STATES = ['drafts', 'partially_paid', 'paid', 'cancelled'] as const;
export type InvoiceState = (typeof INVOICE_STATES)[number];

/** What a money row on an invoice is: money received against it, or client money applied from the ledger. */
export const PAYMENT_KINDS = ['payment', 'client_credit'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];
export const PAYMENT_KIND_LABELS: Record<PaymentKind, string> = {
  payment: 'Payment',
  client_credit: 'Client credit applied',
};

/** What happens to money a credit note releases: paid back, or kept for the client in their ledger. */
export const MONEY_ACTIONS = ['refund', 'client_credit'] as const;
export type MoneyAction = (typeof MONEY_ACTIONS)[number];
export const MONEY_ACTION_LABELS: Record<MoneyAction, string> = {
  refund: 'Refund',
  client_credit: 'Keep as client credit',
};

export type InvoiceMoney = { total: Cents; credited: Cents; netPaid: Cents };

export const invoiceBalanceOf = (m: InvoiceMoney): Cents => m.total - m.credited - m.netPaid;

/**
 * The stored state the money puts an invoice in: cancelled once credit notes credit all of it; paid when
 * money covers what is left; partly paid while some money is on it; otherwise a draft (sent or not).
 */
export function invoiceStateOf(m: InvoiceMoney & { creditNotes: number }): InvoiceState {
  if (m.creditNotes > 0 && m.credited === m.total) return 'cancelled';
  if (m.netPaid > 0n && invoiceBalanceOf(m) === 0n) return 'paid';
  if (m.netPaid > 0n) return 'partially_paid';
  return 'drafts';
}

/** A line credited by a credit note: the line's place on the invoice and the amount before tax. */
export type CreditLine = { index: number; amount: Cents };

type CreditableItem = { amount: Cents; taxable: boolean };

/** What each line has left to credit. */
export const uncreditedOf = (items: readonly CreditableItem[], creditedBefore: readonly Cents[]): Cents[] =>
  items.map((item, i) => item.amount - (creditedBefore[i] ?? 0n));

/** Every line's uncredited rest: what 'Cancel with credit note' credits. */
export const remainingCreditLines = (
  items: readonly CreditableItem[],
  creditedBefore: readonly Cents[],
): CreditLine[] =>
  uncreditedOf(items, creditedBefore)
    .map((amount, index) => ({ index, amount }))
    .filter((line) => line.amount > 0n);

/**
 * A credit note's figures. The tax adjusted is the difference of the tax on all taxable credits with and
 * without this note's lines, so however the credits are split they add up to the invoice's own tax.
 */
export function creditNoteFigures(
  items: readonly CreditableItem[],
  creditedBefore: readonly Cents[],
  lines: readonly CreditLine[],
  applyTax: boolean,
  taxRate: string,
) {
  const taxableBefore = sumMoney(items.map((item, i) => (item.taxable ? (creditedBefore[i] ?? 0n) : 0n)));
  const taxable = sumMoney(lines.filter((l) => items[l.index]?.taxable).map((l) => l.amount));
  const nonTaxable = sumMoney(lines.filter((l) => !items[l.index]?.taxable).map((l) => l.amount));
  const tax = taxOn(taxableBefore + taxable, applyTax, taxRate) - taxOn(taxableBefore, applyTax, taxRate);
  return { taxable, nonTaxable, tax, total: taxable + nonTaxable + tax };
}

/** The first problem of a credit note's lines (by field path), or null. */
export function creditLinesProblem(
  items: readonly CreditableItem[],
  creditedBefore: readonly Cents[],
  lines: readonly CreditLine[],
): { path: string; message: string } | null {
  if (lines.length === 0) return { path: 'lines', message: INVOICE_MONEY_MESSAGES.creditNothing };
  const left = uncreditedOf(items, creditedBefore);
  const seen = new Set<number>();
  for (const [i, line] of lines.entries()) {
    if (line.index < 0 || line.index >= items.length || seen.has(line.index)) {
      return { path: `lines.${i}.index`, message: INVOICE_MONEY_MESSAGES.creditNoSuchLine };
    }
    seen.add(line.index);
    if (line.amount <= 0n) return { path: `lines.${i}.amount`, message: INVOICE_MONEY_MESSAGES.creditAmountPositive };
    if (line.amount > left[line.index]!)
      return { path: `lines.${i}.amount`, message: INVOICE_MONEY_MESSAGES.creditOverLine };
  }
  return null;
}

/** The money a credit releases: what it credits beyond the balance still due (refunded or kept as credit). */
export const moneyReleasedBy = (creditTotal: Cents, balanceDue: Cents): Cents =>
  creditTotal > balanceDue ? creditTotal - balanceDue : 0n;

/**
 * Which payments the money a credit releases comes out of, as the credit dialog proposes it: the newest
 * first, each up to what is left of it. Any split the user chooses within those limits is accepted.
 */
export function releasedFromPayments(
  payments: readonly { id: string; remaining: Cents }[],
  released: Cents,
): { paymentId: string; amount: Cents }[] {
  const out: { paymentId: string; amount: Cents }[] = [];
  let left = released;
  for (const p of [...payments].reverse()) {
    if (left <= 0n) break;
    if (p.remaining <= 0n) continue;
    const amount = p.remaining < left ? p.remaining : left;
    out.push({ paymentId: p.id, amount });
    left -= amount;
  }
  return out;
}

/**
 * Which services the money on an invoice pays: the net received covers the lines in their order, each up
 * to its uncredited amount before tax; the tax is covered last. A fully paid invoice pays each line's
 * amount exactly; a part payment pays the first lines first.
 */
export function allocateInLineOrder(lines: readonly { amount: Cents; credited: Cents }[], netPaid: Cents): Cents[] {
  let left = netPaid;
  return lines.map((line) => {
    const open = line.amount - line.credited;
    const paid = open <= 0n || left <= 0n ? 0n : left < open ? left : open;
    left -= paid;
    return paid;
  });
}

/**
 * Where an invoice stood once a payment came (the receipt's figures), in the order things happened: the
 * credits issued before it, and the balance left once it was received (money those credits returned
 * counted off). `at` is the payment's place in `payments`, which are in the order they were recorded.
 */
export function positionAfterPayment(
  total: Cents,
  payments: readonly { amount: Cents; createdAt: string }[],
  at: number,
  notes: readonly { total: Cents; returned: Cents; createdAt: string }[],
): { credited: Cents; balanceDue: Cents } {
  const payment = payments[at]!;
  const before = notes.filter((n) => n.createdAt <= payment.createdAt);
  const credited = sumMoney(before.map((n) => n.total));
  const returned = sumMoney(before.map((n) => n.returned));
  const received = sumMoney(payments.slice(0, at + 1).map((p) => p.amount));
  return { credited, balanceDue: total - credited - (received - returned) };
}

/** A date of money received, refunded or moved may not be after the firm's today. */
export const futureMoneyDate = (date: string, today: string) => date > today;

/** What an invoice offers, from one rule for the server and the web. */
export type InvoiceActions = {
  /** Save the form (a paid invoice: its notes only). */
  edit: boolean;
  /** Deleted softly: never sent, nothing paid or credited. */
  delete: boolean;
  /** Credit all that is left, with what happens to the money received. */
  cancel: boolean;
  /** A part credit: a line, or part of one. */
  credit: boolean;
  /** Mark as Paid or a part payment (or client credit applied). */
  recordPayment: boolean;
};

export function invoiceActionsOf(invoice: {
  state: InvoiceState;
  sentAt: string | null;
  credited: string;
  balanceDue: string;
  total: string;
}): InvoiceActions {
  const open = invoice.state !== 'cancelled';
  const credited = centsOf(invoice.credited);
  const deletable = invoice.state === 'drafts' && invoice.sentAt === null && credited === 0n;
  const creditable = open && !deletable && centsOf(invoice.total) > credited;
  return {
    edit: open,
    delete: deletable,
    cancel: creditable,
    credit: creditable,
    recordPayment:
      (invoice.state === 'drafts' || invoice.state === 'partially_paid') && centsOf(invoice.balanceDue) > 0n,
  };
}

export const INVOICE_MONEY_MESSAGES = {
  dueBeforeIssue: 'Due date cannot be before the issue date',
  paymentInFuture: 'Payment date cannot be in the future',
  refundInFuture: 'Refund date cannot be in the future',
  receivedInFuture: 'The date received cannot be in the future',
  creditNothing: 'Choose at least one line to credit',
  creditNoSuchLine: 'No such line on this invoice',
  creditAmountPositive: 'The amount to credit must be more than 0',
  creditOverLine: 'The credit cannot exceed what is left of this line',
  creditItemsLocked:
    'An invoice with a credit note keeps its lines and figures: issue another credit note to change what it bills',
  moneyUnhandled: (amount: string) =>
    `Say what happens to the ${amount} received: refund it or keep it as client credit`,
  moneyMismatch: (amount: string) => `The amounts refunded and kept as client credit must add up to ${amount}`,
  moneyOverPayment: 'More than is left of this payment',
  moneyNoSuchPayment: 'No such payment on this invoice',
  refundDetailsRequired: 'Give the refund date and method',
  noRecordForCredit: 'This invoice bills no lead or client, so the money can only be refunded',
  clientCreditOver: 'More than the client credit held or the balance due',
  clientCreditNone: 'The client holds no credit in this currency',
  ledgerRefundOver: 'More than the client money held',
  receiptExists: (receiptNumber: string) => `Receipt ${receiptNumber} was already saved for this payment`,
  everyPaymentReceipted: 'Every payment on this invoice already has its receipt',
  creditDraft: 'An unsent, unpaid draft is edited or deleted, not credited',
  noSuchPayment: 'No such payment on this invoice',
  paidBelowInvoices: (amount: string) => `Paid amount cannot be less than the ${amount} paid through invoices`,
  purgeHoldsMoney: 'This record holds client money: refund it before deleting the record forever',
  creditNoteNotFound: 'Credit note not found',
  ledgerNotFound: 'Client ledger not found',
  creditSaved: 'Credit note issued',
  cancelled: 'Invoice cancelled with a credit note',
  clientCreditApplied: 'Client credit applied',
  clientMoneyRecorded: 'Client money recorded',
  refunded: 'Refund recorded',
} as const;
