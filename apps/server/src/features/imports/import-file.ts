// Reading an import file, inside the import worker (import-worker.ts): its type told by its content (an
// .xlsx is a zip of a workbook, a CSV is UTF-8 text), a workbook's zip checked before any of it is unpacked
// (workbook-zip.ts), then its rows one at a time — papaparse's stream parser or exceljs's streaming reader —
// so a 50,000-row file is never a 50,000-element array. Every row is held to the read limits as it comes:
// rows, columns, one cell's length and all the text so far.
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type ExcelJS from 'exceljs';
import { fileTypeFromBuffer } from 'file-type';
import { FileRefused, type ReadLimits } from './import-limits.ts';
import { checkedWorkbook } from './workbook-zip.ts';

export type ImportFileType = 'csv' | 'xlsx';
/** A row as text cells, and its number as a spreadsheet shows it (the header row is 1). */
export type FileRow = { number: number; cells: string[] };
/** A file ready to read: a CSV's text, or a workbook's checked parts. */
export type ReadableFile = { type: 'csv'; text: Buffer } | { type: 'xlsx'; workbook: Buffer };

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const CHUNK_BYTES = 64 * 1024;

/** 'csv' or 'xlsx' by the bytes, whatever the name says, refused for anything else. */
export async function readableFile(bytes: Buffer, limits: ReadLimits): Promise<ReadableFile> {
  const text = bytes.subarray(0, BOM.length).equals(BOM) ? bytes.subarray(BOM.length) : bytes;
  if (text.toString('utf8').trim() === '') throw new FileRefused('fileEmpty');
  // file-type reads at most 1 MB of a zip's parts to tell a workbook from other zips.
  const found = await fileTypeFromBuffer(bytes);
  if (found?.mime === XLSX_MIME) return { type: 'xlsx', workbook: await checkedWorkbook(bytes, limits) };
  if (found) throw new FileRefused('fileType');
  // Text without a signature: a CSV if it is UTF-8 without control bytes (a binary file is neither).
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(text);
  } catch {
    throw new FileRefused('fileType');
  }
  // eslint-disable-next-line no-control-regex -- control bytes are exactly what marks a binary file
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text.subarray(0, 64 * 1024).toString('utf8'))) {
    throw new FileRefused('fileType');
  }
  return { type: 'csv', text };
}

/** Every non-empty row of the file (for a workbook: of its first sheet), header first, within the limits. */
export async function* fileRows(file: ReadableFile, limits: ReadLimits): AsyncGenerator<FileRow> {
  let dataRows = -1;
  let text = 0;
  try {
    const rows = file.type === 'csv' ? csvRows(file.text) : xlsxRows(file.workbook, limits.columns);
    for await (const row of rows) {
      dataRows += 1;
      if (dataRows > limits.rows) throw new FileRefused('tooManyRows');
      if (row.cells.length > limits.columns) throw new FileRefused('tooManyColumns');
      for (const cell of row.cells) {
        if (cell.length > limits.cellCharacters) throw new FileRefused('cellTooLong', row.number);
        text += cell.length;
      }
      if (text > limits.textCharacters) throw new FileRefused('tooMuchText');
      yield row;
    }
  } catch (error) {
    if (error instanceof FileRefused) throw error;
    throw new FileRefused('unreadable');
  }
}

async function* csvRows(text: Buffer): AsyncGenerator<FileRow> {
  const { default: Papa } = await import('papaparse');
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: 'greedy' });
  Readable.from(textChunks(text)).pipe(parser);
  let number = 0;
  for await (const cells of parser as AsyncIterable<string[]>) {
    number += 1;
    yield { number, cells };
  }
}

/**
 * The text in pieces of 64 KB: handed the whole file as one piece, papaparse's stream parser slowed down
 * with the square of the rows (measured: 20,000 rows 8 s; in pieces 0.6 s, 50,000 rows 1.1 s). The
 * decoder keeps a character split between two pieces whole.
 */
function* textChunks(bytes: Buffer): Generator<string> {
  const decoder = new StringDecoder('utf8');
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield decoder.write(bytes.subarray(at, at + CHUNK_BYTES));
  const rest = decoder.end();
  if (rest) yield rest;
}

async function* xlsxRows(workbook: Buffer, maxColumns: number): AsyncGenerator<FileRow> {
  // Loaded when a workbook comes (~0.3 s), so a CSV's worker starts without it.
  const { default: Excel } = await import('exceljs');
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from([workbook]), {
    worksheets: 'emit',
    // Bounded: the shared strings are one of the parts checked against the unpacked limit.
    sharedStrings: 'cache',
    // Styles tell a date from a number.
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) {
      const values = (row as ExcelJS.Row).values as unknown[];
      // Before the cells are made: one cell far to the right would make them a huge array.
      if (values.length - 1 > maxColumns) throw new FileRefused('tooManyColumns');
      // Dense, an empty string for a cell never written (the values leave a hole there).
      const cells = Array.from({ length: values.length - 1 }, (_, i) => cellText(values[i + 1]));
      if (cells.some((c) => c.trim() !== '')) yield { number: (row as ExcelJS.Row).number, cells };
    }
    // The first sheet only (the workbook handed over holds no other).
    return;
  }
}

/** A workbook cell as the text a CSV would hold: dates as YYYY-MM-DD, formulas as their result. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: string };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return cellText(v.result);
    if (v.text !== undefined) return cellText(v.text);
    return '';
  }
  return String(value);
}
