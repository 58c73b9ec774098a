// Finance → Services Overview (spec 3 §2.1, §9; issue 11 items 4 and 6): its query, rows, summary cards and
// the export's columns.
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../access/permissions.ts';
import { CURRENCIES } from '../money/money.ts';
import { optionalDate } from '../records/fields.ts';
import { listQueryBase, multiValue } from '../records/list-query.ts';
import { pageSchemaOf } from '../records/pagination.ts';
import { PAYMENT_STATUSES, SERVICE_ENTITY_TYPES, SERVICE_STATUSES, serviceRecordSchema } from './service.ts';

export const SERVICE_SORT_FIELDS = ['createdAt', 'startDate', 'serviceName', 'entityName'] as const;

/** The overview's filters: each one value or none ('All ...'); the date range bounds a service's start date. */
export const serviceFilterSchema = z.object({
  search: z.string().trim().max(200).optional(),
  from: optionalDate(),
  until: optionalDate(),
  currency: z.enum(CURRENCIES).optional(),
  status: z.enum(SERVICE_STATUSES).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES).optional(),
  type: z.enum(SERVICE_ENTITY_TYPES).optional(),
});
export type ServiceFilter = z.infer<typeof serviceFilterSchema>;

/** GET /api/services. */
export const serviceOverviewQuerySchema = listQueryBase.extend(serviceFilterSchema.shape);
export type ServiceOverviewQuery = z.infer<typeof serviceOverviewQuerySchema>;

/** A row of the overview: the service with its record's name and email ('Service with entity'). */
export const serviceOverviewRowSchema = serviceRecordSchema.extend({
  entityName: z.string(),
  entityEmail: z.string(),
});
export type ServiceOverviewRow = z.infer<typeof serviceOverviewRowSchema>;

export const serviceOverviewPageSchema = pageSchemaOf(serviceOverviewRowSchema);
export type ServiceOverviewPage = z.infer<typeof serviceOverviewPageSchema>;

export const currencyGroupSchema = z.object({
  currency: z.string(),
  serviceCount: z.number().int(),
  totalRevenue: z.string(),
  totalPaid: z.string(),
  pendingPayments: z.string(),
  activeCount: z.number().int(),
  completedCount: z.number().int(),
});

/** GET /api/services/summary: the cards over the whole filtered set (PHP first, then alphabetical). */
export const serviceSummarySchema = z.object({
  totalServices: z.number().int(),
  currencies: z.array(currencyGroupSchema),
});
export type ServiceSummary = z.infer<typeof serviceSummarySchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * GET /api/services/export: the overview's filters, or the selected rows' ids. Rows are chosen on one page,
 * so a selection is at most the largest page (which also keeps the query string well inside a URL's limit).
 */
export const serviceExportQuerySchema = serviceFilterSchema.extend({
  format: z.enum(EXPORT_FORMATS),
  ids: multiValue(z.uuid()).pipe(
    z
      .array(z.uuid())
      .max(MAX_PAGE_SIZE, `Select at most ${MAX_PAGE_SIZE} services to export, or export the filtered services.`)
      .optional(),
  ),
});
export type ServiceExportQuery = z.infer<typeof serviceExportQuerySchema>;

/** Spec 3 §9, in order. */
export const SERVICE_EXPORT_COLUMNS = [
  'Service ID',
  'Service Name',
  'Category',
  'Client/Lead Name',
  'Client/Lead Email',
  'Entity Type',
  'Status',
  'Payment Status',
  'Currency',
  'Service Fee',
  'Amount Paid',
  'Balance Due',
  'Start Date',
  'Completion Date',
  'Created At',
] as const;

/** 'services-export-2026-11-23.csv' (the firm's date). */
export const serviceExportFileName = (today: string, format: ExportFormat) => `services-export-${today}.${format}`;

/** 'Exported 12 services to CSV' / 'to Excel'. */
export const exportedMessage = (n: number, format: ExportFormat) =>
  `Exported ${n} services to ${format === 'csv' ? 'CSV' : 'Excel'}`;

/**
 * A text cell a spreadsheet would run as a formula (= + - @, tab, carriage return first) gets a leading
 * apostrophe, so it shows as the text it is (OWASP CSV injection).
 */
export const neutraliseFormula = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** GET /api/services/chart: revenue and paid per month per currency, and the payment-status split. */
export const serviceChartSchema = z.object({
  /** By the month of the start date (the created date when none), oldest first. */
  months: z.array(z.object({ month: z.string(), currency: z.string(), revenue: z.string(), paid: z.string() })),
  paymentStatuses: z.array(z.object({ status: z.enum(PAYMENT_STATUSES), count: z.number().int() })),
});
export type ServiceChart = z.infer<typeof serviceChartSchema>;
