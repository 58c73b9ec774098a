// The combined record list and its statistics cards (spec 1 §2.4).
import {
  activeLeads,
  can,
  leadStatisticsOf,
  type ModuleAccess,
  recordConversionRate,
  type RecordListQuery,
  type RecordPage,
  type RecordStatistics,
  type RecordTabCounts,
  type RecordTabCountsQuery,
} from '@crm/domain';
import type { Database } from '../../db/database.ts';
import type { Viewer } from '../../db/list-query.ts';
import { clientTabCount } from '../clients/clients.repository.ts';
import { leadTabCount } from '../leads/leads.repository.ts';
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

export async function recordStatistics(
  db: Database,
  viewer: Viewer,
  moduleAccess: ModuleAccess,
  showHidden?: boolean,
): Promise<RecordStatistics> {
  const counts = await recordCounts(db, viewer, scopeOf(viewer, moduleAccess), showHidden);
  const leadTotal = [...counts.leadsByStatus.values()].reduce((a, b) => a + b, 0);
  // Active and lost leads as the dashboard counts them (spec 1 §2.2).
  const leads = leadStatisticsOf(counts.leadsByStatus);
  return {
    totalRecords: leadTotal + counts.clients,
    activeLeads: activeLeads(leads),
    convertedClients: counts.clients,
    lostLeads: leads.notProceedingLeads,
    conversionRate: recordConversionRate(leadTotal, counts.clients),
  };
}

/** The Leads and Clients tab counts, each read on its own (never from the other list's page). */
export async function recordTabCounts(
  db: Database,
  viewer: Viewer,
  moduleAccess: ModuleAccess,
  query: RecordTabCountsQuery,
): Promise<RecordTabCounts> {
  const scope = scopeOf(viewer, moduleAccess);
  const [leads, clients] = await Promise.all([
    scope.leads ? leadTabCount(db, viewer, query) : null,
    scope.clients ? clientTabCount(db, viewer, query) : null,
  ]);
  return { leads, clients };
}
