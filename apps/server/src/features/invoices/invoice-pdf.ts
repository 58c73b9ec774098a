// The invoice and receipt as A4 PDFs (spec 3 §9 PDF; DECISIONS §2: produced by the server, text selectable),
// laid out for an Australian tax invoice (issue 13 item 3): an AUD invoice with GST is titled 'Tax invoice'
// and shows the firm's name and ABN, the issue date, each item's description and quantity, the GST and the
// total, and the buyer; one without GST is an 'Invoice'. Long item lists flow onto further pages with the
// table header repeated and 'Page n of N'.
import {
  centsOf,
  type DateFormat,
  displayMoney,
  formatAbn,
  type GeneralSettings,
  type InvoiceRecord,
  type ReceiptRecord,
  taxNameFor,
} from '@crm/domain';
import { formatCalendarDate } from '../../jobs/mail-text.ts';
import {
  type Margins,
  pageFooter,
  type PdfContent as Content,
  type PdfDefinition,
  type PdfNode,
} from '../../pdf/pdf-renderer.ts';

const MUTED = '#64748B';
const LINE = '#CBD5E1';

type Firm = GeneralSettings;

/** Whether the document is a tax invoice: AUD with GST charged. */
export const isTaxInvoice = (doc: { currency: string; applyTax: boolean; tax: string }) =>
  doc.currency === 'AUD' && doc.applyTax && centsOf(doc.tax) > 0n;

function firmBlock(firm: Firm, logo: string | null = null): Content {
  const address = [
    firm.addressLine1,
    firm.addressLine2,
    [firm.city, firm.state, firm.postalCode].filter(Boolean).join(' '),
    firm.country,
  ].filter(Boolean);
  return {
    stack: [
      ...(logo ? [{ image: logo, fit: [140, 60], margin: [0, 0, 0, 6] as Margins }] : []),
      { text: firm.companyName, bold: true, fontSize: 14 },
      ...(firm.abn ? [{ text: `ABN ${formatAbn(firm.abn)}`, bold: true }] : []),
      ...address.map((line) => ({ text: line, color: MUTED })),
      ...[firm.phone, firm.companyEmail, firm.website].filter(Boolean).map((line) => ({ text: line, color: MUTED })),
    ],
  };
}

function detailRows(rows: [string, string][]): Content {
  return {
    table: {
      widths: ['auto', 'auto'],
      body: rows.map(([label, value]) => [
        { text: label, color: MUTED, alignment: 'right' },
        { text: value, bold: true },
      ]),
    },
    layout: 'noBorders',
  };
}

type Items = InvoiceRecord['items'];

function itemsTable(items: Items, currency: string, taxName: string): Content {
  const header: PdfNode[] = ['Description', 'Qty', 'Rate', 'Amount', taxName].map((text, i) => ({
    text,
    bold: true,
    fillColor: '#F1F5F9',
    alignment: i === 0 ? 'left' : i === 4 ? 'center' : 'right',
  }));
  return {
    table: {
      headerRows: 1,
      // Rows never split across a page: each item reads whole.
      dontBreakRows: true,
      widths: ['*', 40, 80, 80, 32],
      body: [
        header,
        ...items.map((item): PdfNode[] => [
          { text: item.description },
          { text: item.quantity, alignment: 'right' },
          { text: displayMoney(centsOf(item.rate), currency), alignment: 'right' },
          { text: displayMoney(centsOf(item.amount), currency), alignment: 'right' },
          { text: item.taxable ? 'Yes' : 'No', alignment: 'center', color: item.taxable ? undefined : MUTED },
        ]),
      ],
    },
    layout: {
      hLineColor: () => LINE,
      vLineWidth: () => 0,
      hLineWidth: (i: number) => (i === 1 ? 1 : 0.5),
      paddingTop: () => 4,
      paddingBottom: () => 4,
    },
  };
}

function totalsTable(rows: [string, string, boolean?][]): Content {
  return {
    columns: [
      { width: '*', text: '' },
      {
        width: 'auto',
        table: {
          widths: [150, 90],
          body: rows.map(([label, value, strong]) => [
            { text: label, alignment: 'right', bold: Boolean(strong), color: strong ? undefined : MUTED },
            { text: value, alignment: 'right', bold: Boolean(strong), fontSize: strong ? 11 : undefined },
          ]),
        },
        layout: 'noBorders',
      },
    ],
    margin: [0, 8, 0, 0],
  };
}

function figures(doc: {
  currency: string;
  applyTax: boolean;
  taxRate: string;
  tax: string;
  total: string;
  items: Items;
}): [string, string, boolean?][] {
  const money = (cents: bigint) => displayMoney(cents, doc.currency);
  const taxable = doc.items.filter((i) => i.taxable).reduce((sum, i) => sum + centsOf(i.amount), 0n);
  const untaxed = doc.items.filter((i) => !i.taxable).reduce((sum, i) => sum + centsOf(i.amount), 0n);
  const taxName = taxNameFor(doc.currency);
  const rows: [string, string, boolean?][] = [[`Subtotal (${taxName} applies)`, money(taxable)]];
  if (doc.applyTax) rows.push([`${taxName} ${doc.taxRate}%`, money(centsOf(doc.tax))]);
  rows.push([`Subtotal (no ${taxName})`, money(untaxed)]);
  rows.push([`Total ${doc.currency}`, money(centsOf(doc.total)), true]);
  if (isTaxInvoice(doc)) rows.push([`Total includes GST of`, money(centsOf(doc.tax))]);
  return rows;
}

function notesBlock(title: string, text: string | null): Content[] {
  if (!text) return [];
  return [
    { text: title, bold: true, margin: [0, 14, 0, 2] },
    { text, color: '#334155' },
  ];
}

export function invoiceDocument(
  invoice: InvoiceRecord,
  firm: Firm,
  dateFormat: DateFormat,
  logo: string | null = null,
): PdfDefinition {
  const date = (d: string) => formatCalendarDate(d, dateFormat);
  const money = (text: string) => displayMoney(centsOf(text), invoice.currency);
  const title = isTaxInvoice(invoice) ? 'Tax invoice' : 'Invoice';
  const details: [string, string][] = [
    ['Invoice number', invoice.invoiceNumber],
    ['Issue date', date(invoice.issueDate)],
    ['Due date', date(invoice.dueDate)],
  ];
  if (invoice.paymentDate) details.push(['Paid on', date(invoice.paymentDate)]);
  const paidRows: [string, string, boolean?][] =
    centsOf(invoice.amountPaid) > 0n
      ? [
          ['Amount paid', money(invoice.amountPaid)],
          ['Balance due', money(invoice.balanceDue), true],
        ]
      : [];
  return {
    info: { title: `${title} ${invoice.invoiceNumber}`, author: firm.companyName },
    pageMargins: [40, 40, 40, 50],
    footer: pageFooter,
    ...(invoice.state === 'cancelled'
      ? { watermark: { text: 'CANCELLED', color: '#DC2626', opacity: 0.12, bold: true } }
      : {}),
    content: [
      {
        columns: [
          firmBlock(firm, logo),
          {
            width: 'auto',
            stack: [{ text: title, fontSize: 20, bold: true, alignment: 'right' }, detailRows(details)],
          },
        ],
      },
      { text: 'Bill to', bold: true, margin: [0, 18, 0, 2] },
      { text: invoice.clientName, bold: true },
      { text: invoice.clientAddress },
      ...(invoice.clientEmail ? [{ text: invoice.clientEmail, color: MUTED }] : []),
      ...(invoice.state === 'cancelled' && invoice.creditNoteNumber
        ? [
            {
              text: `Cancelled by credit note ${invoice.creditNoteNumber}${invoice.cancelReason ? `: ${invoice.cancelReason}` : ''}`,
              color: '#DC2626',
              margin: [0, 8, 0, 0] as Margins,
            },
          ]
        : []),
      { text: '', margin: [0, 10, 0, 0] },
      itemsTable(invoice.items, invoice.currency, taxNameFor(invoice.currency)),
      totalsTable([...figures(invoice), ...paidRows]),
      ...notesBlock('Notes', invoice.notes),
      ...notesBlock('Terms', invoice.terms),
    ],
  };
}

export function receiptDocument(
  receipt: ReceiptRecord,
  firm: Firm,
  dateFormat: DateFormat,
  logo: string | null = null,
): PdfDefinition {
  const date = (d: string) => formatCalendarDate(d, dateFormat);
  const money = (text: string) => displayMoney(centsOf(text), receipt.currency);
  return {
    info: { title: `Receipt ${receipt.receiptNumber}`, author: firm.companyName },
    pageMargins: [40, 40, 40, 50],
    footer: pageFooter,
    content: [
      {
        columns: [
          firmBlock(firm, logo),
          {
            width: 'auto',
            stack: [
              { text: 'Receipt', fontSize: 20, bold: true, alignment: 'right' },
              detailRows([
                ['Receipt number', receipt.receiptNumber],
                ['For invoice', receipt.invoiceNumber],
                ['Invoice date', date(receipt.issueDate)],
                ['Payment date', date(receipt.paymentDate)],
                ['Payment method', receipt.paymentMethod],
              ]),
            ],
          },
        ],
      },
      { text: 'Received from', bold: true, margin: [0, 18, 0, 2] },
      { text: receipt.clientName, bold: true },
      { text: receipt.clientAddress },
      ...(receipt.clientEmail ? [{ text: receipt.clientEmail, color: MUTED }] : []),
      { text: '', margin: [0, 10, 0, 0] },
      itemsTable(receipt.items, receipt.currency, taxNameFor(receipt.currency)),
      totalsTable([...figures(receipt), ['Amount received', money(receipt.amountPaid), true]]),
      ...notesBlock('Notes', receipt.notes),
    ],
  };
}
