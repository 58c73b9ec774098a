// The invoices API for the Finance page: the Invoices tab's pages (keyset, a tab and a search), one invoice,
// the templates, and every change (save, delete, mark paid, receipt, send). All under 'invoice': the change
// event every invoice write publishes refreshes them; a payment that pays services also announces their
// records, so the Services tab and the overview follow.
import { type QueryClient, useQuery } from '@tanstack/react-query';
import type {
  Currency,
  InvoiceRecord,
  InvoiceTab,
  InvoiceTemplateRecord,
  MoneyAction,
  PaymentMethod,
} from '@crm/domain';
import { useSave, useWrite } from '../../../lib/use-write.ts';
import { answer, multipart, server } from '../../../lib/api-client.ts';
import { fetchFile } from '../../../lib/file-requests.ts';
import { listQuery, listQueryOptions } from '../../../lib/list-query.ts';
import type { toInvoiceBody } from '../invoice-form-values.ts';

export const INVOICE_KEY = 'invoice';

export type InvoiceListParams = {
  tab: InvoiceTab;
  search?: string;
  page?: number;
  after?: string;
  before?: string;
  last?: boolean;
  pageSize: number;
};

export const useInvoiceList = (params: InvoiceListParams) =>
  useQuery(
    listQueryOptions(
      INVOICE_KEY,
      params,
      (signal) => answer(server.GET('/api/invoices', { params: { query: listQuery(params) }, signal })),
      { staleTime: 30_000 },
    ),
  );

const invoicePath = (id: string) => `/api/invoices/${encodeURIComponent(id)}`;

/** One invoice, read afresh each time a dialog opens it. */
export const useInvoice = (id: string | null) =>
  useQuery({
    queryKey: [INVOICE_KEY, 'one', id ?? ''],
    queryFn: ({ signal }) => answer(server.GET('/api/invoices/{id}', { params: { path: { id: id! } }, signal })),
    enabled: id !== null,
    staleTime: 0,
  });

export const useTemplates = (enabled = true) =>
  useQuery({
    queryKey: [INVOICE_KEY, 'templates'],
    queryFn: ({ signal }) => answer(server.GET('/api/invoice-templates', { signal })),
    staleTime: 5 * 60_000,
    enabled,
  });

type InvoiceBody = ReturnType<typeof toInvoiceBody>;

/** The invoice as saved, at once; the refresh of 'invoice' then reads every invoice list again. */
const showInvoice = (queryClient: QueryClient, saved: InvoiceRecord) =>
  queryClient.setQueryData([INVOICE_KEY, 'one', saved.id], saved);

/** A payment or credit also changes what the services it bills have been paid. */
function showPayment(queryClient: QueryClient, saved: InvoiceRecord) {
  showInvoice(queryClient, saved);
  void queryClient.invalidateQueries({ queryKey: ['services'] });
}

export function useSaveInvoice() {
  return useSave(
    'invoice',
    (body: InvoiceBody) => answer(server.POST('/api/invoices', { body })),
    (id, body) => answer(server.PUT('/api/invoices/{id}', { params: { path: { id } }, body })),
    { show: showInvoice },
  );
}

export function useDeleteInvoice() {
  return useWrite('invoice', (id: string) => answer(server.DELETE('/api/invoices/{id}', { params: { path: { id } } })));
}

export type MarkPaidInput = {
  invoice: Pick<InvoiceRecord, 'id' | 'version'>;
  amount?: string;
  paymentDate?: string;
  method: PaymentMethod;
  reference?: string;
};

export function useMarkPaid() {
  return useWrite(
    'invoice',
    ({ invoice, ...body }: MarkPaidInput) =>
      answer(
        server.POST('/api/invoices/{id}/mark-paid', {
          params: { path: { id: invoice.id } },
          body: { ...body, version: invoice.version },
        }),
      ),
    { show: showPayment },
  );
}

/** Client money the invoice's lead or client holds pays (part of) it. */
export function useApplyClientCredit() {
  return useWrite(
    'invoice',
    ({ invoice, amount }: { invoice: Pick<InvoiceRecord, 'id' | 'version'>; amount: string }) =>
      answer(
        server.POST('/api/invoices/{id}/apply-client-credit', {
          params: { path: { id: invoice.id } },
          body: { amount, version: invoice.version },
        }),
      ),
    { show: showPayment },
  );
}

export type MoneyHandlingInput = { paymentId: string; action: MoneyAction; amount: string };
export type CreditInput = {
  invoice: Pick<InvoiceRecord, 'id' | 'version'>;
  reason: string;
  /** Null: cancel (credit all that is left). */
  lines: { index: number; amount: string }[] | null;
  money: MoneyHandlingInput[];
  refund?: { refundDate: string; method: PaymentMethod; reference?: string };
};

/** A credit note: a cancellation (all that is left) or a part credit of lines. */
export function useCreditInvoice() {
  return useWrite(
    'invoice',
    ({ invoice, lines, ...body }: CreditInput) =>
      lines === null
        ? answer(
            server.POST('/api/invoices/{id}/cancel', {
              params: { path: { id: invoice.id } },
              body: { ...body, version: invoice.version },
            }),
          )
        : answer(
            server.POST('/api/invoices/{id}/credit-notes', {
              params: { path: { id: invoice.id } },
              body: { ...body, lines, version: invoice.version },
            }),
          ),
    { show: showPayment },
  );
}

export function useSaveReceipt() {
  return useWrite('invoice', ({ invoiceId, paymentId }: { invoiceId: string; paymentId?: string }) =>
    answer(
      server.POST('/api/invoices/{id}/receipt', {
        params: { path: { id: invoiceId } },
        body: paymentId ? { paymentId } : {},
      }),
    ),
  );
}

export function useSendInvoice() {
  return useWrite(
    'invoice',
    ({ id, to, message }: { id: string; to?: string; message?: string }) =>
      answer(
        server.POST('/api/invoices/{id}/send', {
          params: { path: { id } },
          body: { to: to || undefined, message: message || undefined },
        }),
      ),
    { show: (queryClient, sent) => showInvoice(queryClient, sent.invoice) },
  );
}

export function useDeleteReceipt() {
  return useWrite('invoice', (id: string) => answer(server.DELETE('/api/receipts/{id}', { params: { path: { id } } })));
}

/** Opens a PDF in a new tab, where the browser's viewer prints it (Print, Preview). */
export function openFile(blob: Blob) {
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 5 * 60_000);
}

export const invoicePdf = (id: string) => fetchFile(`${invoicePath(id)}/pdf`);
export const receiptPdf = (id: string) => fetchFile(`/api/receipts/${encodeURIComponent(id)}/pdf`);
export const previewPdf = (body: InvoiceBody) => fetchFile('/api/invoices/preview', body);

export type TemplateBody = {
  name: string;
  description: string;
  currency: Currency;
  applyTax: boolean;
  companyName: string;
  companyAddress: string;
  companyAbn: string;
};

export function useSaveTemplate() {
  return useSave(
    'invoice',
    (body: TemplateBody) => answer(server.POST('/api/invoice-templates', { body })),
    (id, body) => answer(server.PUT('/api/invoice-templates/{id}', { params: { path: { id } }, body })),
  );
}

export function useDeleteTemplate() {
  return useWrite('invoice', (id: string) =>
    answer(server.DELETE('/api/invoice-templates/{id}', { params: { path: { id } } })),
  );
}

export function useUploadLogo() {
  return useWrite('invoice', ({ id, file }: { id: string; file: File }) =>
    answer(
      server.POST('/api/invoice-templates/{id}/logo', {
        params: { path: { id } },
        body: { file },
        bodySerializer: multipart,
      }),
    ),
  );
}

/** The template's logo, with its version so a replaced one is a new address for the browser's cache. */
export const logoUrl = (template: Pick<InvoiceTemplateRecord, 'id' | 'version'>) =>
  `/api/invoice-templates/${encodeURIComponent(template.id)}/logo?v=${template.version}`;

export const creditNotePdf = (id: string) => fetchFile(`/api/credit-notes/${encodeURIComponent(id)}/pdf`);
