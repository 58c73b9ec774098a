// The lead form's values (strings, as the inputs hold them) and their mapping to and from the API.
import {
  createLeadSchema,
  DEFAULT_LEAD_SOURCE,
  DEFAULT_LEAD_STATUS,
  type LeadInput,
  type LeadRecord,
  normalizeLeadInput,
  normalizeLeadStatus,
  type LeadPatch,
  updateLeadSchema,
  wholeFormPatch,
} from '@crm/domain';

export type LeadFormValues = {
  firstName: string;
  middleName: string;
  lastName: string;
  gender: string;
  dateOfBirth: string;
  nationality: string;
  countryOfResidence: string;
  email: string;
  contactNumber: string;
  applicantLocation: string;
  currentVisaSubclass: string;
  desiredVisa: string;
  visaExpiryDate: string;
  leadStatus: string;
  leadSource: string;
  socialMediaPlatform: string;
  associatePartner: string;
  branchOffice: string;
  managerUserId: string;
  assistantManagerUserId: string;
  migrationAgentUserId: string;
  /** The version last read (edit only); sent back so a stale save gets 409. */
  version?: number;
};

export function emptyLeadValues(): LeadFormValues {
  return {
    firstName: '',
    middleName: '',
    lastName: '',
    gender: '',
    dateOfBirth: '',
    nationality: '',
    countryOfResidence: '',
    email: '',
    contactNumber: '',
    applicantLocation: '',
    currentVisaSubclass: '',
    desiredVisa: '',
    visaExpiryDate: '',
    leadStatus: DEFAULT_LEAD_STATUS,
    leadSource: DEFAULT_LEAD_SOURCE,
    socialMediaPlatform: '',
    associatePartner: '',
    branchOffice: '',
    managerUserId: '',
    assistantManagerUserId: '',
    migrationAgentUserId: '',
  };
}

export function leadToFormValues(lead: LeadRecord): LeadFormValues {
  return {
    firstName: lead.firstName,
    middleName: lead.middleName ?? '',
    lastName: lead.lastName,
    gender: lead.gender ?? '',
    dateOfBirth: lead.dateOfBirth?.slice(0, 10) ?? '',
    nationality: lead.nationality ?? '',
    countryOfResidence: lead.countryOfResidence ?? '',
    email: lead.email,
    contactNumber: lead.contactNumber,
    applicantLocation: lead.applicantLocation ?? '',
    currentVisaSubclass: lead.currentVisaSubclass ?? '',
    desiredVisa: lead.desiredVisa ?? '',
    visaExpiryDate: lead.visaExpiryDate?.slice(0, 10) ?? '',
    leadStatus: normalizeLeadStatus(lead.leadStatus),
    leadSource: lead.leadSource || DEFAULT_LEAD_SOURCE,
    socialMediaPlatform: lead.socialMediaPlatform ?? '',
    associatePartner: lead.associatePartner ?? '',
    branchOffice: lead.branchOffice ?? '',
    managerUserId: lead.manager?.id ?? '',
    assistantManagerUserId: lead.assistantManager?.id ?? '',
    migrationAgentUserId: lead.migrationAgent?.id ?? '',
    version: lead.version,
  };
}

/** The create body: parsed by the same schema as the server, only the fields that apply. */
export function toCreateInput(values: LeadFormValues): LeadInput {
  const { version: _version, ...fields } = values;
  return normalizeLeadInput(createLeadSchema.parse(fields));
}

/**
 * The PATCH body: every field of the form (PATCH leaves a field not sent as stored, so an emptied one goes
 * as null and is cleared) with the version last read.
 */
export function toUpdateInput(values: LeadFormValues): LeadPatch {
  return wholeFormPatch(Object.keys(updateLeadSchema.shape), normalizeLeadInput(updateLeadSchema.parse(values)));
}
