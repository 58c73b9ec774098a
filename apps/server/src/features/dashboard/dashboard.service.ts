// Dashboard figures (spec 1 §2.2, §3.5): lead counts by status, conversion figures, the pipeline chart.
import {
  type ConversionStatistics,
  CONVERTED_STATUS,
  LEAD_STATUSES,
  LEAD_TREND_WEEKS,
  type LeadStatistics,
  leadStatisticsOf,
  type LeadTrend,
  RECENT_CONVERSION_DAYS,
} from '@crm/domain';
import type { Database } from '../../db/database.ts';
import type { Viewer } from '../../db/list-query.ts';
import { readDisplaySetting } from '../../platform/settings/settings.repository.ts';
import { conversionCounts, countLeadsByStatus, newLeadsPerWeek } from './dashboard.repository.ts';

export async function leadStatistics(db: Database, viewer: Viewer): Promise<LeadStatistics> {
  return leadStatisticsOf(await countLeadsByStatus(db, viewer));
}

export async function conversionStatistics(db: Database, viewer: Viewer): Promise<ConversionStatistics> {
  const c = await conversionCounts(db, viewer, RECENT_CONVERSION_DAYS, CONVERTED_STATUS);
  return {
    totalConversions: c.converted,
    recentConversions: c.recent,
    totalReversions: c.reverted,
    activeClientsFromLeads: c.stillConverted,
    conversionSuccessRate: c.all === 0 ? 0 : Math.round((c.converted / c.all) * 1000) / 10,
  };
}

export async function leadTrend(db: Database, viewer: Viewer): Promise<LeadTrend> {
  // The display setting's zone was checked on the way out of the database (a known IANA zone).
  const { timeZone } = await readDisplaySetting(db);
  const weeks = await newLeadsPerWeek(db, viewer, LEAD_TREND_WEEKS, timeZone);
  const byStatus = await countLeadsByStatus(db, viewer);
  return { timeZone, weeks, stages: LEAD_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })) };
}
