// The 'Receive client money' and 'Refund' forms as values, their bodies and their field errors: the domain's
// schemas decide (so the messages are the server's), plus the two rules the server checks against what it
// holds — no date after the firm's today, no refund beyond the balance — said on their fields before a save.
import {
  centsOf,
  type ClientLedger,
  clientMoneyInputSchema,
  type Currency,
  DEFAULT_CURRENCY,
  futureMoneyDate,
  INVOICE_MONEY_MESSAGES,
  ledgerRefundSchema,
  parseMoney,
  type PaymentMethod,
} from '@crm/domain';

export type FieldErrors = Record<string, string>;

export type ReceiveFormValues = {
  currency: Currency;
  amount: string;
  receivedDate: string;
  method: PaymentMethod;
  reference: string;
};

export type RefundFormValues = { amount: string; refundDate: string; method: PaymentMethod; reference: string };

export const emptyReceiveValues = (today: string, currency: Currency = DEFAULT_CURRENCY): ReceiveFormValues => ({
  currency,
  amount: '',
  receivedDate: today,
  method: 'Bank Transfer',
  reference: '',
});

export const emptyRefundValues = (today: string): RefundFormValues => ({
  amount: '',
  refundDate: today,
  method: 'Bank Transfer',
  reference: '',
});

/** The version the server checks: the ledger's in that currency as last read, 0 while there is none. */
export const versionIn = (ledgers: readonly ClientLedger[], currency: string): number =>
  ledgers.find((l) => l.currency === currency)?.version ?? 0;

export const toReceiveBody = (values: ReceiveFormValues, version: number) => ({
  currency: values.currency,
  amount: values.amount.trim(),
  receivedDate: values.receivedDate,
  method: values.method,
  reference: values.reference.trim() || undefined,
  version,
});

export const toRefundBody = (values: RefundFormValues, version: number) => ({
  amount: values.amount.trim(),
  refundDate: values.refundDate,
  method: values.method,
  reference: values.reference.trim() || undefined,
  version,
});

/** The first message of each field the schema refused. */
function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[] = []): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'amount')] ??= issue.message;
  return errors;
}

/** An empty amount is checked as 0: 'Amount must be more than 0' says more than 'at most 2 decimals'. */
const withAmount = <T extends { amount: string }>(values: T): T =>
  values.amount.trim() === '' ? { ...values, amount: '0' } : values;

export function receiveFormErrors(values: ReceiveFormValues, today: string): FieldErrors {
  const errors = errorsOf(clientMoneyInputSchema.safeParse(toReceiveBody(withAmount(values), 0)).error?.issues);
  if (!errors.receivedDate && values.receivedDate && futureMoneyDate(values.receivedDate, today)) {
    errors.receivedDate = INVOICE_MONEY_MESSAGES.receivedInFuture;
  }
  return errors;
}

export function refundFormErrors(values: RefundFormValues, balance: string, today: string): FieldErrors {
  const errors = errorsOf(ledgerRefundSchema.safeParse(toRefundBody(withAmount(values), 0)).error?.issues);
  const cents = parseMoney(values.amount.trim());
  if (!errors.amount && cents !== undefined && cents > centsOf(balance)) {
    errors.amount = INVOICE_MONEY_MESSAGES.ledgerRefundOver;
  }
  if (!errors.refundDate && values.refundDate && futureMoneyDate(values.refundDate, today)) {
    errors.refundDate = INVOICE_MONEY_MESSAGES.refundInFuture;
  }
  return errors;
}

/** The server's field errors (a 400's `fieldErrors`), the first message of each field. */
export const firstMessages = (fieldErrors: Record<string, string[]>): FieldErrors =>
  Object.fromEntries(
    Object.entries(fieldErrors)
      .filter(([, messages]) => messages.length > 0)
      .map(([field, messages]) => [field, messages[0]!]),
  );
