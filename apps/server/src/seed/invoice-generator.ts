// Generated invoices for the demo data and the large load: AUD with GST, PHP with VAT and a few USD, 1–4
// lines mixing taxed professional fees and untaxed government charges, issued over the last five months
// and due 14 days later, in every state (drafts, overdue by their dates, partly paid, paid, cancelled).
// The figures come from the domain's invoiceTotals, as the API computes them.
import {
  isTaxInvoice,
  addDays,
  formatMoney,
  INVOICE_DEFAULTS,
  type InvoiceState,
  invoiceTotals,
  PAYMENT_METHODS,
  taxRateFor,
  treatmentOfTaxable,
} from '@crm/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import {
  creditNotes,
  documentCounters,
  invoicePayments,
  invoices,
  type StoredInvoiceItem,
} from '../db/schema/index.ts';
import { creditNoteNumberOf, invoiceNumberOf } from '../features/invoices/invoices.repository.ts';
import type { Random } from './lead-generator.ts';

type Line = { description: string; rate: string; taxable: boolean };

const LINES: Record<'AUD' | 'PHP' | 'USD', readonly Line[]> = {
  AUD: [
    { description: 'Professional fee – Student visa (subclass 500)', rate: '2200.00', taxable: true },
    { description: 'Professional fee – Partner visa (subclass 820/801)', rate: '4950.00', taxable: true },
    { description: 'Professional fee – Skilled Nominated visa (subclass 190)', rate: '3850.00', taxable: true },
    { description: 'Initial consultation (1 hour)', rate: '220.00', taxable: true },
    { description: 'Skills assessment preparation', rate: '990.00', taxable: true },
    { description: 'Visa application charge (Department of Home Affairs)', rate: '1600.00', taxable: false },
    { description: 'Skills assessment fee (assessing authority)', rate: '1070.00', taxable: false },
    { description: 'Health examination (panel physician)', rate: '395.00', taxable: false },
  ],
  PHP: [
    { description: 'Professional fee – Student visa application', rate: '45000.00', taxable: true },
    { description: 'Document review and lodgement', rate: '12500.00', taxable: true },
    { description: 'English test preparation package', rate: '8500.00', taxable: true },
    { description: 'NBI clearance and courier', rate: '1850.00', taxable: false },
    { description: 'Medical examination (accredited clinic)', rate: '9800.00', taxable: false },
  ],
  USD: [
    { description: 'Professional fee – Visitor visa (subclass 600)', rate: '650.00', taxable: false },
    { description: 'Document translation (per page)', rate: '45.00', taxable: false },
  ],
};

export type GeneratedInvoice = {
  invoice: Omit<typeof invoices.$inferInsert, 'invoiceNumber'>;
  payments: Omit<typeof invoicePayments.$inferInsert, 'invoiceId'>[];
};

export type InvoiceBuyer = {
  leadId?: string | null;
  clientId?: string | null;
  name: string;
  email: string | null;
  address: string;
  createdBy: string | null;
};

/** One invoice with its payments, on the firm's `today` (YYYY-MM-DD). */
export function generateInvoice(random: Random, buyer: InvoiceBuyer, today: string): GeneratedInvoice {
  const currency = random.weighted([
    ['AUD', 60],
    ['PHP', 35],
    ['USD', 5],
  ] as const);
  const lines = Array.from({ length: random.int(1, 4) }, () => random.pick(LINES[currency]));
  const items = lines.map((line) => ({
    description: line.description,
    quantity: line.description.includes('per page') ? String(random.int(2, 12)) : '1',
    rate: line.rate,
    taxable: line.taxable,
  }));
  const taxRate = taxRateFor(currency);
  const applyTax = currency !== 'USD';
  const totals = invoiceTotals(items, applyTax, taxRate);
  const issueDate = addDays(today, -random.int(0, 150));
  const dueDate = addDays(issueDate, INVOICE_DEFAULTS.dueInDays);
  const state = random.weighted<InvoiceState>([
    ['drafts', 45],
    ['partially_paid', 10],
    ['paid', 40],
    ['cancelled', 5],
  ]);
  const paidOn = () => {
    const day = addDays(issueDate, random.int(0, 20));
    return day > today ? today : day;
  };
  const method = () => random.pick(PAYMENT_METHODS.filter((m) => currency === 'PHP' || m !== 'GCash'));
  let paid = 0n;
  const payments: GeneratedInvoice['payments'] = [];
  if (state === 'paid') {
    paid = totals.total;
    payments.push({ paymentDate: paidOn(), amount: formatMoney(paid), method: method(), createdBy: buyer.createdBy });
  } else if (state === 'partially_paid') {
    paid = (totals.total * BigInt(random.int(30, 70))) / 100n;
    payments.push({ paymentDate: paidOn(), amount: formatMoney(paid), method: method(), createdBy: buyer.createdBy });
  }
  const stored: StoredInvoiceItem[] = items.map((item, i) => ({
    ...item,
    amount: formatMoney(totals.lineAmounts[i]!),
    taxTreatment: treatmentOfTaxable(item.taxable),
    treatmentReason: null,
    serviceId: null,
  }));
  const created = new Date(`${issueDate}T09:00:00+10:00`);
  return {
    invoice: {
      leadId: buyer.leadId ?? null,
      clientId: buyer.clientId ?? null,
      issueDate,
      dueDate,
      clientName: buyer.name,
      clientEmail: buyer.email,
      clientAddress: buyer.address,
      currency,
      applyTax,
      taxRate,
      items: stored,
      taxableSubtotal: formatMoney(totals.taxableSubtotal),
      nonTaxableSubtotal: formatMoney(totals.nonTaxableSubtotal),
      tax: formatMoney(totals.tax),
      total: formatMoney(totals.total),
      amountPaid: formatMoney(paid),
      // A cancelled one is credited in full by its credit note (insertInvoices writes it).
      credited: state === 'cancelled' ? formatMoney(totals.total) : '0.00',
      state,
      paymentDate: state === 'paid' ? (payments[0]?.paymentDate ?? null) : null,
      notes: INVOICE_DEFAULTS.notes,
      terms: INVOICE_DEFAULTS.terms,
      sentAt: state === 'drafts' && random.chance(0.5) ? null : created,
      cancelledAt: state === 'cancelled' ? created : null,
      cancelReason: state === 'cancelled' ? 'Issued to the wrong client' : null,
      createdAt: created,
      updatedAt: created,
      createdBy: buyer.createdBy,
      updatedBy: buyer.createdBy,
    },
    payments,
  };
}

/** The next `n` numbers of a document counter at once (as the API would take them one by one): the first. */
export async function takeNumbers(db: Executor, name: string, n: number): Promise<number> {
  const result = await db.execute<{ last_value: string }>(sql`
    insert into ${documentCounters} (name, last_value) values (${name}, ${n})
    on conflict (name) do update set last_value = ${documentCounters.lastValue} + ${n}
    returning last_value`);
  return Number(result.rows[0]!.last_value) - n + 1;
}

/**
 * Inserts generated invoices with the next numbers of the counters (one block taken at once, as the API
 * would take them one by one), their payments, and a credit note number for each cancelled one.
 */
export async function insertInvoices(db: Executor, generated: readonly GeneratedInvoice[]): Promise<string[]> {
  if (generated.length === 0) return [];
  const block = (name: string, n: number) => takeNumbers(db, name, n);
  const firstInvoice = await block('invoice', generated.length);
  const cancelled = generated.filter((g) => g.invoice.state === 'cancelled').length;
  let creditNote = cancelled > 0 ? await block('credit_note', cancelled) : 0;
  const ids: string[] = [];
  for (let i = 0; i < generated.length; i += 500) {
    const batch = generated.slice(i, i + 500);
    const rows = await db
      .insert(invoices)
      .values(
        batch.map((g, j) => ({
          ...g.invoice,
          invoiceNumber: invoiceNumberOf(firstInvoice + i + j),
          creditNoteNumber: g.invoice.state === 'cancelled' ? creditNoteNumberOf(creditNote++) : null,
        })),
      )
      .returning({
        id: invoices.id,
        invoiceNumber: invoices.invoiceNumber,
        creditNoteNumber: invoices.creditNoteNumber,
      });
    const payments = batch.flatMap((g, j) => g.payments.map((p) => ({ ...p, invoiceId: rows[j]!.id })));
    if (payments.length > 0) await db.insert(invoicePayments).values(payments);
    const notes = batch.flatMap((g, j) => {
      const row = rows[j]!;
      if (g.invoice.state !== 'cancelled' || !row.creditNoteNumber) return [];
      const currency = g.invoice.currency ?? 'AUD';
      const applyTax = g.invoice.applyTax ?? true;
      const at = g.invoice.createdAt ?? new Date();
      return [
        {
          creditNoteNumber: row.creditNoteNumber,
          sequence: Number(row.creditNoteNumber.replace(/\D/g, '')),
          invoiceId: row.id,
          issueDate: g.invoice.issueDate,
          reason: g.invoice.cancelReason ?? 'Cancelled',
          cancels: true,
          ofTaxInvoice: isTaxInvoice({ currency, applyTax, tax: g.invoice.tax }),
          lines: g.invoice.items.map((item, index) => ({
            index,
            description: item.description,
            amount: item.amount,
            taxable: item.taxable,
          })),
          taxableAmount: g.invoice.taxableSubtotal,
          nonTaxableAmount: g.invoice.nonTaxableSubtotal,
          tax: g.invoice.tax,
          total: g.invoice.total,
          currency,
          applyTax,
          taxRate: g.invoice.taxRate,
          invoiceNumber: row.invoiceNumber,
          invoiceIssueDate: g.invoice.issueDate,
          invoiceTotal: g.invoice.total,
          clientName: g.invoice.clientName,
          clientAddress: g.invoice.clientAddress,
          createdAt: at,
          updatedAt: at,
          createdBy: g.invoice.createdBy ?? null,
          updatedBy: g.invoice.createdBy ?? null,
        },
      ];
    });
    if (notes.length > 0) await db.insert(creditNotes).values(notes);
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}
