// What the API returns for a lead (list rows and the panel), shared by server and web.
import { z } from 'zod';
import { pageSchemaOf } from '../records/pagination.ts';

const userRef = z.object({ id: z.string(), fullName: z.string() }).nullable();

export const leadRecordSchema = z.object({
  id: z.string(),
  displayId: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  nationality: z.string().nullable(),
  countryOfResidence: z.string().nullable(),
  email: z.string(),
  contactNumber: z.string(),
  /** The number as shown: international format when valid ('+61 412 345 678'), else as typed. */
  contactNumberDisplay: z.string(),
  applicantLocation: z.string().nullable(),
  currentVisaSubclass: z.string().nullable(),
  desiredVisa: z.string().nullable(),
  visaExpiryDate: z.string().nullable(),
  leadStatus: z.string(),
  leadSource: z.string(),
  socialMediaPlatform: z.string().nullable(),
  associatePartner: z.string().nullable(),
  branchOffice: z.string().nullable(),
  manager: userRef,
  assistantManager: userRef,
  migrationAgent: userRef,
  createdBy: userRef,
  updatedBy: userRef,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Kept after a reversion: the conversion stays in the history. */
  convertedAt: z.string().nullable(),
  convertedToClientId: z.string().nullable(),
  /** The last 'Revert to Lead' of this lead's conversion, while the lead is back in the pipeline. */
  reversion: z.object({ revertedAt: z.string(), revertedBy: userRef, clientId: z.string() }).nullable(),
  isHidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  version: z.number().int(),
});
export type LeadRecord = z.infer<typeof leadRecordSchema>;

export const leadPageSchema = pageSchemaOf(leadRecordSchema);
export type LeadPage = z.infer<typeof leadPageSchema>;

export const leadFilterOptionsSchema = z.object({
  statuses: z.array(z.string()),
  locations: z.array(z.string()),
  desiredVisas: z.array(z.string()),
});
export type LeadFilterOptions = z.infer<typeof leadFilterOptionsSchema>;

export const assignableUserSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  /** Shown to supervisor and above only; null for the other roles. */
  email: z.string().nullable(),
  role: z.string(),
});
export type AssignableUser = z.infer<typeof assignableUserSchema>;

/** User pickers (spec 1 §6.4). */
export const PICKER_ROLES = {
  manager: ['administrator', 'account_administrator', 'supervisor'],
  assistantManager: ['supervisor', 'team_lead', 'consultant', 'member'],
  migrationAgent: ['administrator', 'account_administrator', 'supervisor', 'consultant'],
} as const;

/** POST /api/leads/:id/archive: the contact the lead became. */
export const leadArchiveResultSchema = z.object({ contactId: z.string() });
export type LeadArchiveResult = z.infer<typeof leadArchiveResultSchema>;

/** Hide, unhide, delete, restore, permanent delete: the spec's success message. */
export const leadActionResultSchema = z.object({ ok: z.literal(true), message: z.string() });
export type LeadActionResult = z.infer<typeof leadActionResultSchema>;
