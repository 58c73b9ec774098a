// Finance → Services Overview (spec 3 §2.1; issue 11 items 4 and 6): every listed service (not deleted, on
// a record that is not deleted) with its record's name and email, filtered, searched and paged by the one
// list helper; the summary cards over the whole filtered set; and the export, streamed in keyset batches
// so the whole set never sits in memory.
import type { Readable } from 'node:stream';
import {
  centsOf,
  compareCurrencies,
  formatMoney,
  neutraliseFormula,
  SERVICE_EXPORT_COLUMNS,
  type ServiceExportQuery,
  type ServiceFilter,
  type ServiceOverviewPage,
  type ServiceOverviewQuery,
  type ServiceOverviewRow,
  type ServiceSummary,
  PAYMENT_STATUSES,
  type ServiceChart,
} from '@crm/domain';
import type { Database } from '../../db/database.ts';
import { seesEverything, type Viewer } from '../../db/list-query.ts';
import { readFirmToday } from '../../platform/settings/settings.repository.ts';
import { exportTimestamp, streamTable } from '../../exports/table-export.ts';
import { type ServiceRow, toServiceRecord } from './services.repository.ts';
import {
  chartGroups,
  exportRows,
  overviewPage,
  summaryFromServices,
  summaryFromTotals,
  type SummaryRow,
} from './services-overview.repository.ts';

const toRow = (row: ServiceRow, today: string): ServiceOverviewRow => ({
  ...toServiceRecord(row, today),
  entityName: row.entityName,
  entityEmail: row.entityEmail,
});

/** GET /api/services: one page, never counted (the summary counts the filtered set exactly). */
export async function listServiceOverview(
  db: Database,
  viewer: Viewer,
  query: ServiceOverviewQuery,
): Promise<ServiceOverviewPage> {
  const today = await readFirmToday(db);
  return overviewPage(db, viewer, query, async (rows) => rows.map((row) => toRow(row, today)));
}

/** GET /api/services/summary: per currency over the whole filtered set, summed exactly by the database. */
export async function serviceSummary(db: Database, viewer: Viewer, filter: ServiceFilter): Promise<ServiceSummary> {
  const fromTotals = seesEverything(viewer) && !filter.search && !filter.from && !filter.until;
  const rows: SummaryRow[] = fromTotals
    ? await summaryFromTotals(db, filter)
    : await summaryFromServices(db, viewer, filter);
  const currencies = rows
    .sort((a, b) => compareCurrencies(a.currency, b.currency))
    .map((r) => {
      const fee = centsOf(r.fee);
      const paid = centsOf(r.paid);
      return {
        currency: r.currency,
        serviceCount: Number(r.n),
        totalRevenue: formatMoney(fee),
        totalPaid: formatMoney(paid),
        pendingPayments: formatMoney(centsOf(r.due)),
        activeCount: Number(r.active),
        completedCount: Number(r.completed),
      };
    });
  return { totalServices: currencies.reduce((n, c) => n + c.serviceCount, 0), currencies };
}

/**
 * GET /api/services/chart: per month (of the start date, else of the created date, in the firm's zone) and
 * currency the fees and payments, and how many services are in each payment status — over the filtered set.
 */
export async function serviceChart(
  db: Database,
  viewer: Viewer,
  filter: ServiceFilter,
  timeZone: string,
): Promise<ServiceChart> {
  const { months, statuses } = await chartGroups(db, viewer, filter, timeZone);
  return {
    months: months.map((m) => ({
      month: m.month,
      currency: m.currency,
      revenue: formatMoney(centsOf(m.revenue)),
      paid: formatMoney(centsOf(m.paid)),
    })),
    paymentStatuses: PAYMENT_STATUSES.map((status) => ({
      status,
      count: Number(statuses.find((s) => s.status === status)?.count ?? 0),
    })),
  };
}

type ExportCells = [
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  number | null,
  number,
  number,
  string,
  string,
  string,
];

/** One row of spec 3 §9's columns; text neutralised against formulas, money as numbers with 2 decimals. */
function exportCells(row: ServiceRow, today: string, createdAt: (date: Date | null) => string): ExportCells {
  const record = toServiceRecord(row, today);
  // Money leaves the exact path only here, as a spreadsheet number of at most 2 decimals.
  const number = (amount: string) => Number(amount);
  const text = (value: string | null) => neutraliseFormula(value ?? '');
  return [
    record.id,
    text(record.serviceName),
    text(record.serviceCategory),
    text(row.entityName),
    text(row.entityEmail),
    record.entityType === 'lead' ? 'Lead' : 'Client',
    record.serviceStatus,
    record.paymentStatus,
    record.currency,
    record.serviceFee === null ? null : number(record.serviceFee),
    number(record.paidAmount),
    number(record.balanceDue),
    record.startDate ?? '',
    record.completionDate ?? '',
    createdAt(row.createdAt),
  ];
}

/** The export as a stream through the one export streamer; `onDone` learns how many rows went out. */
export function exportServices(
  db: Database,
  viewer: Viewer,
  query: ServiceExportQuery,
  context: { today: string; timeZone: string },
  onDone: (count: number) => void,
): Readable {
  const createdAt = exportTimestamp(context.timeZone);
  const widths = [38, 30, 30, 30, 36, 12, 12, 16, 10, 14, 14, 14, 12, 16, 18];
  async function* cells() {
    for await (const row of exportRows(db, viewer, query)) yield exportCells(row, context.today, createdAt);
  }
  return streamTable({
    format: query.format,
    sheetName: 'Services',
    columns: SERVICE_EXPORT_COLUMNS.map((header, i) => ({ header, width: widths[i], money: i >= 9 && i <= 11 })),
    rows: cells(),
    onDone,
  });
}
