// The invoice form's values (text, as the inputs hold them), the spec's defaults (§9: due 14 days after
// issue, the notes and terms, one taxed and one untaxed empty line), the mapping to and from the API, the
// check before saving (the domain schema, so the messages are the server's) and the figures as the user
// types (the domain's invoiceTotals: the server computes the same on save).
import {
  addDays,
  type Currency,
  INVOICE_DEFAULTS,
  invoiceInputSchema,
  type InvoiceRecord,
  invoiceTotals,
  parseMoney,
  taxRateFor,
} from '@crm/domain';

export type ItemValues = {
  /** A stable key for the list while lines are added and removed (never sent). */
  key: string;
  description: string;
  quantity: string;
  rate: string;
  taxable: boolean;
  serviceId: string | null;
};

export type InvoiceFormValues = {
  invoiceNumber: string;
  issueDate: string;
  dueDate: string;
  entityType: 'lead' | 'client' | null;
  entityId: string | null;
  clientName: string;
  clientEmail: string;
  clientAddress: string;
  templateId: string | null;
  currency: Currency;
  applyTax: boolean;
  items: ItemValues[];
  notes: string;
  terms: string;
};

let keys = 0;
export const newItem = (taxable: boolean): ItemValues => ({
  key: `item-${++keys}`,
  description: '',
  quantity: '1',
  rate: '',
  taxable,
  serviceId: null,
});

export function emptyInvoiceValues(today: string): InvoiceFormValues {
  return {
    invoiceNumber: '',
    issueDate: today,
    dueDate: addDays(today, INVOICE_DEFAULTS.dueInDays),
    entityType: null,
    entityId: null,
    clientName: '',
    clientEmail: '',
    clientAddress: '',
    templateId: null,
    currency: 'AUD',
    applyTax: true,
    items: [newItem(true), newItem(false)],
    notes: INVOICE_DEFAULTS.notes,
    terms: INVOICE_DEFAULTS.terms,
  };
}

export const invoiceToFormValues = (invoice: InvoiceRecord): InvoiceFormValues => ({
  invoiceNumber: invoice.invoiceNumber,
  issueDate: invoice.issueDate,
  dueDate: invoice.dueDate,
  entityType: invoice.entityType,
  entityId: invoice.entityId,
  clientName: invoice.clientName,
  clientEmail: invoice.clientEmail ?? '',
  clientAddress: invoice.clientAddress,
  templateId: invoice.templateId,
  currency: invoice.currency,
  applyTax: invoice.applyTax,
  items: invoice.items.map((item) => ({ ...newItem(item.taxable), ...item, key: newItem(item.taxable).key })),
  notes: invoice.notes ?? '',
  terms: invoice.terms ?? '',
});

/** Lines the user left wholly empty (no description, no rate) are not sent. */
const filled = (item: ItemValues) => item.description.trim() !== '' || item.rate.trim() !== '';

/** What the API is sent. The figures are not: the server computes them. */
export function toInvoiceBody(values: InvoiceFormValues) {
  return {
    invoiceNumber: values.invoiceNumber.trim() || undefined,
    issueDate: values.issueDate,
    dueDate: values.dueDate,
    entityType: values.entityType,
    entityId: values.entityId,
    clientName: values.clientName,
    clientEmail: values.clientEmail.trim(),
    clientAddress: values.clientAddress,
    templateId: values.templateId,
    currency: values.currency,
    applyTax: values.applyTax,
    items: values.items.filter(filled).map(({ description, quantity, rate, taxable, serviceId }) => ({
      description,
      quantity: quantity.trim() === '' ? '0' : quantity.trim(),
      rate: rate.trim() === '' ? '0' : rate.trim(),
      taxable,
      serviceId,
    })),
    notes: values.notes,
    terms: values.terms,
  };
}

/** A field's first problem by path ('clientName', 'items.0.rate'); empty when the values may be saved. */
export function invoiceFormErrors(values: InvoiceFormValues): Record<string, string> {
  const result = invoiceInputSchema.safeParse(toInvoiceBody(values));
  if (result.success) return {};
  const errors: Record<string, string> = {};
  const sent = values.items.filter(filled);
  for (const issue of result.error.issues) {
    const [field, index, sub] = issue.path;
    // An item's problem is shown on the line the user sees (empty lines are skipped when sending).
    const key =
      field === 'items' && typeof index === 'number' && sub !== undefined
        ? `items.${values.items.indexOf(sent[index]!)}.${String(sub)}`
        : String(field ?? 'form');
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The figures the form shows, from the lines as typed (a quantity or rate that is no number counts 0). */
export function formTotals(values: InvoiceFormValues) {
  return invoiceTotals(
    values.items.map((i) => ({ quantity: i.quantity || '0', rate: i.rate || '0', taxable: i.taxable })),
    values.applyTax,
    taxRateFor(values.currency),
  );
}

/** Services billed at cost (a government or provider charge): no GST or VAT on the line. */
const PASS_THROUGH = new Set(['Visa Application', 'Health Insurance', 'Tuition Fee', 'Skills Assessment']);

type BillableService = {
  id: string;
  serviceName: string;
  serviceCategory: string | null;
  currency: string;
  balanceDue: string | null;
};

/**
 * 'Bill services' (beyond the spec): a line per service of the client with a balance due in the invoice's
 * currency and not already on it, at its balance; the empty lines make room for them.
 */
export function billServices(values: InvoiceFormValues, services: readonly BillableService[]): ItemValues[] {
  const billed = new Set(values.items.map((i) => i.serviceId).filter(Boolean));
  const lines = services
    .filter((s) => s.currency === values.currency && !billed.has(s.id) && (parseMoney(s.balanceDue ?? '0') ?? 0n) > 0n)
    .map((s) => ({
      ...newItem(!PASS_THROUGH.has(s.serviceCategory ?? s.serviceName)),
      description: s.serviceName,
      rate: s.balanceDue ?? '0',
      serviceId: s.id,
    }));
  const kept = values.items.filter((i) => i.description.trim() !== '' || i.rate.trim() !== '');
  return [...kept, ...lines];
}
