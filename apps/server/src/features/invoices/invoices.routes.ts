// Invoices, their payments and receipts (spec 3 §2.2, §4, §7 invoices / receipts; issue 13): /api/invoices,
// /api/invoices/{id}, …/mark-paid, …/cancel, …/receipt, /api/receipts, /api/receipts/{id}. The Finance
// module decides who may read (finance:view), create, change and delete.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  applyClientCreditSchema,
  cancelInvoiceSchema,
  creditNoteInputSchema,
  creditNoteListQuerySchema,
  creditNotePageSchema,
  creditNoteRecordSchema,
  invoiceDateRule,
  invoiceFieldsSchema,
  receiptListQuerySchema,
  receiptPageSchema,
  refundListQuerySchema,
  refundPageSchema,
  INVOICE_EXAMPLE,
  invoiceTemplateInputSchema,
  invoiceTemplateRecordSchema,
  LOGO_MAX_BYTES,
  TEMPLATE_EXAMPLE,
  invoiceInputSchema,
  invoiceListQuerySchema,
  invoicePageSchema,
  invoiceRecordSchema,
  markPaidSchema,
  receiptInputSchema,
  receiptRecordSchema,
  invoiceSentSchema,
  sendInvoiceSchema,
  serviceInvoiceSchema,
  versionField,
} from '@crm/domain';
import { pdfQuery, pdfResponse, sendPdf } from '../../pdf/pdf-reply.ts';
import { actorOf } from '../../plugins/actor.ts';
import { imageVersionQuery, sendStoredFile } from '../../storage/file-reply.ts';
import { uploadedFile } from '../../storage/uploaded-file.ts';
import {
  attachLogo,
  createTemplate,
  deleteTemplate,
  listTemplates,
  logoMessages,
  readLogo,
  readTemplate,
  updateTemplate,
} from './invoice-templates.ts';
import {
  applyClientCredit,
  cancelInvoice,
  issueCreditNote,
  markInvoicePaid,
  saveReceipt,
} from './invoice-money.service.ts';
import {
  createInvoice,
  creditNotePdf,
  deleteInvoice,
  purgeInvoice,
  restoreInvoice,
  deleteReceipt,
  invoicePdf,
  listCreditNotes,
  listInvoices,
  listRefunds,
  receiptPdf,
  listReceipts,
  previewPdf,
  readCreditNote,
  readInvoice,
  readReceipt,
  sendInvoice,
  serviceInvoicesOf,
  updateInvoice,
} from './invoices.service.ts';

const invoiceParams = z.object({ id: z.string().describe('Invoice id (uuid)') });
const receiptParams = z.object({ id: z.string().describe('Receipt id (uuid)') });
const creditNoteParams = z.object({ id: z.string().describe('Credit note id (uuid)') });
const invoiceUpdateSchema = invoiceFieldsSchema
  .extend({ version: versionField() })
  .superRefine(invoiceDateRule)
  .meta({ example: { ...INVOICE_EXAMPLE, version: 1 } });
const message = z.object({ message: z.string() });
const templateParams = z.object({ id: z.string().describe('Template id (uuid)') });
const templateUpdateSchema = invoiceTemplateInputSchema
  .extend({ version: versionField() })
  .meta({ example: { ...TEMPLATE_EXAMPLE, version: 1 } });
export async function invoicesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];

  app.get(
    '/api/invoices',
    {
      config: { access: { permission: 'finance:view' } },
      schema: {
        tags,
        summary: 'Invoices, newest first: a tab (all, drafts, paid, overdue on the firm’s date), search, keyset pages',
        querystring: invoiceListQuerySchema,
        response: { 200: invoicePageSchema },
      },
    },
    async (request) => listInvoices(app.db, await actorOf(request), request.query),
  );

  app.post(
    '/api/invoices',
    {
      config: { access: { permission: 'finance:create' } },
      schema: {
        tags,
        summary: 'Create an invoice (a draft); the server numbers it unless a free number is given',
        description:
          'Subtotals, tax and total are computed from the items at the invoice’s tax rate (AUD 10% GST, PHP 12% ' +
          'VAT, others 0% unless set); any figure sent is ignored.',
        body: invoiceInputSchema.meta({ example: INVOICE_EXAMPLE }),
        response: { 201: invoiceRecordSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createInvoice(app.db, await actorOf(request), request.body)),
  );

  app.post(
    '/api/invoices/preview',
    {
      config: { access: { permission: 'finance:view' } },
      schema: {
        tags,
        summary: "An unsaved invoice as its PDF will look (the editor's Preview); nothing is saved",
        body: invoiceInputSchema.meta({ example: INVOICE_EXAMPLE }),
        produces: ['application/pdf'],
        response: { 200: pdfResponse },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await previewPdf(app.db, app.storage, await actorOf(request), request.body), undefined),
  );

  app.get(
    '/api/invoices/:id',
    {
      config: { access: { permission: 'finance:view' } },
      schema: {
        tags,
        summary: 'One invoice with its payments',
        params: invoiceParams,
        response: { 200: invoiceRecordSchema },
      },
    },
    async (request) => readInvoice(app.db, await actorOf(request), request.params.id),
  );

  app.get(
    '/api/invoices/:id/pdf',
    {
      config: { access: { permission: 'finance:view' } },
      schema: {
        tags,
        summary: "The invoice as an A4 PDF ('Tax invoice' for AUD with GST), for Download PDF and Print",
        params: invoiceParams,
        querystring: pdfQuery,
        produces: ['application/pdf'],
        response: { 200: pdfResponse },
      },
    },
    async (request, reply) =>
      sendPdf(
        reply,
        await invoicePdf(app.db, app.storage, await actorOf(request), request.params.id),
        request.query.download,
      ),
  );

  app.put(
    '/api/invoices/:id',
    {
      config: { access: { permission: 'finance:edit' } },
      schema: {
        tags,
        summary: 'Save the whole invoice with the version last read',
        description:
          '409 when the version is stale, the invoice is cancelled, or it is paid and more than its notes changed.',
        params: invoiceParams,
        body: invoiceUpdateSchema,
        response: { 200: invoiceRecordSchema },
      },
    },
    async (request) => updateInvoice(app.db, await actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/invoices/:id',
    {
      config: { access: { permission: 'finance:delete' } },
      schema: {
        tags,
        summary: 'Delete an unsent, unpaid invoice (soft; its number stays taken)',
        description: '409 for an invoice that was sent or (partly) paid: cancel it with a credit note instead.',
        params: invoiceParams,
        response: { 200: message },
      },
    },
    async (request) => deleteInvoice(app.db, await actorOf(request), request.params.id),
  );

  app.post(
    '/api/invoices/:id/restore',
    {
      config: { access: { permission: 'finance:delete' } },
      schema: {
        tags,
        summary: 'Restore a deleted invoice (Deleted Items)',
        params: invoiceParams,
        response: { 200: message },
      },
    },
    async (request) => restoreInvoice(app.db, await actorOf(request), request.params.id),
  );

  app.delete(
    '/api/invoices/:id/permanent',
    {
      config: { access: { permission: 'finance:delete_permanent' } },
      schema: {
        tags,
        summary: 'Delete a deleted invoice forever (account administrators); its number is never reused',
        params: invoiceParams,
        response: { 200: message },
      },
    },
    async (request) => purgeInvoice(app.db, await actorOf(request), request.params.id),
  );

  app.post(
    '/api/invoices/:id/mark-paid',
    {
      config: { access: { permission: 'finance:edit' } },
      schema: {
        tags,
        summary: 'Record a payment: the balance due today (Mark as Paid), or a part of it on a date',
        description:
          'The date may not be after the firm’s today. The money pays the services the invoice bills in line order ' +
          '(each line up to its amount, the tax last), in the same transaction; paid in full, the invoice reads Paid.',
        params: invoiceParams,
        body: markPaidSchema.meta({ example: { version: 1 } }),
        response: { 200: invoiceRecordSchema },
      },
    },
    async (request) => markInvoicePaid(app.db, await actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/invoices/:id/send',
    {
      config: { access: { permission: 'finance:edit' } },
      schema: {
        tags,
        summary: "Mail the invoice's PDF to the client (or the address given) and record when it was sent",
        description:
          'A sent invoice is never deleted afterwards: a credit note cancels it. The mail is queued with the ' +
          'change and leaves after commit (the Mail log shows it); `mail.status` says whether it has left yet.',
        params: invoiceParams,
        body: sendInvoiceSchema,
        response: { 200: invoiceSentSchema },
      },
    },
    async (request) => sendInvoice(app.db, app.storage, await actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/invoices/:id/cancel',
    {
      config: { access: { permission: 'finance:edit' } },
      schema: {
        tags,
        summary: 'Cancel an invoice with a credit note for all that is left (CN- number, reason); it stays on record',
        description:
          'Money received on it is refunded or kept as client credit, payment by payment (`money`, adding up to ' +
          'what the credit releases beyond the balance due; `refund` gives the date, method and reference). An ' +
          'unsent, unpaid draft is deleted instead (409).',
        params: invoiceParams,
        body: cancelInvoiceSchema.meta({ example: { reason: 'Issued to the wrong client', version: 1 } }),
        response: { 200: invoiceRecordSchema },
      },
    },
    async (request) => cancelInvoice(app.db, await actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/invoices/:id/credit-notes',
    {
      config: { access: { permission: 'finance:edit' } },
      schema: {
        tags,
        summary: 'Issue a credit note (an adjustment note for a tax invoice) for lines or parts of lines',
        description:
          '`lines` name the invoice lines by their place and the amount before tax; the tax adjusted is computed. ' +
          'Money it releases beyond the balance due is refunded or kept as client credit, as for a cancellation.',
        params: invoiceParams,
        body: creditNoteInputSchema.meta({
          example: { reason: 'Fee reduced by agreement', lines: [{ index: 0, amount: '500.00' }], version: 1 },
        }),
        response: { 200: invoiceRecordSchema },
      },
    },
    async (request) => issueCreditNote(app.db, await actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/invoices/:id/apply-client-credit',
    {
      config: { access: { permission: 'finance:edit' } },
      schema: {
        tags,
        summary: "Pay (part of) the invoice with client money its lead or client holds in the invoice's currency",
        params: invoiceParams,
        body: applyClientCreditSchema.meta({ example: { amount: '500.00', version: 1 } }),
        response: { 200: invoiceRecordSchema },
      },
    },
    async (request) => applyClientCredit(app.db, await actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/invoices/:id/receipt',
    {
      config: { access: { permission: 'finance:create' } },
      schema: {
        tags,
        summary: 'Save the receipt of a payment (the latest without one when none is named), numbered without gaps',
        description:
          "One live receipt per payment (409 for a second). 409 'Cannot generate receipt for unpaid invoice' when " +
          'nothing was paid.',
        params: invoiceParams,
        body: receiptInputSchema,
        response: { 201: receiptRecordSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await saveReceipt(app.db, await actorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/receipts',
    {
      config: { access: { permission: 'finance:view' } },
      schema: {
        tags,
        summary: 'Saved receipts, newest first: search by receipt or invoice number or client, keyset pages',
        querystring: receiptListQuerySchema,
        response: { 200: receiptPageSchema },
      },
    },
    async (request) => listReceipts(app.db, await actorOf(request), request.query),
  );

  app.get(
    '/api/credit-notes',
    {
      config: { access: { permission: 'finance:view' } },
      schema: {
        tags,
        summary: 'Credit and adjustment notes, newest first: search by number, invoice, client or reason',
        querystring: creditNoteListQuerySchema,
        response: { 200: creditNotePageSchema },
      },
    },
    async (request) => listCreditNotes(app.db, await actorOf(request), request.query),
  );

  app.get(
    '/api/credit-notes/:id',
    {
      config: { access: { permission: 'finance:view' } },
      schema: { tags, summary: 'One credit note', params: creditNoteParams, response: { 200: creditNoteRecordSchema } },
    },
    async (request) => readCreditNote(app.db, request.params.id),
  );

  app.get(
    '/api/credit-notes/:id/pdf',
    {
      config: { access: { permission: 'finance:view' } },
      schema: {
        tags,
        summary: "The credit note as an A4 PDF ('Adjustment note' when it adjusts a tax invoice)",
        params: creditNoteParams,
        querystring: pdfQuery,
        produces: ['application/pdf'],
        response: { 200: pdfResponse },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await creditNotePdf(app.db, app.storage, request.params.id), request.query.download),
  );

  app.get(
    '/api/refunds',
    {
      config: { access: { permission: 'finance:view' } },
      schema: {
        tags,
        summary: 'Refunds (from invoices by credit notes, and of client money), newest first, searchable',
        querystring: refundListQuerySchema,
        response: { 200: refundPageSchema },
      },
    },
    async (request) => listRefunds(app.db, await actorOf(request), request.query),
  );

  app.get(
    '/api/receipts/:id',
    {
      config: { access: { permission: 'finance:view' } },
      schema: { tags, summary: 'One receipt', params: receiptParams, response: { 200: receiptRecordSchema } },
    },
    async (request) => readReceipt(app.db, request.params.id),
  );

  app.get(
    '/api/receipts/:id/pdf',
    {
      config: { access: { permission: 'finance:view' } },
      schema: {
        tags,
        summary: 'The receipt as an A4 PDF (Print Receipt, download)',
        params: receiptParams,
        querystring: pdfQuery,
        produces: ['application/pdf'],
        response: { 200: pdfResponse },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await receiptPdf(app.db, app.storage, request.params.id), request.query.download),
  );

  app.delete(
    '/api/receipts/:id',
    {
      config: { access: { permission: 'finance:delete' } },
      schema: {
        tags,
        summary: 'Delete a receipt (soft: its number stays taken)',
        params: receiptParams,
        response: { 200: message },
      },
    },
    async (request) => deleteReceipt(app.db, await actorOf(request), request.params.id),
  );

  app.get(
    '/api/invoice-templates',
    {
      config: { access: { permission: 'finance:view' } },
      schema: {
        tags,
        summary: 'Invoice templates, newest first, the four built-in presets among them',
        response: { 200: z.array(invoiceTemplateRecordSchema) },
      },
    },
    async () => listTemplates(app.db),
  );

  app.post(
    '/api/invoice-templates',
    {
      config: { access: { permission: 'finance:create' } },
      schema: {
        tags,
        summary: 'Create a template',
        body: invoiceTemplateInputSchema.meta({ example: TEMPLATE_EXAMPLE }),
        response: { 201: invoiceTemplateRecordSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createTemplate(app.db, await actorOf(request), request.body)),
  );

  app.get(
    '/api/invoice-templates/:id',
    {
      config: { access: { permission: 'finance:view' } },
      schema: { tags, summary: 'One template', params: templateParams, response: { 200: invoiceTemplateRecordSchema } },
    },
    async (request) => readTemplate(app.db, request.params.id),
  );

  app.put(
    '/api/invoice-templates/:id',
    {
      config: { access: { permission: 'finance:edit' } },
      schema: {
        tags,
        summary: 'Save a template with the version last read (409 when stale)',
        params: templateParams,
        body: templateUpdateSchema,
        response: { 200: invoiceTemplateRecordSchema },
      },
    },
    async (request) => updateTemplate(app.db, await actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/invoice-templates/:id',
    {
      config: { access: { permission: 'finance:delete' } },
      schema: {
        tags,
        summary: 'Delete a template (a built-in preset: 409)',
        params: templateParams,
        response: { 200: message },
      },
    },
    async (request) => deleteTemplate(app.db, await actorOf(request), request.params.id),
  );

  app.get(
    '/api/invoice-templates/:id/logo',
    {
      config: { access: { permission: 'finance:view' } },
      schema: {
        tags,
        summary: "The template's logo (PNG or JPG)",
        params: templateParams,
        querystring: imageVersionQuery,
        produces: ['image/png', 'image/jpeg'],
        response: { 200: z.any().meta({ description: 'The image', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const file = await readLogo(app.db, app.storage, request.params.id);
      return sendStoredFile(reply, file);
    },
  );

  for (const { type, module } of [
    { type: 'lead', module: 'leads' },
    { type: 'client', module: 'clients' },
  ] as const) {
    app.get(
      `/api/${module}/:id/service-invoices`,
      {
        config: { access: { permission: `${module}:view` } },
        schema: {
          tags,
          summary: `Which invoices bill which of the ${type}'s services (empty without the Finance module)`,
          params: z.object({ id: z.string().describe(`${type === 'lead' ? 'Lead' : 'Client'} id (uuid)`) }),
          response: { 200: z.array(serviceInvoiceSchema) },
        },
      },
      async (request) => serviceInvoicesOf(app.db, await actorOf(request), { type, id: request.params.id }),
    );
  }

  await app.register(logoUploadRoute);
}

/**
 * The logo upload in a plugin of its own: only this route parses multipart bodies (one file of at most
 * 1 MB), so every other route still refuses them with 415.
 */
async function logoUploadRoute(instance: FastifyInstance) {
  await instance.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1, fields: 0, parts: 1, fieldNameSize: 50 },
  });
  const child = instance.withTypeProvider<ZodTypeProvider>();
  child.post(
    '/api/invoice-templates/:id/logo',
    {
      config: { access: { permission: 'finance:edit' } },
      schema: {
        tags: ['invoices'],
        summary: 'Upload the template\'s logo (multipart, field "file"), replacing the one before',
        description: 'PNG or JPG, told by the content, at most 1 MB; anything else answers 400.',
        consumes: ['multipart/form-data'],
        params: templateParams,
        body: z
          .object({ file: z.string().meta({ format: 'binary', description: 'The logo (PNG or JPG), at most 1 MB' }) })
          .partial()
          .nullish(),
        response: { 200: invoiceTemplateRecordSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const bytes = await uploadedFile(request, logoMessages);
      return attachLogo(child.db, child.storage, actor, request.params.id, bytes);
    },
  );
}
