// The combined record list of spec 1 §2.4 (leads and clients in one paginated list) and its statistics.
import { z } from 'zod';
import { pageSchemaOf, tabCountSchema } from './pagination.ts';
import { booleanParam, listQueryBase } from './list-query.ts';

export const RECORD_TYPES = ['lead', 'client'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/**
 * GET /api/records: newest first (created_at desc). Search covers name, first and last name, email,
 * contact number, status, location, desired visa and nationality. `type` narrows to leads or clients.
 */
export const recordListQuerySchema = listQueryBase.omit({ sort: true }).extend({
  type: z.enum(RECORD_TYPES).optional(),
  showHidden: booleanParam(),
});
export type RecordListQuery = z.infer<typeof recordListQuerySchema>;

export const recordRowSchema = z.object({
  type: z.enum(RECORD_TYPES),
  id: z.string(),
  /** 'LD-' / 'CL-' + last 8 characters of the id, uppercased. */
  displayId: z.string(),
  fullName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  contactNumber: z.string(),
  /** The number as shown: international format when valid ('+61 412 345 678'), else as typed. */
  contactNumberDisplay: z.string(),
  /** Lead status or client status, as stored; the web shows 'Converted to Client' as 'Client'. */
  status: z.string(),
  location: z.string().nullable(),
  desiredVisa: z.string().nullable(),
  nationality: z.string().nullable(),
  createdAt: z.string(),
  /** Client rows converted from a lead ('← From Lead'). */
  convertedFromLeadId: z.string().nullable(),
  /** Lead rows converted to a client ('→ Client'). */
  convertedToClientId: z.string().nullable(),
  isHidden: z.boolean(),
});
export type RecordRow = z.infer<typeof recordRowSchema>;

export const recordPageSchema = pageSchemaOf(recordRowSchema);
export type RecordPage = z.infer<typeof recordPageSchema>;

/** The statistics cards of the combined list, over every record the user can list (no search). */
export const recordStatisticsSchema = z.object({
  totalRecords: z.number().int(),
  /** Leads in the pipeline: new, in screening, consultation completed, agreement sent / signed, consultation only. */
  activeLeads: z.number().int(),
  /** Clients in the list (not deleted, not Reverted). */
  convertedClients: z.number().int(),
  /** Leads with status 'Not Proceeding / Lost'. */
  lostLeads: z.number().int(),
  /** clients ÷ (leads + clients) as a percent with one decimal place. */
  conversionRate: z.number(),
});
export type RecordStatistics = z.infer<typeof recordStatisticsSchema>;

/** clients ÷ (leads + clients) × 100, one decimal place; 0 with no records. */
export function recordConversionRate(leads: number, clients: number): number {
  const all = leads + clients;
  return all === 0 ? 0 : Math.round((clients / all) * 1000) / 10;
}

/** GET /api/records/tab-counts: the Leads and Clients tab counts for a search (Show Hidden as the list). */
export const recordTabCountsQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  showHidden: booleanParam(),
});
export type RecordTabCountsQuery = z.infer<typeof recordTabCountsQuerySchema>;

/** Null for a tab the role may not see. */
export const recordTabCountsSchema = z.object({
  leads: tabCountSchema.nullable(),
  clients: tabCountSchema.nullable(),
});
export type RecordTabCounts = z.infer<typeof recordTabCountsSchema>;
