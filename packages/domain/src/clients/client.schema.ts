// The client form and API schemas with the conditional rules of spec 1 §5.2.
import { z } from 'zod';
import { COUNTRIES } from '../reference/countries.ts';
import {
  APPLICANT_LOCATIONS,
  DEPENDENT_COUNTS,
  DEPENDENT_RELATIONSHIPS,
  GENDERS,
  hasCurrentVisa,
  isBridgingVisa,
  isNoVisa,
  MARITAL_STATUSES,
  needsVisaExpiry,
  VISAS,
} from '../reference/visas.ts';
import {
  emailField,
  optionalBirthDate,
  optionalChoice,
  optionalDate,
  optionalKey,
  optionalText,
  optionalUuid,
  personName,
  requiredFieldsOf,
  versionField,
} from '../records/fields.ts';
import { patchSchemaOf } from '../records/patch.ts';
import {
  LEAD_SOURCES,
  SOCIAL_PLATFORMS,
  sourceDetailField,
  withoutOtherSourceDetails,
  withSourceDetailRule,
} from '../leads/lead-source.ts';
import { CLIENT_STATUSES, DEFAULT_CLIENT_STATUS, REVERSION_WINDOW_DAYS } from './client-status.ts';
import { contactNumberField } from '../phones/contact-number-field.ts';

const optionalCountry = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .refine((v) => COUNTRIES.includes(v), 'Choose a country from the list')
      .optional(),
  );

export const dependentSchema = z.object({
  id: optionalKey(),
  firstName: optionalText(50),
  middleName: optionalText(50),
  lastName: optionalText(50),
  dateOfBirth: optionalBirthDate(),
  nationality: optionalCountry(),
  relationship: optionalChoice(DEPENDENT_RELATIONSHIPS),
  passportNumber: optionalText(30),
  passportExpiryDate: optionalDate(),
  countryOfResidence: optionalCountry(),
});
export type Dependent = z.infer<typeof dependentSchema>;

export const clientFieldsSchema = z.object({
  firstName: personName('First name', 'First name is required'),
  middleName: optionalText(50),
  lastName: personName('Last name', 'Last name is required'),
  email: emailField(),
  contactNumber: contactNumberField(),
  dateOfBirth: optionalBirthDate(),
  gender: optionalChoice(GENDERS),
  nationality: optionalCountry(),
  maritalStatus: optionalChoice(MARITAL_STATUSES),
  numberOfDependents: z.enum(DEPENDENT_COUNTS).default('0'),
  passportNumber: optionalText(30),
  passportExpiryDate: optionalDate(),
  currentVisaSubclass: optionalChoice(VISAS),
  desiredVisa: optionalChoice(VISAS),
  visaExpiryDate: optionalDate(),
  applicantLocation: optionalChoice(APPLICANT_LOCATIONS),
  street1: optionalText(120),
  street2: optionalText(120),
  city: optionalText(80),
  stateRegion: optionalText(80),
  postalCode: optionalText(20),
  country: optionalCountry(),
  countryOfResidence: optionalCountry(),
  leadSource: optionalChoice(LEAD_SOURCES),
  socialMediaPlatform: optionalChoice(SOCIAL_PLATFORMS),
  associatePartner: optionalText(120),
  branchOffice: optionalText(120),
  status: z.enum(CLIENT_STATUSES).default(DEFAULT_CLIENT_STATUS),
  managerUserId: optionalUuid(),
  assistantManagerUserId: optionalUuid(),
  migrationAgentUserId: optionalUuid(),
  spouseFirstName: optionalText(50),
  spouseMiddleName: optionalText(50),
  spouseLastName: optionalText(50),
  spouseDateOfBirth: optionalBirthDate(),
  spouseNationality: optionalCountry(),
  spouseCountryOfResidence: optionalCountry(),
  dependents: z.array(dependentSchema).max(20).default([]),
  company: optionalText(120),
});
type ClientFields = z.infer<typeof clientFieldsSchema>;

export const CLIENT_RULE_MESSAGES = {
  currentVisa: 'Current/Previous Visa is required when applicant location is Inside Australia',
  desiredVisa: 'Desired Visa is required when applicant location is Outside Australia',
  visaExpiry: 'Visa expiry date is required for current visa when inside Australia',
  spouseFirstName: 'Spouse first name is required when marital status is Married or De Facto',
  spouseLastName: 'Spouse last name is required when marital status is Married or De Facto',
  spouseNationality: 'Spouse nationality is required when marital status is Married or De Facto',
  dependentFirstName: 'Dependent first name is required',
  dependentLastName: 'Dependent last name is required',
  dependentNationality: 'Dependent nationality is required',
  dependentRelationship: 'Dependent relationship is required',
} as const;

export const hasSpouse = (maritalStatus: string | null | undefined) =>
  maritalStatus === 'Married' || maritalStatus === 'De Facto';

export function dependentCount(value: string | null | undefined): number {
  if (!value) return 0;
  return value === '5+' ? 5 : Math.max(0, Number.parseInt(value, 10) || 0);
}

/** A spouse's fields the client must fill when married or de facto (spec 1 §5.2). */
export const SPOUSE_REQUIRED_FIELDS = {
  spouseFirstName: CLIENT_RULE_MESSAGES.spouseFirstName,
  spouseLastName: CLIENT_RULE_MESSAGES.spouseLastName,
  spouseNationality: CLIENT_RULE_MESSAGES.spouseNationality,
} as const;

/** Each dependent's fields the client must fill (spec 1 §5.2). */
export const DEPENDENT_REQUIRED_FIELDS = {
  firstName: CLIENT_RULE_MESSAGES.dependentFirstName,
  lastName: CLIENT_RULE_MESSAGES.dependentLastName,
  nationality: CLIENT_RULE_MESSAGES.dependentNationality,
  relationship: CLIENT_RULE_MESSAGES.dependentRelationship,
} as const;

type ClientConditionValues = {
  applicantLocation?: string | null;
  currentVisaSubclass?: string | null;
  maritalStatus?: string | null;
  numberOfDependents?: string | null;
  dependents?: readonly unknown[];
};

type Requirement = { path: (string | number)[]; message: string };

/** Spec 1 §5.2: the fields a client must fill because of other fields, with the message each gets when empty. */
function clientConditions(v: ClientConditionValues): Requirement[] {
  const out: Requirement[] = [];
  const need = (path: (string | number)[], message: string) => out.push({ path, message });
  if (hasCurrentVisa(v.applicantLocation)) need(['currentVisaSubclass'], CLIENT_RULE_MESSAGES.currentVisa);
  if (needsVisaExpiry(v)) need(['visaExpiryDate'], CLIENT_RULE_MESSAGES.visaExpiry);
  if (v.applicantLocation === 'Outside Australia') need(['desiredVisa'], CLIENT_RULE_MESSAGES.desiredVisa);
  if (hasSpouse(v.maritalStatus))
    for (const [field, message] of Object.entries(SPOUSE_REQUIRED_FIELDS)) need([field], message);
  // Only the entries there are: the list follows the count, and a short one is not the client's fault.
  const dependents = Math.min(dependentCount(v.numberOfDependents), v.dependents?.length ?? 0);
  for (let i = 0; i < dependents; i++)
    for (const [field, message] of Object.entries(DEPENDENT_REQUIRED_FIELDS)) need(['dependents', i, field], message);
  return out;
}

/** The fields every client must have (spec 1 §3.2, §5.2). */
export const CLIENT_REQUIRED_FIELDS = requiredFieldsOf(clientFieldsSchema);

/**
 * The fields a client must have given its values so far, as paths ('dependents.0.firstName'): the schema's
 * own, those spec 1 §5.2 asks for by condition and the detail its source asks for. The form marks them.
 */
export function clientRequiredFields(v: ClientConditionValues & { leadSource?: string | null }): ReadonlySet<string> {
  const detail = sourceDetailField(v.leadSource);
  return new Set([
    ...CLIENT_REQUIRED_FIELDS,
    ...clientConditions(v).map((r) => r.path.join('.')),
    ...(detail ? [detail] : []),
  ]);
}

const valueAt = (v: ClientFields, path: (string | number)[]): unknown =>
  path.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | undefined)?.[key], v);

function clientRules(v: ClientFields, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  for (const { path, message } of clientConditions(v)) {
    const value = valueAt(v, path);
    // A current visa of None names no visa (spec 1 §5.2: 'not None or empty').
    if (path[0] === 'currentVisaSubclass' ? isNoVisa(value as string | undefined) : !value) issue(path, message);
  }
  if (v.desiredVisa && (v.desiredVisa === 'None' || isBridgingVisa(v.desiredVisa))) {
    issue(['desiredVisa'], 'Choose the visa the applicant wants');
  }
}

/**
 * A complete, valid client (spouse and one dependent included): the OpenAPI document shows it, and the
 * bad-input test changes it one field at a time, so each bad value is the only thing wrong with its body.
 */
export const CLIENT_EXAMPLE = {
  firstName: 'Wei',
  middleName: 'Ming',
  lastName: 'Zhang',
  email: 'wei.zhang@example.com',
  contactNumber: '+61 398 765 432',
  dateOfBirth: '1988-09-12',
  gender: 'Male',
  nationality: 'China',
  maritalStatus: 'Married',
  numberOfDependents: '1',
  passportNumber: 'E12345678',
  passportExpiryDate: '2031-06-30',
  applicantLocation: 'Outside Australia',
  desiredVisa: 'Skilled Independent 189',
  street1: '12 Harbour Street',
  city: 'Sydney',
  stateRegion: 'NSW',
  postalCode: '2000',
  country: 'Australia',
  countryOfResidence: 'China',
  leadSource: 'Referral',
  status: 'Active',
  spouseFirstName: 'Li',
  spouseLastName: 'Zhang',
  spouseDateOfBirth: '1989-02-03',
  spouseNationality: 'China',
  dependents: [
    {
      id: 'dependent-1',
      firstName: 'Mei',
      lastName: 'Zhang',
      dateOfBirth: '2016-04-02',
      nationality: 'China',
      relationship: 'Child',
      passportNumber: 'E87654321',
      passportExpiryDate: '2029-01-15',
    },
  ],
  company: 'Zhang Trading',
} as const satisfies z.input<typeof clientFieldsSchema>;

export const clientInputSchema = withSourceDetailRule(clientFieldsSchema.superRefine(clientRules)).meta({
  example: CLIENT_EXAMPLE,
});
export type ClientInput = z.infer<typeof clientInputSchema>;

/** The whole client form with the version it read (the web form validates with it). */
export const updateClientSchema = withSourceDetailRule(
  clientFieldsSchema.extend({ version: versionField() }).superRefine((v, ctx) => clientRules(v, ctx)),
).meta({ example: { ...CLIENT_EXAMPLE, version: 1 } });
export type UpdateClientInput = z.infer<typeof updateClientSchema>;

/** PATCH /api/clients/:id: the fields that change; the client they make is checked with clientInputSchema. */
export const clientPatchSchema = patchSchemaOf(clientFieldsSchema).meta({
  example: { passportNumber: 'E12345678', passportExpiryDate: '2031-06-30', version: 1 },
});
export type ClientPatch = z.infer<typeof clientPatchSchema>;

/** The dependents list follows numberOfDependents: blank Child entries added, removed from the end. */
export function resizeDependents<T extends Partial<Dependent>>(
  list: readonly T[],
  numberOfDependents: string | null | undefined,
): (T | Dependent)[] {
  const count = dependentCount(numberOfDependents);
  if (list.length >= count) return list.slice(0, count);
  const blanks: Dependent[] = Array.from({ length: count - list.length }, () => ({ relationship: 'Child' }));
  return [...list, ...blanks];
}

/** Keeps only what applies: spouse fields for Married/De Facto, dependents up to the count, source details. */
export function normalizeClientInput<T extends ClientFields>(input: T): T {
  const out = withoutOtherSourceDetails(input);
  if (!hasSpouse(out.maritalStatus)) {
    out.spouseFirstName = out.spouseMiddleName = out.spouseLastName = undefined;
    out.spouseDateOfBirth = out.spouseNationality = out.spouseCountryOfResidence = undefined;
  }
  out.dependents = out.dependents.slice(0, dependentCount(out.numberOfDependents));
  if (!hasCurrentVisa(out.applicantLocation)) {
    out.currentVisaSubclass = undefined;
    out.visaExpiryDate = undefined;
  }
  return out;
}

export const CLIENT_MESSAGES = {
  /** The session ended while the form was open (as the lead form's 'Please log in to save leads.'). */
  loginToSave: 'Please log in to save clients.',
  created: 'Client created successfully',
  updated: 'Client updated successfully',
  deleted: 'Client deleted successfully',
  restored: 'Client restored successfully',
  permanentlyDeleted: 'Client permanently deleted',
  unhidden: 'Client unhidden successfully',
  converted: 'Lead converted to client successfully!',
  notFoundAfterConversion: 'Client record not found after conversion',
  reverted: 'Client reverted to lead successfully',
  revertWindowPassed: `A conversion can only be reverted within ${REVERSION_WINDOW_DAYS} days.`,
  hidden: 'Client hidden successfully',
  /** 'Revert to Lead' on a client that was not converted from a lead. */
  notFromLead: 'Only a client converted from a lead can be reverted to a lead.',
  /** The lead a client was converted from was deleted forever since. */
  leadGone: 'The lead this client was converted from no longer exists.',
  alreadyReverted: 'This client has already been reverted to a lead.',
  /** A Reverted client is kept for the record and can no longer be edited. */
  readOnlyReverted: 'This client was reverted to a lead and is read-only.',
  /** Status Reverted is set by 'Revert to Lead', never typed in. */
  useReversion: "Use 'Revert to Lead' to revert a client.",
  alreadyConverted: 'This lead has already been converted to a client.',
  duplicateOnUpdate: 'Duplicate client detected. Please check email and contact number.',
  createFailed: (message: string) => `Failed to create client: ${message}`,
  updateFailed: (message: string) => `Failed to update client: ${message}`,
  deleteFailed: 'Failed to delete client',
  restoreFailed: 'Failed to restore client',
  permanentDeleteFailed: 'Failed to permanently delete client',
  unhideFailed: 'Failed to unhide client',
} as const;

export const CLIENT_REASON_DEFAULTS = {
  hide: 'Hidden by user',
  unhide: 'Unhidden by user',
  delete: 'Deleted by user',
} as const;

export const CONVERSION_NOTE = 'Converted via status update';
export const CONVERSION_TYPE = 'client_only';
