// What the API returns for contacts (archived leads): the list, its statistics, a restore's result.
import { z } from 'zod';
import { pageSchemaOf } from '../records/pagination.ts';
import { LOST_LEAD_STATUS, leadStatusLook } from '../leads/lead-status.ts';
import { BADGE_COLOURS, type BadgeLook, filledBadge } from '../records/badge-look.ts';
import { listQueryBase } from '../records/list-query.ts';
import { RESTORE_TYPES } from './contact.ts';

const userRef = z.object({ id: z.string(), fullName: z.string() }).nullable();

export const contactRecordSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  nationality: z.string().nullable(),
  email: z.string(),
  contactNumber: z.string(),
  /** The number as shown: international format when valid ('+61 412 345 678'), else as typed. */
  contactNumberDisplay: z.string(),
  company: z.string().nullable(),
  countryOfResidence: z.string().nullable(),
  applicantLocation: z.string().nullable(),
  currentVisaSubclass: z.string().nullable(),
  /** The lead's desired visa. */
  visaAppliedFor: z.string().nullable(),
  visaExpiryDate: z.string().nullable(),
  leadSource: z.string().nullable(),
  /** The lead's status when it was archived ('Not Proceeding / Lost' shows red, any other orange). */
  originalLeadStatus: z.string().nullable(),
  contactStatus: z.string(),
  /** The archived date. */
  movedFromLeadsAt: z.string().nullable(),
  movedFromLeadsReason: z.string().nullable(),
  daysAsLead: z.number().int().nullable(),
  canRevertToLead: z.boolean(),
  originalLeadId: z.string().nullable(),
  owner: userRef,
  manager: userRef,
  assistantManager: userRef,
  createdBy: userRef,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactRecord = z.infer<typeof contactRecordSchema>;

/** GET /api/contacts: newest archived first; search matches first name, last name, email and contact number. */
export const contactListQuerySchema = listQueryBase.omit({ sort: true });
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

export const contactPageSchema = pageSchemaOf(contactRecordSchema).extend({
  /**
   * Every contact the user can list, search aside (the 'y' of 'x of y contacts'); `total` is the 'x', null
   * for a search (which never counts more than it shows: the page says '50+' when there are more).
   */
  totalAll: z.number().int(),
  /** totalAll is a lower bound ('10,000+'). */
  totalAllCapped: z.boolean(),
});
export type ContactPage = z.infer<typeof contactPageSchema>;

export const contactStatisticsSchema = z.object({
  /** Contacts in the list (contact_status not Reverted). */
  totalContacts: z.number().int(),
  activeContacts: z.number().int(),
  /** Listed contacts whose contact_status is anything but Active. */
  inactiveContacts: z.number().int(),
  /** Listed contacts that can still go back to being a lead. */
  revertibleContacts: z.number().int(),
  /** Contacts restored to a lead or a client in the last 30 days. */
  recentConversions: z.number().int(),
});
export type ContactStatistics = z.infer<typeof contactStatisticsSchema>;

export const contactRestoreResultSchema = z.object({
  ok: z.literal(true),
  /** 'Contact restored to lead successfully' / 'Contact restored to client successfully'. */
  message: z.string(),
  type: z.enum(RESTORE_TYPES),
  /** The lead brought back (to lead), or the original lead now marked converted (to client), if it exists. */
  leadId: z.string().nullable(),
  /** The client created (to client). */
  clientId: z.string().nullable(),
});
export type ContactRestoreResult = z.infer<typeof contactRestoreResultSchema>;

/** contact_status values: archived contacts are Active; a restored one becomes Reverted and leaves every list. */
export const CONTACT_STATUS_ACTIVE = 'Active';
export const CONTACT_STATUS_REVERTED = 'Reverted';

/** The original status badge (spec 2 "Contacts page"): 'Not Proceeding / Lost' as on a lead (red), any other orange. */
export const originalLeadStatusLook = (status: string): BadgeLook =>
  status === LOST_LEAD_STATUS ? leadStatusLook(status) : filledBadge(BADGE_COLOURS.orange);
