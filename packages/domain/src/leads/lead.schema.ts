// The lead form and API schemas with the messages of spec 1 §5.1 (used by the web form and the server).
import { z } from 'zod';
import { COUNTRIES } from '../reference/countries.ts';
import { APPLICANT_LOCATIONS, GENDERS, hasCurrentVisa, VISAS } from '../reference/visas.ts';
import {
  emailField,
  optionalChoice,
  optionalDate,
  optionalText,
  optionalUuid,
  personName,
  requiredBirthDate,
  requiredChoice,
  requiredFieldsOf,
  requiredUuid,
  versionField,
} from '../records/fields.ts';
import { patchSchemaOf } from '../records/patch.ts';
import {
  LEAD_SOURCES,
  SOCIAL_PLATFORMS,
  sourceDetailField,
  withoutOtherSourceDetails,
  withSourceDetailRule,
} from './lead-source.ts';
import { CONVERTED_STATUS, LEAD_STATUSES } from './lead-status.ts';
import { contactNumberField } from '../phones/contact-number-field.ts';

export const LEAD_ASSIGNMENT_MESSAGES = {
  manager: 'Manager is required',
  assistantManager: 'Assistant Manager is required',
} as const;

const country = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((v) => COUNTRIES.includes(v), 'Choose a country from the list');

export const leadFieldsSchema = z.object({
  firstName: personName('First name', 'First name is required'),
  middleName: optionalText(50),
  lastName: personName('Last name', 'Last name is required'),
  gender: optionalChoice(GENDERS),
  dateOfBirth: requiredBirthDate('Date of birth is required'),
  nationality: country('Nationality is required'),
  countryOfResidence: country('Country of residence is required'),
  email: emailField(),
  contactNumber: contactNumberField(),
  applicantLocation: requiredChoice(APPLICANT_LOCATIONS, 'Applicant location is required'),
  currentVisaSubclass: optionalChoice(VISAS),
  desiredVisa: optionalChoice(VISAS),
  visaExpiryDate: optionalDate(),
  leadStatus: requiredChoice(LEAD_STATUSES, 'Lead status is required'),
  leadSource: requiredChoice(LEAD_SOURCES, 'Lead source is required'),
  socialMediaPlatform: optionalChoice(SOCIAL_PLATFORMS),
  associatePartner: optionalText(120),
  branchOffice: optionalText(120),
  // Spec 1 §5.1: the staff form names both (leads that arrive another way — import, the public form —
  // may have neither and show 'Unassigned' until someone assigns them).
  managerUserId: requiredUuid(LEAD_ASSIGNMENT_MESSAGES.manager),
  assistantManagerUserId: requiredUuid(LEAD_ASSIGNMENT_MESSAGES.assistantManager),
  migrationAgentUserId: optionalUuid(),
});

type LeadFields = z.infer<typeof leadFieldsSchema>;

/** The fields every lead must have (spec 1 §3.1, §5.1). */
export const LEAD_REQUIRED_FIELDS = requiredFieldsOf(leadFieldsSchema);

/** The fields a lead must have given its values so far: the schema's, and the detail its source asks for. */
export function leadRequiredFields(values: { leadSource?: string | null }): ReadonlySet<string> {
  const detail = sourceDetailField(values.leadSource);
  return detail ? new Set([...LEAD_REQUIRED_FIELDS, detail]) : LEAD_REQUIRED_FIELDS;
}

/** Rules that join fields (the source's detail field has its own, withSourceDetailRule). */
function leadRules(value: LeadFields, ctx: z.RefinementCtx) {
  if (value.desiredVisa === 'None') {
    ctx.addIssue({ code: 'custom', path: ['desiredVisa'], message: 'Choose the visa the applicant wants' });
  }
}

/**
 * A complete, valid lead: the OpenAPI document shows it, and the bad-input test changes it one field at a
 * time, so each bad value is the only thing wrong with the body it is sent in.
 */
export const LEAD_EXAMPLE = {
  firstName: 'Priya',
  middleName: 'Kaur',
  lastName: 'Patel',
  gender: 'Female',
  dateOfBirth: '1994-05-17',
  nationality: 'India',
  countryOfResidence: 'Australia',
  email: 'priya.patel@example.com',
  contactNumber: '+61 412 345 678',
  applicantLocation: 'Inside Australia',
  currentVisaSubclass: 'Student 500',
  visaExpiryDate: '2027-03-01',
  desiredVisa: 'Temporary Graduate 485',
  leadStatus: 'New Lead Received',
  leadSource: 'Website',
  // Any user ids of the firm: the bad-input test puts real users in every *UserId field.
  managerUserId: '0b7c2c6e-7f1d-4c1e-9a43-3d5f0e2a1b01',
  assistantManagerUserId: '0b7c2c6e-7f1d-4c1e-9a43-3d5f0e2a1b02',
} as const satisfies z.input<typeof leadFieldsSchema>;

export const leadInputSchema = withSourceDetailRule(leadFieldsSchema.superRefine(leadRules));
export type LeadInput = z.infer<typeof leadInputSchema>;

export const NEW_LEAD_CONVERTED_MESSAGE =
  'A new lead cannot be saved as Converted to Client. Save the lead first, then set the status to Converted to Client.';

export const createLeadSchema = withSourceDetailRule(
  leadFieldsSchema.superRefine((value, ctx) => {
    leadRules(value, ctx);
    if (value.leadStatus === CONVERTED_STATUS) {
      ctx.addIssue({ code: 'custom', path: ['leadStatus'], message: NEW_LEAD_CONVERTED_MESSAGE });
    }
  }),
).meta({ example: LEAD_EXAMPLE });

/**
 * A lead arriving by import (issue 15): the create rules, except that it may name no manager or assistant
 * manager (it shows 'Unassigned' until someone assigns it, as the note on the fields says).
 */
export const importedLeadSchema = withSourceDetailRule(
  leadFieldsSchema
    .extend({ managerUserId: optionalUuid(), assistantManagerUserId: optionalUuid() })
    .superRefine((value, ctx) => {
      leadRules(value as LeadFields, ctx);
      if (value.leadStatus === CONVERTED_STATUS) {
        ctx.addIssue({ code: 'custom', path: ['leadStatus'], message: NEW_LEAD_CONVERTED_MESSAGE });
      }
    }),
);

/** The whole lead form with the version it read (the web form validates with it). */
export const updateLeadSchema = withSourceDetailRule(
  leadFieldsSchema.extend({ version: versionField() }).superRefine((value, ctx) => leadRules(value, ctx)),
).meta({ example: { ...LEAD_EXAMPLE, version: 1 } });
export type UpdateLeadInput = z.infer<typeof updateLeadSchema>;

/** PATCH /api/leads/:id: the fields that change; the lead they make is checked with leadInputSchema. */
export const leadPatchSchema = patchSchemaOf(leadFieldsSchema).meta({
  example: { leadStatus: 'Consultation Completed', version: 1 },
});
export type LeadPatch = z.infer<typeof leadPatchSchema>;
export type LeadPatchInput = z.input<typeof leadPatchSchema>;

/** Keeps only the fields that apply: visa block inside Australia, the source's own detail field. */
export function normalizeLeadInput<T extends LeadFields>(input: T): T {
  const out = withoutOtherSourceDetails(input);
  if (!hasCurrentVisa(out.applicantLocation)) {
    out.currentVisaSubclass = undefined;
    out.visaExpiryDate = undefined;
  }
  return out;
}

export const reasonSchema = (fallback: string) =>
  z.object({
    reason: z
      .string()
      .trim()
      .max(500)
      .optional()
      .transform((v) => v || fallback),
  });

export const LEAD_REASON_DEFAULTS = {
  archive: 'Archived by user',
  hide: 'Hidden by user',
  unhide: 'Unhidden by user',
  delete: 'Deleted by user',
} as const;

export const LEAD_MESSAGES = {
  created: 'Lead created successfully!',
  updated: 'Lead updated successfully!',
  archived: 'Lead archived and moved to contacts successfully!',
  deleted: 'Lead deleted successfully',
  restored: 'Lead restored successfully',
  permanentlyDeleted: 'Lead permanently deleted',
  unhidden: 'Lead unhidden successfully',
  hidden: 'Lead hidden successfully',
  duplicateDetected: (what: string, table: string) => `Duplicate detected: ${what} already exists in ${table} records.`,
  duplicateGeneric: 'Duplicate contact detected. Please check email and contact number.',
  duplicateOnUpdate: 'Duplicate lead detected. Please check email and contact number.',
  /** The database's unique index caught a duplicate the checks missed (two saves at once; code 23505). */
  /** A converted lead is read-only (spec 1 §2.5). */
  readOnlyConverted: 'This lead has been converted to a client and is read-only.',
  rateLimited: 'Too many submissions. Please wait a minute before trying again.',
  /** Spec 1 §5.1: saving needs a signed-in user (the session ended while the form was open). */
  loginToSave: 'Please log in to save leads.',
  createFailed: 'Failed to create lead',
  updateFailed: 'Failed to update lead',
  archiveFailed: 'Failed to archive lead',
  deleteFailed: 'Failed to delete lead',
  restoreFailed: 'Failed to restore lead',
  permanentDeleteFailed: 'Failed to permanently delete lead',
  unhideFailed: 'Failed to unhide lead',
} as const;

/** Lead creation limit per email (spec 1 §5.1, enforced by the server too). */
export const LEAD_CREATE_LIMIT = { count: 5, windowMs: 60_000 } as const;
