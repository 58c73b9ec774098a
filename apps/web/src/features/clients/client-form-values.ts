// The client form's values (strings, as the inputs hold them) and their mapping to and from the API.
import {
  clientStatusLabel,
  type ClientRecord,
  type Dependent,
  type DependentRecord,
  normalizeClientInput,
  resizeDependents,
  updateClientSchema,
  type UpdateClientInput,
  wholeFormPatch,
  type WholeFormPatch,
} from '@crm/domain';

export type DependentFormValues = {
  /** Kept from the stored dependent so the server keeps its id; absent for a new entry. */
  id?: string;
  firstName: string;
  middleName: string;
  lastName: string;
  dateOfBirth: string;
  nationality: string;
  relationship: string;
  passportNumber: string;
  passportExpiryDate: string;
  countryOfResidence: string;
};

/** The form's single-value fields (every one but the dependents list and the version). */
export type ClientTextField = Exclude<keyof ClientFormValues, 'dependents' | 'version'>;

export type ClientFormValues = {
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  contactNumber: string;
  dateOfBirth: string;
  gender: string;
  nationality: string;
  countryOfResidence: string;
  maritalStatus: string;
  numberOfDependents: string;
  passportNumber: string;
  passportExpiryDate: string;
  company: string;
  street1: string;
  street2: string;
  city: string;
  stateRegion: string;
  postalCode: string;
  country: string;
  applicantLocation: string;
  currentVisaSubclass: string;
  desiredVisa: string;
  visaExpiryDate: string;
  leadSource: string;
  socialMediaPlatform: string;
  associatePartner: string;
  branchOffice: string;
  status: string;
  managerUserId: string;
  assistantManagerUserId: string;
  migrationAgentUserId: string;
  spouseFirstName: string;
  spouseMiddleName: string;
  spouseLastName: string;
  spouseDateOfBirth: string;
  spouseNationality: string;
  spouseCountryOfResidence: string;
  dependents: DependentFormValues[];
  /** The version last read; sent back so a stale save gets 409. */
  version: number;
};

const day = (value: string | null | undefined) => value?.slice(0, 10) ?? '';

function dependentToFormValues(d: Partial<DependentRecord>): DependentFormValues {
  return {
    ...(d.id ? { id: d.id } : {}),
    firstName: d.firstName ?? '',
    middleName: d.middleName ?? '',
    lastName: d.lastName ?? '',
    dateOfBirth: day(d.dateOfBirth),
    nationality: d.nationality ?? '',
    relationship: d.relationship ?? '',
    passportNumber: d.passportNumber ?? '',
    passportExpiryDate: day(d.passportExpiryDate),
    countryOfResidence: d.countryOfResidence ?? '',
  };
}

/** The dependents list sized to numberOfDependents: blank Child entries added, extra ones removed from the end. */
export function resizeDependentValues(
  list: readonly DependentFormValues[],
  numberOfDependents: string,
): DependentFormValues[] {
  const kept = new Set<unknown>(list);
  // The domain's rule; the form holds the relationship as a plain string, so the entries pass through as they are.
  return resizeDependents(list as unknown as readonly Dependent[], numberOfDependents).map((d) =>
    kept.has(d) ? (d as unknown as DependentFormValues) : dependentToFormValues(d),
  );
}

export function clientToFormValues(client: ClientRecord): ClientFormValues {
  const numberOfDependents = client.numberOfDependents || '0';
  return {
    firstName: client.firstName,
    middleName: client.middleName ?? '',
    lastName: client.lastName,
    email: client.email,
    contactNumber: client.contactNumber,
    dateOfBirth: day(client.dateOfBirth),
    gender: client.gender ?? '',
    nationality: client.nationality ?? '',
    countryOfResidence: client.countryOfResidence ?? '',
    maritalStatus: client.maritalStatus ?? '',
    numberOfDependents,
    passportNumber: client.passportNumber ?? '',
    passportExpiryDate: day(client.passportExpiryDate),
    company: client.company ?? '',
    street1: client.street1 ?? '',
    street2: client.street2 ?? '',
    city: client.city ?? '',
    stateRegion: client.stateRegion ?? '',
    postalCode: client.postalCode ?? '',
    country: client.country ?? '',
    applicantLocation: client.applicantLocation ?? '',
    currentVisaSubclass: client.currentVisaSubclass ?? '',
    desiredVisa: client.desiredVisa ?? '',
    visaExpiryDate: day(client.visaExpiryDate),
    leadSource: client.leadSource ?? '',
    socialMediaPlatform: client.socialMediaPlatform ?? '',
    associatePartner: client.associatePartner ?? '',
    branchOffice: client.branchOffice ?? '',
    status: clientStatusLabel(client.status),
    managerUserId: client.manager?.id ?? '',
    assistantManagerUserId: client.assistantManager?.id ?? '',
    migrationAgentUserId: client.migrationAgent?.id ?? '',
    spouseFirstName: client.spouseFirstName ?? '',
    spouseMiddleName: client.spouseMiddleName ?? '',
    spouseLastName: client.spouseLastName ?? '',
    spouseDateOfBirth: day(client.spouseDateOfBirth),
    spouseNationality: client.spouseNationality ?? '',
    spouseCountryOfResidence: client.spouseCountryOfResidence ?? '',
    dependents: resizeDependentValues(client.dependents.map(dependentToFormValues), numberOfDependents),
    version: client.version,
  };
}

/** The PATCH body: every field, empty optional values sent as null (spec 1 §2.7), the version as read. */
export type ClientUpdateBody = WholeFormPatch<UpdateClientInput>;

/** Parsed by the same schema as the server; only what applies (spouse, dependents up to the count, source detail). */
export function toUpdateBody(values: ClientFormValues): ClientUpdateBody {
  return wholeFormPatch(Object.keys(updateClientSchema.shape), normalizeClientInput(updateClientSchema.parse(values)));
}
