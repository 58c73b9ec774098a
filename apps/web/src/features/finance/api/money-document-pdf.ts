// GET /api/receipts/{id}/pdf and /api/credit-notes/{id}/pdf: the server's PDF of a receipt or a credit note,
// shown in a new tab (View) or saved under the server's file name (Download, ?download=1).
import { type CreditNoteRow, type ReceiptRow } from '@crm/domain';
import { fetchFile, saveFile } from '../../../lib/file-requests.ts';
import { openFile } from '../../invoices/index.ts';

const receiptPath = (receipt: Pick<ReceiptRow, 'id'>) => `/api/receipts/${encodeURIComponent(receipt.id)}/pdf`;
const creditNotePath = (note: Pick<CreditNoteRow, 'id'>) => `/api/credit-notes/${encodeURIComponent(note.id)}/pdf`;

export const viewReceiptPdf = async (receipt: Pick<ReceiptRow, 'id'>) =>
  openFile(await fetchFile(receiptPath(receipt)));

export const downloadReceiptPdf = async (receipt: Pick<ReceiptRow, 'id' | 'receiptNumber'>) =>
  saveFile(await fetchFile(`${receiptPath(receipt)}?download=1`), `receipt-${receipt.receiptNumber}.pdf`);

export const viewCreditNotePdf = async (note: Pick<CreditNoteRow, 'id'>) =>
  openFile(await fetchFile(creditNotePath(note)));

/** 'adjustment-note-CN-000012.pdf' or 'credit-note-…', as the server names it. */
export const downloadCreditNotePdf = async (note: Pick<CreditNoteRow, 'id' | 'creditNoteNumber' | 'title'>) =>
  saveFile(
    await fetchFile(`${creditNotePath(note)}?download=1`),
    `${note.title.toLowerCase().replace(/\s+/g, '-')}-${note.creditNoteNumber}.pdf`,
  );
