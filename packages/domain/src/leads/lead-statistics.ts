// Dashboard figures (spec 1 §2.2, §3.5, §9), computed from the server's counts.
import { z } from 'zod';
import { ACTIVE_LEAD_STATUSES, CONVERTED_STATUS, type LeadStatus } from './lead-status.ts';

export const leadStatisticsSchema = z.object({
  totalLeads: z.number().int(),
  newLeads: z.number().int(),
  inScreeningLeads: z.number().int(),
  consultationCompletedLeads: z.number().int(),
  agreementSentLeads: z.number().int(),
  agreementSignedLeads: z.number().int(),
  convertedLeads: z.number().int(),
  consultationOnlyLeads: z.number().int(),
  ineligibleLeads: z.number().int(),
  notProceedingLeads: z.number().int(),
});
export type LeadStatistics = z.infer<typeof leadStatisticsSchema>;

/** The count each status goes to (spec 1 §3.5). */
export const LEAD_STATISTICS_FIELDS = {
  'New Lead Received': 'newLeads',
  'In Screening – Booking Consultation': 'inScreeningLeads',
  'Consultation Completed': 'consultationCompletedLeads',
  'Agreement Sent – Awaiting Signature': 'agreementSentLeads',
  'Agreement Signed – Awaiting Payment': 'agreementSignedLeads',
  'Converted to Client': 'convertedLeads',
  'Consultation Only – Not Proceeding Yet': 'consultationOnlyLeads',
  Ineligible: 'ineligibleLeads',
  'Not Proceeding / Lost': 'notProceedingLeads',
} as const satisfies Record<LeadStatus, Exclude<keyof LeadStatistics, 'totalLeads'>>;

/** The statistics from the number of leads at each status (a status missing from the map has none). */
export function leadStatisticsOf(byStatus: ReadonlyMap<string, number>): LeadStatistics {
  const count = (status: LeadStatus) => byStatus.get(status) ?? 0;
  const all = [...byStatus.values()].reduce((a, b) => a + b, 0);
  const counts = Object.entries(LEAD_STATISTICS_FIELDS).map(([status, field]) => [field, count(status as LeadStatus)]);
  // Total counts the leads not converted (spec 1 §9: rate = converted ÷ (total + converted)).
  return { ...Object.fromEntries(counts), totalLeads: all - count(CONVERTED_STATUS) } as LeadStatistics;
}

export const conversionStatisticsSchema = z.object({
  totalConversions: z.number().int(),
  /** Conversions in the last 30 days. */
  recentConversions: z.number().int(),
  totalReversions: z.number().int(),
  activeClientsFromLeads: z.number().int(),
  /** Conversions ÷ all leads, as a percent with one decimal. */
  conversionSuccessRate: z.number(),
});
export type ConversionStatistics = z.infer<typeof conversionStatisticsSchema>;

/** Pipeline chart: new leads per week (the firm's time zone, weeks start Monday) and the count at each stage. */
export const leadTrendSchema = z.object({
  timeZone: z.string(),
  weeks: z.array(z.object({ weekStart: z.string(), count: z.number().int() })),
  stages: z.array(z.object({ status: z.string(), count: z.number().int() })),
});
export type LeadTrend = z.infer<typeof leadTrendSchema>;

/** Weeks the trend chart shows. */
export const LEAD_TREND_WEEKS = 12;
/** 'Recent' conversions: the last 30 days. */
export const RECENT_CONVERSION_DAYS = 30;

/** Active = new + in screening + consultation completed + agreement sent + agreement signed + consultation only. */
export const activeLeads = (s: LeadStatistics): number =>
  ACTIVE_LEAD_STATUSES.reduce((sum, status) => sum + s[LEAD_STATISTICS_FIELDS[status]], 0);

export const agreementsInProgress = (s: LeadStatistics) => s.agreementSentLeads + s.agreementSignedLeads;

/** Converted ÷ (total + converted), rounded to a whole percent; total counts leads not converted. */
export function dashboardConversionRate(s: LeadStatistics): number {
  const denominator = s.totalLeads + s.convertedLeads;
  return denominator === 0 ? 0 : Math.round((s.convertedLeads / denominator) * 100);
}

export const GOOD_CONVERSION_RATE = 20;
