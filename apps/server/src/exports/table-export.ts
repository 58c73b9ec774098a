// The one export streamer (STYLE: one export mechanism): rows read in keyset batches and written as CSV
// (UTF-8 with a BOM, so Excel reads it) or as an Excel workbook row by row, so the whole set never sits in
// memory; a slow download holds one batch, not the file. Services, leads, clients, contacts and users
// export through it. Text a spreadsheet would run as a formula is neutralised by the callers' cells.
import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { stringify } from 'csv-stringify';
import { and, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Executor } from '../db/database.ts';

export const EXPORT_BATCH = 1000;
export const EXCEL_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export type ExportFormat = 'csv' | 'xlsx';
export type ExportColumn = { header: string; width?: number; money?: boolean };
export type Cell = string | number | null;

/**
 * Every row of `from` matching `where`, newest first, in keyset batches on (created_at, id). The cursor keeps
 * created_at as the database's text: a JavaScript Date holds milliseconds, the column microseconds, and a
 * rounded cursor would skip rows. Each batch costs the same however deep the export is.
 */
export async function* keysetBatches<Row extends { id: string }>(
  db: Executor,
  from: PgTable,
  columns: { createdAt: PgColumn; id: PgColumn },
  where: SQL | undefined,
): AsyncGenerator<Row[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const boundary: SQL | undefined = after
      ? sql`(${columns.createdAt}, ${columns.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
      : undefined;
    const batch = (await db
      .select({ row: from, at: sql<string>`${columns.createdAt}::text` })
      .from(from)
      .where(and(where, boundary))
      .orderBy(desc(columns.createdAt), desc(columns.id))
      .limit(EXPORT_BATCH)) as unknown as { row: Row; at: string }[];
    if (batch.length > 0) yield batch.map((b) => b.row);
    if (batch.length < EXPORT_BATCH) return;
    const last = batch[batch.length - 1]!;
    after = { at: last.at, id: last.row.id };
  }
}

/**
 * A timestamp in the firm's zone as a spreadsheet reads it: '2026-11-23 14:05' (with `seconds`,
 * '2026-11-23 14:05:09'). One formatter per file.
 */
export function exportTimestamp(timeZone: string, seconds = false): (date: Date | null) => string {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(seconds ? { second: '2-digit' as const } : {}),
    hour12: false,
  });
  return (date) => (date ? format.format(date).replace(',', '') : '');
}

export type TableExport = {
  format: ExportFormat;
  sheetName: string;
  columns: readonly ExportColumn[];
  rows: AsyncIterable<Cell[]>;
  /** How many rows went out (for the audit row); not called when the export fails. */
  onDone: (count: number) => void;
};

export function streamTable({ format, sheetName, columns, rows, onDone }: TableExport): Readable {
  const out = new PassThrough();
  const run = async () => {
    let count = 0;
    if (format === 'csv') {
      const csv = stringify({ header: true, columns: columns.map((c) => c.header), bom: true });
      csv.pipe(out);
      // Money as a number with 2 decimals; other numbers as they are.
      const text = (value: Cell, i: number) =>
        typeof value === 'number' ? (columns[i]?.money ? value.toFixed(2) : String(value)) : value;
      for await (const cells of rows) {
        if (!csv.write(cells.map(text))) await once(csv, 'drain');
        count += 1;
      }
      csv.end();
    } else {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
      const sheet = workbook.addWorksheet(sheetName);
      sheet.columns = columns.map((column, i) => ({
        header: column.header,
        key: String(i),
        width: Math.min(column.width ?? 20, 50),
        ...(column.money ? { style: { numFmt: '#,##0.00' } } : {}),
      }));
      for await (const cells of rows) {
        sheet.addRow(cells).commit();
        count += 1;
        // exceljs takes rows without back-pressure: every batch, let the zip catch up and wait while the
        // client has not read what is already written.
        if (count % EXPORT_BATCH === 0) {
          await nextTurn();
          if (out.writableNeedDrain) await once(out, 'drain');
        }
      }
      sheet.commit();
      await workbook.commit();
    }
    onDone(count);
  };
  run().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** Sends an export as the download it is: its type, its file name, never cached. */
export function sendExport(reply: FastifyReply, format: ExportFormat, fileName: string, body: Readable) {
  return reply
    .header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : EXCEL_TYPE)
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(body);
}
