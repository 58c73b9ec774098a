// The combined record list and its statistics cards (spec 1 §2.4).
import {
  can,
  type LeadStatus,
  type ModuleAccess,
  recordConversionRate,
  type RecordListQuery,
  type RecordPage,
  type RecordStatistics,
} from '@crm/domain';
import type { Database } from '../../db/database.ts';
import type { Viewer } from '../../db/list-query.ts';
import { listRecords, recordCounts, type RecordScope } from './records.repository.ts';

/** Leads come with the route's leads:view; clients join only for roles that may view clients. */
const scopeOf = (viewer: Viewer, moduleAccess: ModuleAccess): RecordScope => ({
  leads: can(viewer.role, 'leads:view', moduleAccess),
  clients: can(viewer.role, 'clients:view', moduleAccess),
});

export const listVisibleRecords = (
  db: Database,
  viewer: Viewer,
  moduleAccess: ModuleAccess,
  query: RecordListQuery,
): Promise<RecordPage> => listRecords(db, viewer, scopeOf(viewer, moduleAccess), query);

/** The leads 'Active Leads' counts (the dashboard's derivation, spec 1 §2.2). */
const ACTIVE_LEAD_STATUSES: readonly LeadStatus[] = [
  'New Lead Received',
  'In Screening – Booking Consultation',
  'Consultation Completed',
  'Agreement Sent – Awaiting Signature',
  'Agreement Signed – Awaiting Payment',
  'Consultation Only – Not Proceeding Yet',
];
const LOST_STATUS: LeadStatus = 'Not Proceeding / Lost';

export async function recordStatistics(
  db: Database,
  viewer: Viewer,
  moduleAccess: ModuleAccess,
  showHidden?: boolean,
): Promise<RecordStatistics> {
  const counts = await recordCounts(db, viewer, scopeOf(viewer, moduleAccess), showHidden);
  const leadTotal = [...counts.leadsByStatus.values()].reduce((a, b) => a + b, 0);
  const n = (status: LeadStatus) => counts.leadsByStatus.get(status) ?? 0;
  return {
    totalRecords: leadTotal + counts.clients,
    activeLeads: ACTIVE_LEAD_STATUSES.reduce((sum, status) => sum + n(status), 0),
    convertedClients: counts.clients,
    lostLeads: n(LOST_STATUS),
    conversionRate: recordConversionRate(leadTotal, counts.clients),
  };
}
