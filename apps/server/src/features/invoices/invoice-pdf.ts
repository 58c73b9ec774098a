// The invoice, receipt and credit (adjustment) note as A4 PDFs (spec 3 §9 PDF; DECISIONS §2: produced by the server, text selectable),
// laid out for an Australian tax invoice (issue 13 item 3): an AUD invoice with GST is titled 'Tax invoice'
// and shows the firm's name and ABN, the issue date, each item's description and quantity, the GST and the
// total, and the buyer; one without GST is an 'Invoice'. Long item lists flow onto further pages with the
// table header repeated and 'Page n of N'.
import {
  centsOf,
  type CreditNoteRecord,
  type DateFormat,
  displayMoney,
  formatAbn,
  formatCalendarDate,
  formatMoney,
  type GeneralSettings,
  type InvoiceRecord,
  isTaxInvoice,
  PAYMENT_KIND_LABELS,
  type ReceiptRecord,
  taxNameFor,
} from '@crm/domain';
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

export { isTaxInvoice };

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

/** What every document's pages share: its title and author, the margins, and the 'Page n of N' footer. */
const pageSetup = (title: string, firm: Firm) => ({
  info: { title, author: firm.companyName },
  pageMargins: [40, 40, 40, 50],
  footer: pageFooter,
});

/** The top of every document: the firm (and its logo) on the left, the title and its details on the right. */
function documentHead(firm: Firm, logo: string | null, title: string, details: [string, string][]): Content {
  return {
    columns: [
      firmBlock(firm, logo),
      { width: 'auto', stack: [{ text: title, fontSize: 20, bold: true, alignment: 'right' }, detailRows(details)] },
    ],
  };
}

/** Whom the document is for, under its heading: the client's name, address, and email when there is one. */
function clientBlock(
  heading: string,
  doc: { clientName: string; clientAddress: string; clientEmail?: string | null },
): Content[] {
  return [
    { text: heading, bold: true, margin: [0, 18, 0, 2] },
    { text: doc.clientName, bold: true },
    { text: doc.clientAddress },
    ...(doc.clientEmail ? [{ text: doc.clientEmail, color: MUTED }] : []),
  ];
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

type Align = 'left' | 'right' | 'center';

/**
 * A table ruled between its rows, its shaded header row repeated on every page it flows onto; `headings`
 * give each column's heading and alignment; `whole` keeps each row on one page.
 */
function ruledTable(
  headings: [string, Align][],
  widths: (number | string)[],
  rows: PdfNode[][],
  { padding, whole = false }: { padding: number; whole?: boolean },
): Content {
  return {
    table: {
      headerRows: 1,
      ...(whole ? { dontBreakRows: true } : {}),
      widths,
      body: [headings.map(([text, alignment]) => ({ text, bold: true, fillColor: '#F1F5F9', alignment })), ...rows],
    },
    layout: {
      hLineColor: () => LINE,
      vLineWidth: () => 0,
      hLineWidth: (i: number) => (i === 1 ? 1 : 0.5),
      paddingTop: () => padding,
      paddingBottom: () => padding,
    },
  };
}

type Items = InvoiceRecord['items'];

function itemsTable(items: Items, currency: string, taxName: string): Content {
  return ruledTable(
    [
      ['Description', 'left'],
      ['Qty', 'right'],
      ['Rate', 'right'],
      ['Amount', 'right'],
      [taxName, 'center'],
    ],
    ['*', 40, 80, 80, 32],
    items.map((item): PdfNode[] => [
      // A line taxed otherwise than its service says why under its description (decision 0024).
      item.treatmentReason
        ? {
            stack: [
              { text: item.description },
              { text: item.treatmentReason, fontSize: 8, color: MUTED, margin: [0, 1, 0, 0] },
            ],
          }
        : { text: item.description },
      { text: item.quantity, alignment: 'right' },
      { text: displayMoney(centsOf(item.rate), currency), alignment: 'right' },
      { text: displayMoney(centsOf(item.amount), currency), alignment: 'right' },
      { text: item.taxable ? 'Yes' : 'No', alignment: 'center', color: item.taxable ? undefined : MUTED },
    ]),
    // Rows never split across a page: each item reads whole.
    { padding: 4, whole: true },
  );
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
  const credited = centsOf(invoice.credited) > 0n;
  const paidRows: [string, string, boolean?][] =
    centsOf(invoice.amountPaid) > 0n || credited
      ? [
          ...(credited ? [['Credited', `-${money(invoice.credited)}`] as [string, string]] : []),
          ['Amount paid', money(invoice.amountPaid)],
          ['Balance due', money(invoice.balanceDue), true],
        ]
      : [];
  const creditLines = invoice.creditNotes.map(
    (n) =>
      `${n.cancels ? 'Cancelled by' : 'Credited by'} ${n.creditNoteNumber} of ${date(n.issueDate)}: ${money(n.total)} — ${n.reason}`,
  );
  return {
    ...pageSetup(`${title} ${invoice.invoiceNumber}`, firm),
    ...(invoice.state === 'cancelled'
      ? { watermark: { text: 'CANCELLED', color: '#DC2626', opacity: 0.12, bold: true } }
      : {}),
    content: [
      documentHead(firm, logo, title, details),
      ...clientBlock('Bill to', invoice),
      ...creditLines.map((text, i) => ({
        text,
        color: '#DC2626',
        margin: [0, i === 0 ? 8 : 0, 0, 0] as Margins,
      })),
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
    ...pageSetup(`Receipt ${receipt.receiptNumber}`, firm),
    content: [
      documentHead(firm, logo, 'Receipt', [
        ['Receipt number', receipt.receiptNumber],
        ['For invoice', receipt.invoiceNumber],
        ['Invoice date', date(receipt.issueDate)],
        ['Payment date', date(receipt.paymentDate)],
        ['Payment method', receipt.paymentMethod],
      ]),
      ...clientBlock('Received from', receipt),
      { text: '', margin: [0, 10, 0, 0] },
      itemsTable(receipt.items, receipt.currency, taxNameFor(receipt.currency)),
      totalsTable(figures(receipt)),
      { text: 'Payments on this invoice', bold: true, margin: [0, 14, 0, 4] },
      paymentsTable(receipt, date, money),
      totalsTable([
        ...(centsOf(receipt.credited) > 0n ? [['Credited', `-${money(receipt.credited)}`] as [string, string]] : []),
        ['Amount received', money(receipt.amountPaid), true],
        ['Balance still due', money(receipt.balanceDue), true],
      ]),
      ...notesBlock('Notes', receipt.notes),
    ],
  };
}

/** The money received on the invoice up to this receipt's payment, the receipt's own row last and bold. */
function paymentsTable(receipt: ReceiptRecord, date: (d: string) => string, money: (t: string) => string): Content {
  const rows = [
    ...receipt.earlierPayments.map((p) => ({ ...p, current: false })),
    {
      paymentDate: receipt.paymentDate,
      amount: receipt.amountPaid,
      method: receipt.paymentMethod,
      kind: receipt.paymentKind,
      current: true,
    },
  ];
  return ruledTable(
    [
      ['Date', 'left'],
      ['Received as', 'left'],
      ['Amount', 'right'],
    ],
    [90, '*', 90],
    rows.map((p): PdfNode[] => [
      { text: date(p.paymentDate), bold: p.current },
      {
        text: `${p.kind === 'payment' ? p.method : PAYMENT_KIND_LABELS[p.kind]}${p.current ? ' (this receipt)' : ''}`,
        bold: p.current,
      },
      { text: money(p.amount), alignment: 'right', bold: p.current },
    ]),
    { padding: 3 },
  );
}

/**
 * A credit note; for a tax invoice an adjustment note (GST law): titled 'Adjustment note', the firm's name
 * and ABN, the recipient's name, its own number and issue date, the reason, the amount and the GST adjusted,
 * and the original invoice's number and date. What happened to money it released is stated under it.
 */
export function creditNoteDocument(
  note: CreditNoteRecord,
  firm: Firm,
  dateFormat: DateFormat,
  logo: string | null = null,
): PdfDefinition {
  const date = (d: string) => formatCalendarDate(d, dateFormat);
  const money = (text: string) => displayMoney(centsOf(text), note.currency);
  const taxName = taxNameFor(note.currency);
  const rows: [string, string, boolean?][] = [
    [`Credited before ${taxName}`, money(formatMoney(centsOf(note.taxableAmount) + centsOf(note.nonTaxableAmount)))],
  ];
  if (note.applyTax) rows.push([`${taxName} adjusted (${note.taxRate}%)`, money(note.tax)]);
  rows.push([`Total credited ${note.currency}`, money(note.total), true]);
  const moneyRows: [string, string][] = [];
  if (centsOf(note.refunded) > 0n) moneyRows.push(['Refunded to the client', money(note.refunded)]);
  if (centsOf(note.movedToClientCredit) > 0n)
    moneyRows.push(['Kept as client credit', money(note.movedToClientCredit)]);
  return {
    ...pageSetup(`${note.title} ${note.creditNoteNumber}`, firm),
    content: [
      documentHead(firm, logo, note.title, [
        [`${note.title} number`, note.creditNoteNumber],
        ['Issue date', date(note.issueDate)],
        ['Original invoice', note.invoiceNumber],
        ['Invoice date', date(note.invoiceIssueDate)],
        ['Invoice total', money(note.invoiceTotal)],
      ]),
      ...clientBlock('Issued to', note),
      { text: 'Reason', bold: true, margin: [0, 12, 0, 2] },
      { text: note.reason },
      { text: '', margin: [0, 10, 0, 0] },
      ruledTable(
        [
          ['Description', 'left'],
          [`Credited (ex ${taxName})`, 'right'],
          [taxName, 'center'],
        ],
        ['*', 90, 32],
        note.lines.map((line): PdfNode[] => [
          { text: line.description },
          { text: money(line.amount), alignment: 'right' },
          { text: line.taxable ? 'Yes' : 'No', alignment: 'center', color: line.taxable ? undefined : MUTED },
        ]),
        { padding: 4, whole: true },
      ),
      totalsTable(rows),
      ...(moneyRows.length ? [totalsTable(moneyRows)] : []),
    ],
  };
}
