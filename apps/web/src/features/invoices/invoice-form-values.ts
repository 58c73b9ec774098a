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
  isTaxedTreatment,
  parseMoney,
  SERVICE_TYPE_MESSAGES,
  type TaxTreatment,
  taxRateFor,
  treatmentReasonMissing,
} from '@crm/domain';

export type ItemValues = {
  /** A stable key for the list while lines are added and removed (never sent). */
  key: string;
  description: string;
  quantity: string;
  rate: string;
  /** Decides whether the line is taxed (and which of the two tables shows it). */
  taxTreatment: TaxTreatment;
  /** Why the line's treatment differs from its service's ('' for none). */
  treatmentReason: string;
  serviceId: string | null;
  /** The billed service's treatment when the form knows it (billed here, or saved without a reason); never sent. */
  serviceTreatment: TaxTreatment | null;
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
/** A new line: a taxable fee in the taxed table, a government charge passed on in the other (as before). */
export const newItem = (taxTreatment: TaxTreatment): ItemValues => ({
  key: `item-${++keys}`,
  description: '',
  quantity: '1',
  rate: '',
  taxTreatment,
  treatmentReason: '',
  serviceId: null,
  serviceTreatment: null,
});

export const isTaxedItem = (item: Pick<ItemValues, 'taxTreatment'>) => isTaxedTreatment(item.taxTreatment);

/** Whether the line shows its reason field: it bills a service taxed otherwise, or has a reason already. */
export const showsTreatmentReason = (item: ItemValues) =>
  item.serviceId !== null &&
  ((item.serviceTreatment !== null && item.serviceTreatment !== item.taxTreatment) || item.treatmentReason !== '');

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
    items: [newItem('taxable'), newItem('government_charge')],
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
  items: invoice.items.map((item) => ({
    ...newItem(item.taxTreatment),
    description: item.description,
    quantity: item.quantity,
    rate: item.rate,
    treatmentReason: item.treatmentReason ?? '',
    serviceId: item.serviceId,
    // Saved without a reason, the line was taxed as its service then.
    serviceTreatment: item.serviceId && !item.treatmentReason ? item.taxTreatment : null,
  })),
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
    items: values.items
      .filter(filled)
      .map(({ description, quantity, rate, taxTreatment, treatmentReason, serviceId }) => ({
        description,
        quantity: quantity.trim() === '' ? '0' : quantity.trim(),
        rate: rate.trim() === '' ? '0' : rate.trim(),
        // Both, agreeing: the server derives `taxable` from the treatment (decision 0024).
        taxable: isTaxedTreatment(taxTreatment),
        taxTreatment,
        treatmentReason: treatmentReason.trim() || null,
        serviceId,
      })),
    notes: values.notes,
    terms: values.terms,
  };
}

/** A field's first problem by path ('clientName', 'items.0.rate'); empty when the values may be saved. */
export function invoiceFormErrors(values: InvoiceFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  // The server's rule, where the form knows the billed service's treatment.
  values.items.forEach((item, index) => {
    if (filled(item) && treatmentReasonMissing(item, item.serviceTreatment ?? undefined))
      errors[`items.${index}.treatmentReason`] = SERVICE_TYPE_MESSAGES.reasonRequired;
  });
  const result = invoiceInputSchema.safeParse(toInvoiceBody(values));
  if (result.success) return errors;
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

/**
 * The server's field errors keyed by the form's paths: an item's error names the line among those sent
 * ('items.0.treatmentReason'), which the form shows on the line the user sees (empty lines are not sent).
 */
export function formErrorsOf(values: InvoiceFormValues, fieldErrors: Record<string, string[]>): Record<string, string> {
  const sent = values.items.filter(filled);
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([path, messages]) => {
      const [field, index, ...rest] = path.split('.');
      const item = field === 'items' && index !== undefined ? sent[Number(index)] : undefined;
      const key = item ? ['items', values.items.indexOf(item), ...rest].join('.') : path;
      return [key, messages[0] ?? ''];
    }),
  );
}

/** The figures the form shows, from the lines as typed (a quantity or rate that is no number counts 0). */
export function formTotals(values: InvoiceFormValues) {
  return invoiceTotals(
    values.items.map((i) => ({ quantity: i.quantity || '0', rate: i.rate || '0', taxable: isTaxedItem(i) })),
    values.applyTax,
    taxRateFor(values.currency),
  );
}

type BillableService = {
  id: string;
  serviceName: string;
  currency: string;
  balanceDue: string | null;
  taxTreatment: TaxTreatment;
};

/**
 * 'Bill services' (beyond the spec): a line per service of the client with a balance due in the invoice's
 * currency and not already on it, at its balance, taxed as the service's treatment says (decision 0024); the
 * empty lines make room for them.
 */
export function billServices(values: InvoiceFormValues, services: readonly BillableService[]): ItemValues[] {
  const billed = new Set(values.items.map((i) => i.serviceId).filter(Boolean));
  const lines = services
    .filter((s) => s.currency === values.currency && !billed.has(s.id) && (parseMoney(s.balanceDue ?? '0') ?? 0n) > 0n)
    .map((s) => ({
      ...newItem(s.taxTreatment),
      description: s.serviceName,
      rate: s.balanceDue ?? '0',
      serviceId: s.id,
      serviceTreatment: s.taxTreatment,
    }));
  const kept = values.items.filter((i) => i.description.trim() !== '' || i.rate.trim() !== '');
  return [...kept, ...lines];
}
