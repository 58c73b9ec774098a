// Client money (issue 25; docs/decisions/0023): money held for a lead or client and not yet earned, kept in
// one ledger per record and currency. It comes in as money received for the client or released from an
// invoice by a credit note, and goes out when it pays an invoice or is refunded. A ledger never goes below
// zero (the database refuses it). The compliance work builds its trust-account rules on this ledger.
import { z } from 'zod';
import { CURRENCIES, centsOf, moneyField } from '../money/money.ts';
import { PG_INTEGER, requiredDate } from '../records/fields.ts';
import { PAYMENT_METHODS } from '../invoices/invoice.ts';

export const LEDGER_ENTRY_KINDS = ['received', 'from_invoice', 'to_invoice', 'refunded'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export const LEDGER_ENTRY_LABELS: Record<LedgerEntryKind, string> = {
  received: 'Client money received',
  from_invoice: 'Kept from a credited invoice',
  to_invoice: 'Applied to an invoice',
  refunded: 'Refunded',
};

/** Whether an entry adds to the ledger's balance or takes from it. */
export const LEDGER_ENTRY_SIGN: Record<LedgerEntryKind, 1 | -1> = {
  received: 1,
  from_invoice: 1,
  to_invoice: -1,
  refunded: -1,
};

const positiveAmount = (message: string) => moneyField(message).refine((text) => centsOf(text) > 0n, { message });
const reference = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(200).optional(),
);
/** A ledger's version as last read; 0 for a currency the record holds nothing in yet. */
const ledgerVersion = () => z.number().int().min(0).max(PG_INTEGER.max);

/** POST /api/leads|clients/{id}/client-money: money received to hold for the client. */
export const clientMoneyInputSchema = z.object({
  currency: z.enum(CURRENCIES),
  amount: positiveAmount('Amount must be more than 0'),
  receivedDate: requiredDate('The date received is required'),
  method: z.enum(PAYMENT_METHODS),
  reference,
  version: ledgerVersion(),
});
export type ClientMoneyInput = z.output<typeof clientMoneyInputSchema>;

/** POST /api/client-ledgers/{id}/refund: client money paid back. */
export const ledgerRefundSchema = z.object({
  amount: positiveAmount('Amount must be more than 0'),
  refundDate: requiredDate('Refund date is required'),
  method: z.enum(PAYMENT_METHODS),
  reference,
  version: ledgerVersion(),
});
export type LedgerRefundInput = z.output<typeof ledgerRefundSchema>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  entryDate: z.string(),
  amount: z.string(),
  method: z.string().nullable(),
  reference: z.string().nullable(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  creditNoteNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const clientLedgerSchema = z.object({
  id: z.string(),
  currency: z.enum(CURRENCIES),
  balance: z.string(),
  version: z.number().int(),
  /** Newest first, at most CLIENT_LEDGER_ENTRIES. */
  entries: z.array(ledgerEntrySchema),
});
export type ClientLedger = z.infer<typeof clientLedgerSchema>;

/** GET /api/leads|clients/{id}/client-money: the record's ledgers, one per currency it has held money in. */
export const clientMoneySchema = z.object({ ledgers: z.array(clientLedgerSchema) });
export type ClientMoney = z.infer<typeof clientMoneySchema>;

/** The newest entries a ledger shows on the record. */
export const CLIENT_LEDGER_ENTRIES = 100;
