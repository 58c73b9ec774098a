// Dashboard figures (spec 1 §2.2, §3.5, §9), computed from the server's counts.
import { z } from 'zod';

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
export function activeLeads(s: LeadStatistics): number {
  return (
    s.newLeads +
    s.inScreeningLeads +
    s.consultationCompletedLeads +
    s.agreementSentLeads +
    s.agreementSignedLeads +
    s.consultationOnlyLeads
  );
}

export const agreementsInProgress = (s: LeadStatistics) => s.agreementSentLeads + s.agreementSignedLeads;

/** Converted ÷ (total + converted), rounded to a whole percent; total counts leads not converted. */
export function dashboardConversionRate(s: LeadStatistics): number {
  const denominator = s.totalLeads + s.convertedLeads;
  return denominator === 0 ? 0 : Math.round((s.convertedLeads / denominator) * 100);
}

export const GOOD_CONVERSION_RATE = 20;
