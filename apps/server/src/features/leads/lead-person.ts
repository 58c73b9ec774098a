// The person a lead hands on when it becomes a client (conversion, the seeds' walk-in clients) or a contact
// (archive): one list of the fields that travel, so a field added to leads and clients travels everywhere.
import type { NewLeadRow } from './leads.repository.ts';

type LeadPersonField =
  | 'firstName'
  | 'middleName'
  | 'lastName'
  | 'gender'
  | 'dateOfBirth'
  | 'nationality'
  | 'countryOfResidence'
  | 'email'
  | 'contactNumber'
  | 'applicantLocation'
  | 'currentVisaSubclass'
  | 'desiredVisa'
  | 'visaExpiryDate'
  | 'leadSource'
  | 'socialMediaPlatform'
  | 'associatePartner'
  | 'branchOffice'
  | 'managerUserId'
  | 'assistantManagerUserId'
  | 'migrationAgentUserId';

/** The lead's person, visa, source and assignment fields. */
export const leadPerson = (lead: Pick<NewLeadRow, LeadPersonField>): Pick<NewLeadRow, LeadPersonField> => ({
  firstName: lead.firstName,
  middleName: lead.middleName,
  lastName: lead.lastName,
  gender: lead.gender,
  dateOfBirth: lead.dateOfBirth,
  nationality: lead.nationality,
  countryOfResidence: lead.countryOfResidence,
  email: lead.email,
  contactNumber: lead.contactNumber,
  applicantLocation: lead.applicantLocation,
  currentVisaSubclass: lead.currentVisaSubclass,
  desiredVisa: lead.desiredVisa,
  visaExpiryDate: lead.visaExpiryDate,
  leadSource: lead.leadSource,
  socialMediaPlatform: lead.socialMediaPlatform,
  associatePartner: lead.associatePartner,
  branchOffice: lead.branchOffice,
  managerUserId: lead.managerUserId,
  assistantManagerUserId: lead.assistantManagerUserId,
  migrationAgentUserId: lead.migrationAgentUserId,
});
