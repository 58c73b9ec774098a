// What the API returns for a client (list rows and the panel), its list query, conversion and
// reversion results; shared by server and web.
import { z } from 'zod';
import { pageSchemaOf } from '../records/pagination.ts';
import { APPLICANT_LOCATIONS, VISAS } from '../reference/visas.ts';
import { booleanParam, listQueryBase, multiValue } from '../records/list-query.ts';
import { CLIENT_STATUSES } from './client-status.ts';

const userRef = z.object({ id: z.string(), fullName: z.string() }).nullable();
const expiryStatus = z.enum(['N/A', 'Expired', 'Expiring Soon', 'Valid']);

/** A stored dependent (spec 1 §3.3): the server gives each one an id; empty fields are left out. */
export const dependentRecordSchema = z.object({
  id: z.string(),
  firstName: z.string().optional(),
  middleName: z.string().optional(),
  lastName: z.string().optional(),
  dateOfBirth: z.string().optional(),
  nationality: z.string().optional(),
  relationship: z.string().optional(),
  passportNumber: z.string().optional(),
  passportExpiryDate: z.string().optional(),
  countryOfResidence: z.string().optional(),
});
export type DependentRecord = z.infer<typeof dependentRecordSchema>;

export const clientRecordSchema = z.object({
  id: z.string(),
  /** 'CL-' + last 8 characters of the id, uppercased. */
  displayId: z.string(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  email: z.string(),
  contactNumber: z.string(),
  /** The number as shown: international format when valid ('+61 412 345 678'), else as typed. */
  contactNumberDisplay: z.string(),
  dateOfBirth: z.string().nullable(),
  gender: z.string().nullable(),
  nationality: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  /** '0'..'4' or '5+'. */
  numberOfDependents: z.string(),
  passportNumber: z.string().nullable(),
  passportExpiryDate: z.string().nullable(),
  /** Derived from passportExpiryDate (180-day threshold), spec 1 §2.6. */
  passportStatus: expiryStatus,
  /** Derived from visaExpiryDate (30-day threshold); computed, not displayed. */
  visaStatus: expiryStatus,
  currentVisaSubclass: z.string().nullable(),
  desiredVisa: z.string().nullable(),
  visaExpiryDate: z.string().nullable(),
  applicantLocation: z.string().nullable(),
  street1: z.string().nullable(),
  street2: z.string().nullable(),
  city: z.string().nullable(),
  stateRegion: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  address: z.string().nullable(),
  countryOfResidence: z.string().nullable(),
  leadSource: z.string().nullable(),
  socialMediaPlatform: z.string().nullable(),
  associatePartner: z.string().nullable(),
  branchOffice: z.string().nullable(),
  status: z.string(),
  manager: userRef,
  assistantManager: userRef,
  migrationAgent: userRef,
  spouseFirstName: z.string().nullable(),
  spouseMiddleName: z.string().nullable(),
  spouseLastName: z.string().nullable(),
  spouseDateOfBirth: z.string().nullable(),
  spouseNationality: z.string().nullable(),
  spouseCountryOfResidence: z.string().nullable(),
  dependents: z.array(dependentRecordSchema),
  company: z.string().nullable(),
  projects: z.string().nullable(),
  /** Exact decimal as a string (numeric column). */
  revenue: z.string().nullable(),
  convertedFromLeadId: z.string().nullable(),
  conversionNotes: z.string().nullable(),
  convertedAt: z.string().nullable(),
  /** True while 'Revert to Lead' is allowed: converted from a lead less than 30 days ago and not reverted. */
  canRevert: z.boolean(),
  revertedAt: z.string().nullable(),
  revertedBy: userRef,
  createdBy: userRef,
  updatedBy: userRef,
  createdAt: z.string(),
  updatedAt: z.string(),
  isHidden: z.boolean(),
  hiddenAt: z.string().nullable(),
  hiddenReason: z.string().nullable(),
  version: z.number().int(),
});
export type ClientRecord = z.infer<typeof clientRecordSchema>;

export const clientPageSchema = pageSchemaOf(clientRecordSchema);
export type ClientPage = z.infer<typeof clientPageSchema>;

export const CLIENT_SORT_FIELDS = [
  'createdAt',
  'updatedAt',
  'firstName',
  'lastName',
  'status',
  'applicantLocation',
  'desiredVisa',
  'nationality',
  'passportExpiryDate',
] as const;

/**
 * GET /api/clients. Reverted clients are left out unless `status` names Reverted; hidden ones only with
 * showHidden=true. Multi-value filters repeat the parameter or join values with |.
 */
export const clientListQuerySchema = listQueryBase.extend({
  status: multiValue(z.enum(CLIENT_STATUSES)),
  location: multiValue(z.enum(APPLICANT_LOCATIONS)),
  desiredVisa: multiValue(z.enum(VISAS)),
  showHidden: booleanParam(),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

export const clientFilterOptionsSchema = z.object({
  statuses: z.array(z.string()),
  locations: z.array(z.string()),
  desiredVisas: z.array(z.string()),
});
export type ClientFilterOptions = z.infer<typeof clientFilterOptionsSchema>;

/** Hide, unhide, delete, restore, permanent delete: the spec's success message. */
export const clientActionResultSchema = z.object({ ok: z.literal(true), message: z.string() });
export type ClientActionResult = z.infer<typeof clientActionResultSchema>;

/** POST /api/leads/:id/convert. Without notes the conversion note is 'Converted via status update'. */
export const convertLeadSchema = z.object({
  notes: z.preprocess((v) => (v === null ? undefined : v), z.string().trim().max(1000).optional()),
});
export type ConvertLeadInput = z.infer<typeof convertLeadSchema>;

export const conversionResultSchema = z.object({
  conversionType: z.literal('client_only'),
  leadId: z.string(),
  clientId: z.string(),
  client: clientRecordSchema,
  /** 'Lead converted to client successfully!' */
  message: z.string(),
});
export type ConversionResult = z.infer<typeof conversionResultSchema>;

/** POST /api/clients/:id/revert: the client is Reverted and the lead is back in the pipeline. */
export const reversionResultSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  clientId: z.string(),
  leadId: z.string(),
  /** The status the lead went back to. */
  leadStatus: z.string(),
});
export type ReversionResult = z.infer<typeof reversionResultSchema>;
