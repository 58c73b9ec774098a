// Services sold to a lead or a client (spec 2 §3 "Service"): exactly one of lead_id / client_id names the
// record it belongs to; conversion and reversion move it between them (features/record-kit/child-records.repository.ts).
// Money is numeric(14,2), read and written as decimal strings; the payment status is derived on read.
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, dateSortKey, id, prefixSearchKey, timestamptz } from './columns.ts';
import { clients } from './clients.ts';
import { leads } from './leads.ts';
import { TAX_TREATMENT_CHECK } from './service-types.ts';

/** A tuition term as stored (amounts as decimal strings; its status is derived on read). */
export type StoredPaymentTerm = {
  termNumber: number;
  termName: string;
  amount: string;
  paidAmount: string;
  dueDate: string | null;
  paymentDate: string | null;
  notes: string | null;
};

type OverviewColumns = { deletedAt: AnyPgColumn; recordLive: AnyPgColumn };
/** The services the Finance overview lists: not deleted, on a record that is not deleted. */
const OVERVIEW = (t: OverviewColumns) => sql`${t.deletedAt} is null and ${t.recordLive}`;

/** The overview's search text (3+ letters, trigram): service name, the record's name and email. */
export const serviceSearchText = (t: { serviceName: AnyPgColumn; entityName: AnyPgColumn; entityEmail: AnyPgColumn }) =>
  sql`lower(${t.serviceName} || ' ' || ${t.entityName} || ' ' || ${t.entityEmail})`;

export const services = pgTable(
  'services',
  {
    id: id(),
    // A record's purge deletes its services with it (DECISIONS §6: child records follow their record).
    leadId: uuid().references(() => leads.id, { onDelete: 'cascade' }),
    clientId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    deletedAt: timestamptz(),
    ...auditColumns(),
    serviceName: text().notNull(),
    serviceCategory: text(),
    serviceDescription: text(),
    serviceStatus: text().notNull().default('Active'),
    serviceFee: numeric({ precision: 14, scale: 2 }),
    /** Everything paid: recorded on the service itself, plus what invoices paid (invoicePaidAmount). */
    paidAmount: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    /** The sum of its invoice_allocations rows: what money on invoices billing it paid. */
    invoicePaidAmount: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    currency: text().notNull().default('AUD'),
    startDate: date({ mode: 'string' }),
    completionDate: date({ mode: 'string' }),
    notes: text(),
    /** The storage key of the payment-evidence image, when one was uploaded. */
    paymentEvidenceKey: text(),
    tuitionTerms: jsonb().$type<StoredPaymentTerm[]>().notNull().default([]),
    /** How a line billing it is taxed (docs/decisions/0024); the catalogue's on create unless given. */
    taxTreatment: text().notNull().default('taxable'),
    /** The lead a conversion moved it from ('Transferred from Lead'). */
    transferredFromLeadId: uuid(),
    deleteReason: text(),
    deletedBy: uuid(),
    /**
     * Copied from the record by triggers (migration 0012), kept exact when the record's name, email or
     * state changes: the Finance overview searches, sorts and shows them without joining two tables, and
     * hides the services of a record that is deleted.
     */
    entityName: text().notNull().default(''),
    entityEmail: text().notNull().default(''),
    recordLive: boolean().notNull().default(true),
  },
  (t) => [
    check('services_one_record', sql`num_nonnulls(${t.leadId}, ${t.clientId}) = 1`),
    check(
      'services_amounts_not_negative',
      sql`${t.paidAmount} >= 0 and (${t.serviceFee} is null or ${t.serviceFee} >= 0)`,
    ),
    check('services_tax_treatment', sql`${t.taxTreatment} in ${TAX_TREATMENT_CHECK}`),
    check('services_invoice_paid', sql`${t.invoicePaidAmount} >= 0 and ${t.paidAmount} >= ${t.invoicePaidAmount}`),
    // A record's Services tab: its live services, newest first.
    index('services_lead_idx')
      .on(t.leadId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    index('services_client_idx')
      .on(t.clientId, t.createdAt, t.id)
      .where(sql`${t.deletedAt} is null`),
    // The Finance overview: listed services, by each sort it offers, and its search at every length.
    index('services_overview_created_idx').on(t.createdAt, t.id).where(OVERVIEW(t)),
    // Deleted Items reads the deleted rows only.
    index('services_deleted_idx')
      .on(t.deletedAt)
      .where(sql`${t.deletedAt} is not null`),
    index('services_overview_start_idx').on(dateSortKey(t.startDate), t.id).where(OVERVIEW(t)),
    index('services_overview_name_idx').on(t.serviceName, t.id).where(OVERVIEW(t)),
    index('services_overview_entity_idx').on(t.entityName, t.id).where(OVERVIEW(t)),
    index('services_overview_search_idx')
      .using('gin', sql`${serviceSearchText(t)} gin_trgm_ops`)
      .where(OVERVIEW(t)),
    index('services_service_name_prefix_idx')
      .on(sql`${prefixSearchKey(t.serviceName)} text_pattern_ops`)
      .where(OVERVIEW(t)),
    index('services_entity_name_prefix_idx')
      .on(sql`${prefixSearchKey(t.entityName)} text_pattern_ops`)
      .where(OVERVIEW(t)),
    index('services_entity_email_prefix_idx')
      .on(sql`${prefixSearchKey(t.entityEmail)} text_pattern_ops`)
      .where(OVERVIEW(t)),
  ],
);

/**
 * The Finance overview's sums, kept exact by statement-level triggers on services in each writing transaction
 * (migration service_totals_triggers, docs/decisions/0009): one bucket per currency, record type, service
 * status and derived payment status, over listed services (not deleted, record live). The summary of an
 * unsearched, undated filter reads these few rows instead of summing the table.
 */
export const serviceTotals = pgTable(
  'service_totals',
  {
    currency: text().notNull(),
    /** 'lead' | 'client' */
    entityType: text().notNull(),
    serviceStatus: text().notNull(),
    /** Derived as paymentStatusSql derives it (services.repository.ts). */
    paymentStatus: text().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
    fee: numeric({ precision: 18, scale: 2 }).notNull(),
    paid: numeric({ precision: 18, scale: 2 }).notNull(),
    /** Fee − paid of the services that have a fee (a service without one owes nothing). */
    due: numeric({ precision: 18, scale: 2 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.entityType, t.serviceStatus, t.paymentStatus] })],
);
