// Invoices, payments and receipts (spec 3 §2.2, §4, §5; DECISIONS.md §2; issue 13). Finance staff see every
// invoice (the Finance module decides); a version guards every change; each write is one transaction with
// its audit row and an 'invoice' change event. The figures are computed here from the items (a total sent
// by a client is never read), numbers come from the counters in the same transaction, and marking an
// invoice paid adds the billed amounts to the services it bills in that transaction too, so the invoice and
// the services never disagree about what was paid.
import { isDeepStrictEqual } from 'node:util';
import {
  centsOf,
  type CreditNoteRecord,
  creditNoteTitle,
  displayMoney,
  formatCalendarDate,
  formatMoney,
  type InvoiceInput,
  type InvoiceListQuery,
  INVOICE_MESSAGES,
  INVOICE_MONEY_MESSAGES,
  invoiceActionsOf,
  type InvoiceRecord,
  type InvoiceRow,
  type Page,
  type ReceiptListQuery,
  type ReceiptRecord,
  type ServiceInvoice,
  type InvoiceState,
  invoiceStatusOf,
  SERVICE_TYPE_MESSAGES,
  type TaxTreatment,
  treatmentReasonMissing,
  type MailReceipt,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { oneLine } from '../../platform/mail/mail-text.ts';
import type { Actor } from '../../plugins/actor.ts';
import { queueMail } from '../../platform/mail/mail-queue.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { findTemplate } from './invoice-templates.repository.ts';
import { AppError, conflict, notFound, validationError } from '../../plugins/errors.ts';
import { findClient } from '../clients/clients.repository.ts';
import { findLead } from '../leads/leads.repository.ts';
import { brandingLogoKey } from '../settings/branding.service.ts';
import { readDisplaySetting, readFirmToday, readGeneralSettings } from '../../platform/settings/settings.repository.ts';
import type { PdfFile } from '../../pdf/pdf-reply.ts';
import { renderPdf } from '../../pdf/pdf-renderer.ts';
import { creditNoteDocument, invoiceDocument, isTaxInvoice, receiptDocument } from './invoice-pdf.ts';
import { type CreditNoteRow, findCreditNote, lockInvoice } from './invoice-money.repository.ts';
import { invoiceChanged, invoiceNotFound, recordOf, settleInvoice } from './invoice-money.service.ts';
import {
  billedServices,
  creditNotesPage,
  findDeletedInvoice,
  findInvoice,
  insertInvoice,
  invoicesOfServices,
  invoiceTemplateIdOf,
  markInvoiceSent,
  purgeInvoiceRow,
  softDeleteInvoice,
  softDeleteReceipt,
  undeleteInvoice,
  updateInvoiceRow,
  type InvoiceDbRow,
  invoiceColumns,
  invoiceNumberOf,
  invoiceNumberTaken,
  invoicePage,
  NO_MONEY,
  nextNumber,
  findReceipt,
  rateText,
  receiptsPage,
  refundsPage,
  toInvoiceCreditNote,
  toInvoiceRecord,
  toReceiptRecord,
} from './invoices.repository.ts';

export { INVOICE_EVENT } from './invoice-money.service.ts';

const changed = invoiceChanged;

/** The record an invoice bills must exist and be visible to the user. */
async function checkRecord(tx: Executor, actor: Actor, input: InvoiceInput): Promise<void> {
  if (!input.entityType || !input.entityId) return;
  const found =
    input.entityType === 'lead'
      ? await findLead(tx, actor.viewer, input.entityId)
      : await findClient(tx, actor.viewer, input.entityId);
  if (!found) throw validationError({ entityId: [`${input.entityType === 'lead' ? 'Lead' : 'Client'} not found`] });
}

/**
 * The services an invoice bills must belong to the record it bills, and a line that bills one with another
 * tax treatment than the service's gives a reason (decision 0024; the error is on the line's reason).
 */
async function checkServices(tx: Executor, input: InvoiceInput): Promise<void> {
  const ids = input.items.flatMap((item) => (item.serviceId ? [item.serviceId] : []));
  if (ids.length === 0) return;
  const owner = input.entityType && input.entityId ? { type: input.entityType, id: input.entityId } : null;
  const rows = await billedServices(tx, ids);
  const belongs = (r: (typeof rows)[number]) =>
    owner !== null && (owner.type === 'lead' ? r.leadId === owner.id : r.clientId === owner.id);
  if (rows.length !== new Set(ids).size || !rows.every(belongs)) {
    throw validationError({ items: ['A billed service must belong to the lead or client the invoice bills'] });
  }
  const treatments = new Map(rows.map((r) => [r.id, r.taxTreatment as TaxTreatment]));
  const missing: Record<string, string[]> = {};
  input.items.forEach((item, index) => {
    if (treatmentReasonMissing(item, item.serviceId ? treatments.get(item.serviceId) : undefined)) {
      missing[`items.${index}.treatmentReason`] = [SERVICE_TYPE_MESSAGES.reasonRequired];
    }
  });
  if (Object.keys(missing).length > 0) throw validationError(missing);
}

export async function listInvoices(db: Database, actor: Actor, query: InvoiceListQuery): Promise<Page<InvoiceRow>> {
  return invoicePage(db, actor.viewer, query, await readFirmToday(db));
}

export async function readInvoice(db: Database, _actor: Actor, id: string): Promise<InvoiceRecord> {
  const row = await findInvoice(db, id);
  if (!row) throw invoiceNotFound();
  return recordOf(db, row);
}

/** A typed number must be free; a generated one skips numbers someone typed ('INV-0042'). */
async function numberFor(tx: Executor, typed: string | undefined, exceptId?: string): Promise<string> {
  if (typed) {
    if (await invoiceNumberTaken(tx, typed, exceptId))
      throw validationError({ invoiceNumber: [INVOICE_MESSAGES.numberTaken] });
    return typed;
  }
  for (;;) {
    const candidate = invoiceNumberOf(await nextNumber(tx, 'invoice'));
    if (!(await invoiceNumberTaken(tx, candidate))) return candidate;
  }
}

export async function createInvoice(db: Database, actor: Actor, input: InvoiceInput): Promise<InvoiceRecord> {
  return db.transaction(async (tx) => {
    await checkRecord(tx, actor, input);
    await checkServices(tx, input);
    const values = invoiceColumns(input);
    const invoiceNumber = await numberFor(tx, input.invoiceNumber);
    const row = await insertInvoice(tx, values, invoiceNumber, actor.ctx.actorId);
    await changed(tx, actor, row.id, 'CREATE_INVOICE', {
      new: { ...values, items: values.items.length, invoiceNumber },
    });
    return recordOf(tx, row);
  });
}

/**
 * A paid invoice may change its notes only; a cancelled one nothing; one with a credit note keeps its lines
 * and figures (the credit notes name its lines and amounts).
 */
function checkEditable(row: InvoiceDbRow, next: ReturnType<typeof invoiceColumns>, number: string) {
  if (row.state === 'cancelled') throw new AppError('CONFLICT', INVOICE_MESSAGES.readOnlyCancelled);
  const stored = invoiceColumnsOfRow(row);
  // Deep equality, not JSON text: jsonb gives the items' keys back in its own order.
  if (row.state === 'paid') {
    const same =
      number === row.invoiceNumber && isDeepStrictEqual({ ...next, notes: null }, { ...stored, notes: null });
    if (!same) throw new AppError('CONFLICT', INVOICE_MESSAGES.readOnlyPaid);
  }
  if (centsOf(row.credited) > 0n) {
    const figures = (c: ReturnType<typeof invoiceColumns>) => ({
      items: c.items,
      currency: c.currency,
      applyTax: c.applyTax,
      taxRate: c.taxRate,
      total: c.total,
    });
    if (!isDeepStrictEqual(figures(next), figures(stored))) {
      throw new AppError('CONFLICT', INVOICE_MONEY_MESSAGES.creditItemsLocked);
    }
  }
}

/** The stored columns in the order invoiceColumns writes them, to compare an edit of a paid invoice. */
function invoiceColumnsOfRow(row: InvoiceDbRow): ReturnType<typeof invoiceColumns> {
  return {
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    leadId: row.leadId,
    clientId: row.clientId,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    clientAddress: row.clientAddress,
    templateId: row.templateId,
    currency: row.currency as ReturnType<typeof invoiceColumns>['currency'],
    applyTax: row.applyTax,
    taxRate: rateText(row.taxRate),
    items: row.items,
    taxableSubtotal: row.taxableSubtotal,
    nonTaxableSubtotal: row.nonTaxableSubtotal,
    tax: row.tax,
    total: row.total,
    notes: row.notes,
    terms: row.terms,
  };
}

export async function updateInvoice(
  db: Database,
  actor: Actor,
  id: string,
  input: InvoiceInput & { version: number },
): Promise<InvoiceRecord> {
  return db.transaction(async (tx) => {
    const before = await lockInvoice(tx, id);
    if (!before) throw invoiceNotFound();
    if (before.version !== input.version) throw conflict();
    const values = invoiceColumns(input);
    const invoiceNumber = input.invoiceNumber ?? before.invoiceNumber;
    checkEditable(before, values, invoiceNumber);
    if (centsOf(values.total) < centsOf(before.amountPaid) + centsOf(before.credited)) {
      throw validationError({ items: [INVOICE_MESSAGES.paymentOverTotal] });
    }
    await checkRecord(tx, actor, input);
    await checkServices(tx, input);
    if (invoiceNumber !== before.invoiceNumber) await numberFor(tx, invoiceNumber, id);
    const row = await updateInvoiceRow(tx, id, input.version, { ...values, invoiceNumber }, actor.ctx.actorId);
    if (!row) throw conflict();
    // New lines or a new total change which services the money pays, and may pay it in full.
    const settled = await settleInvoice(tx, actor, row);
    await changed(tx, actor, id, 'UPDATE_INVOICE', {
      old: { total: before.total, items: before.items.length },
      new: { total: values.total, items: values.items.length },
    });
    return recordOf(tx, settled);
  });
}

/** An unsent, unpaid invoice may be deleted (soft); one that was sent or paid is cancelled by a credit note. */
export async function deleteInvoice(db: Database, actor: Actor, id: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const row = await lockInvoice(tx, id);
    if (!row) throw invoiceNotFound();
    const actions = invoiceActionsOf({
      state: row.state as InvoiceState,
      sentAt: row.sentAt?.toISOString() ?? null,
      credited: row.credited,
      balanceDue: formatMoney(centsOf(row.total) - centsOf(row.credited) - centsOf(row.amountPaid)),
      total: row.total,
    });
    if (!actions.delete) throw new AppError('CONFLICT', INVOICE_MESSAGES.deleteRefused);
    await softDeleteInvoice(tx, id, actor.ctx.actorId);
    await changed(tx, actor, id, 'DELETE_INVOICE', { old: { invoiceNumber: row.invoiceNumber, total: row.total } });
    return { message: INVOICE_MESSAGES.deleted };
  });
}

/** A deleted (never sent, unpaid) invoice back in the lists (Deleted Items' Restore). */
export async function restoreInvoice(db: Database, actor: Actor, id: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const row = await findDeletedInvoice(tx, id);
    if (!row) throw invoiceNotFound();
    await undeleteInvoice(tx, id);
    await changed(tx, actor, id, 'RESTORE_INVOICE', { old: { deletedAt: row.deletedAt }, new: { deletedAt: null } });
    return { message: INVOICE_MESSAGES.restored };
  });
}

/**
 * A deleted invoice gone for good (Deleted Items' Delete Forever, account administrators). Only a deleted
 * one, which was never sent nor paid, so no receipt or payment refers to it; its number is never reused
 * (the counter only moves on), and the audit row keeps its figures.
 */
export async function purgeInvoice(db: Database, actor: Actor, id: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const row = await findDeletedInvoice(tx, id);
    if (!row) throw invoiceNotFound();
    await purgeInvoiceRow(tx, id);
    await changed(tx, actor, id, 'PURGE_INVOICE', {
      old: { invoiceNumber: row.invoiceNumber, clientName: row.clientName, total: row.total, currency: row.currency },
    });
    return { message: INVOICE_MESSAGES.purged };
  });
}

export const listReceipts = (db: Database, actor: Actor, query: ReceiptListQuery) =>
  receiptsPage(db, actor.viewer, query);

export const listCreditNotes = (db: Database, actor: Actor, query: ReceiptListQuery) =>
  creditNotesPage(db, actor.viewer, query);

export const listRefunds = (db: Database, actor: Actor, query: ReceiptListQuery) =>
  refundsPage(db, actor.viewer, query);

export function toCreditNoteRecord(row: CreditNoteRow): CreditNoteRecord {
  return {
    ...toInvoiceCreditNote(row),
    invoiceId: row.invoiceId,
    invoiceNumber: row.invoiceNumber,
    invoiceIssueDate: row.invoiceIssueDate,
    invoiceTotal: formatMoney(centsOf(row.invoiceTotal)),
    clientName: row.clientName,
    clientAddress: row.clientAddress,
    lines: row.lines,
    taxableAmount: formatMoney(centsOf(row.taxableAmount)),
    nonTaxableAmount: formatMoney(centsOf(row.nonTaxableAmount)),
    currency: row.currency as CreditNoteRecord['currency'],
    applyTax: row.applyTax,
    taxRate: rateText(row.taxRate),
    title: creditNoteTitle(row),
  };
}

export async function readCreditNote(db: Database, id: string): Promise<CreditNoteRecord> {
  const row = await findCreditNote(db, id);
  if (!row) throw new AppError('NOT_FOUND', INVOICE_MONEY_MESSAGES.creditNoteNotFound);
  return toCreditNoteRecord(row);
}

export async function readReceipt(db: Database, id: string): Promise<ReceiptRecord> {
  const row = await findReceipt(db, id);
  if (!row) throw notFound('Receipt');
  return toReceiptRecord(row);
}

/** A receipt is deleted softly: its number stays taken, so the sequence keeps no gap. */
export async function deleteReceipt(db: Database, actor: Actor, id: string): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const row = await findReceipt(tx, id);
    if (!row) throw notFound('Receipt');
    await softDeleteReceipt(tx, id, actor.ctx.actorId);
    await changed(tx, actor, row.invoiceId, 'DELETE_RECEIPT', { old: { receiptNumber: row.receiptNumber } });
    return { message: INVOICE_MESSAGES.receiptDeleted };
  });
}

/** A PDF and the name it downloads under. */

/** A stored PNG or JPG as the data URL pdfmake embeds, or null when it is gone. */
async function embeddedLogo(storage: FileStorage, key: string | null): Promise<string | null> {
  const file = key ? await storage.get(key) : undefined;
  if (!key || !file) return null;
  const bytes = Buffer.concat(await file.stream.toArray());
  return `data:${key.endsWith('.png') ? 'image/png' : 'image/jpeg'};base64,${bytes.toString('base64')}`;
}

/**
 * The business details an invoice prints: the general settings, with what its template sets instead (name,
 * address, ABN), and the template's logo as an embedded image — the firm's own logo (Branding) when the
 * template has none.
 */
async function firmOf(db: Executor, storage: FileStorage, templateId: string | null) {
  const firm = await readGeneralSettings(db);
  const template = templateId ? await findTemplate(db, templateId) : undefined;
  const logo = await embeddedLogo(storage, template?.logoKey ?? (await brandingLogoKey(db)));
  if (!template) return { firm, logo };
  return {
    firm: {
      ...firm,
      companyName: template.companyName ?? firm.companyName,
      abn: template.companyAbn ?? firm.abn,
      ...(template.companyAddress
        ? { addressLine1: template.companyAddress, addressLine2: '', city: '', state: '', postalCode: '', country: '' }
        : {}),
    },
    logo,
  };
}

/**
 * An unsaved invoice as its PDF will look (the editor's Preview): the same layout and figures, the number
 * it was given or 'Assigned on save'.
 */
export async function previewPdf(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  input: InvoiceInput,
): Promise<PdfFile> {
  const columns = invoiceColumns(input);
  const today = await readFirmToday(db);
  const now = new Date();
  const draft = toInvoiceRecord(
    {
      ...columns,
      id: '00000000-0000-0000-0000-000000000000',
      invoiceNumber: input.invoiceNumber ?? 'Assigned on save',
      amountPaid: '0.00',
      state: 'drafts',
      paymentDate: null,
      sentAt: null,
      cancelledAt: null,
      creditNoteNumber: null,
      cancelReason: null,
      credited: '0.00',
      deletedAt: null,
      deletedBy: null,
      createdAt: now,
      updatedAt: now,
      createdBy: actor.ctx.actorId,
      updatedBy: actor.ctx.actorId,
      version: 1,
    },
    NO_MONEY,
    today,
  );
  const { bytes } = await renderInvoicePdf(db, storage, draft);
  return { bytes, fileName: 'invoice-preview.pdf' };
}

/** The invoice as the firm sends it: 'Tax invoice' or 'Invoice', A4, with its template's details and logo. */
export async function invoicePdf(db: Database, storage: FileStorage, actor: Actor, id: string): Promise<PdfFile> {
  return renderInvoicePdf(db, storage, await readInvoice(db, actor, id));
}

async function renderInvoicePdf(db: Database, storage: FileStorage, invoice: InvoiceRecord): Promise<PdfFile> {
  const [{ firm, logo }, display] = await Promise.all([
    firmOf(db, storage, invoice.templateId),
    readDisplaySetting(db),
  ]);
  const bytes = await renderPdf(invoiceDocument(invoice, firm, display.dateFormat, logo));
  const kind = isTaxInvoice(invoice) ? 'tax-invoice' : 'invoice';
  return { bytes, fileName: `${kind}-${invoice.invoiceNumber}.pdf` };
}

/** The credit note (adjustment note for a tax invoice) as the firm issues it, with the invoice's template details. */
export async function creditNotePdf(db: Database, storage: FileStorage, id: string): Promise<PdfFile> {
  const row = await findCreditNote(db, id);
  if (!row) throw new AppError('NOT_FOUND', INVOICE_MONEY_MESSAGES.creditNoteNotFound);
  const invoice = await invoiceTemplateIdOf(db, row.invoiceId);
  const [{ firm, logo }, display] = await Promise.all([
    firmOf(db, storage, invoice[0]?.templateId ?? null),
    readDisplaySetting(db),
  ]);
  const note = toCreditNoteRecord(row);
  const bytes = await renderPdf(creditNoteDocument(note, firm, display.dateFormat, logo));
  return { bytes, fileName: `${note.title.toLowerCase().replace(' ', '-')}-${note.creditNoteNumber}.pdf` };
}

export async function receiptPdf(db: Database, storage: FileStorage, id: string): Promise<PdfFile> {
  const receipt = await readReceipt(db, id);
  const [firm, display, logo] = await Promise.all([
    readGeneralSettings(db),
    readDisplaySetting(db),
    brandingLogoKey(db).then((key) => embeddedLogo(storage, key)),
  ]);
  const bytes = await renderPdf(receiptDocument(receipt, firm, display.dateFormat, logo));
  return { bytes, fileName: `receipt-${receipt.receiptNumber}.pdf` };
}

/**
 * Mails the invoice's PDF to the client (or the address given), with each of its credit or adjustment notes
 * attached (issue 25: a cancelled invoice is mailed for its adjustment note), and records when it was sent:
 * from then on it is never deleted, only cancelled by a credit note. The mail is queued in the same
 * transaction (issue 27) and leaves after commit: a mail server that is down never fails the request.
 */
export async function sendInvoice(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: string,
  input: { to?: string | undefined; message?: string | undefined },
): Promise<{ invoice: InvoiceRecord; mail: MailReceipt }> {
  const invoice = await readInvoice(db, actor, id);
  const to = input.to ?? invoice.clientEmail;
  if (!to) throw validationError({ to: [INVOICE_MESSAGES.noEmail] });
  const [file, notes, firm, display] = await Promise.all([
    renderInvoicePdf(db, storage, invoice),
    Promise.all(invoice.creditNotes.map((note) => creditNotePdf(db, storage, note.id))),
    readGeneralSettings(db),
    readDisplaySetting(db),
  ]);
  const noteTitle = creditNoteTitle({ ofTaxInvoice: isTaxInvoice(invoice) });
  const noteLines = invoice.creditNotes.map(
    (note) =>
      `Also attached: ${noteTitle.toLowerCase()} ${note.creditNoteNumber} for ${displayMoney(centsOf(note.total), invoice.currency)}.`,
  );
  const title = isTaxInvoice(invoice) ? 'Tax invoice' : 'Invoice';
  const total = displayMoney(centsOf(invoice.total), invoice.currency);
  const message = {
    kind: 'invoice' as const,
    to,
    subject: `${title} ${invoice.invoiceNumber} from ${oneLine(firm.companyName, 120)}`,
    text: [
      `Dear ${oneLine(invoice.clientName, 120)},`,
      '',
      ...(input.message ? [oneLine(input.message, 2000), ''] : []),
      `Please find attached ${title.toLowerCase()} ${invoice.invoiceNumber} for ${total}, due ${formatCalendarDate(invoice.dueDate, display.dateFormat)}.`,
      ...noteLines,
      '',
      oneLine(invoice.terms ?? '', 500),
      '',
      oneLine(firm.companyName, 120),
    ].join('\n'),
    attachments: {
      storage,
      files: [file, ...notes].map((pdf) => ({
        filename: pdf.fileName,
        content: Buffer.from(pdf.bytes),
        contentType: 'application/pdf',
      })),
    },
    about: { type: 'invoice' as const, id },
    actorId: actor.ctx.actorId,
  };
  return db.transaction(async (tx) => {
    const row = await markInvoiceSent(tx, id);
    if (!row) throw invoiceNotFound();
    const mail = await queueMail(tx, message);
    await changed(tx, actor, id, 'SEND_INVOICE', {
      new: { to, attachments: [file, ...notes].map((pdf) => pdf.fileName) },
    });
    return { invoice: await recordOf(tx, row), mail };
  });
}

/**
 * Which invoices bill which of a record's services (beyond the spec: the Services tab shows it). Finance
 * information: a role without the Finance module gets none.
 */
export async function serviceInvoicesOf(
  db: Database,
  actor: Actor,
  owner: { type: 'lead' | 'client'; id: string },
): Promise<ServiceInvoice[]> {
  const visible =
    owner.type === 'lead' ? await findLead(db, actor.viewer, owner.id) : await findClient(db, actor.viewer, owner.id);
  if (!visible) throw notFound(owner.type === 'lead' ? 'Lead' : 'Client');
  if (!actor.can('finance:view')) return [];
  const today = await readFirmToday(db);
  const rows = await invoicesOfServices(db, owner);
  return rows.map((r) => ({
    serviceId: r.service_id,
    invoiceId: r.id,
    invoiceNumber: r.invoice_number,
    status: invoiceStatusOf({ state: r.state as InvoiceState, dueDate: r.due_date, sentAt: r.sent_at }, today),
  }));
}
