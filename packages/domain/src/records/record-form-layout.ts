// The lead and client forms as data (spec 1 §2.5–§2.7): their accordion sections in order, each field's label,
// kind of input and choices, and when a field or a section shows. The web draws both forms from these and finds
// a field's section here, so a field is described once; which fields are required stays with the schemas
// (leadRequiredFields, clientRequiredFields).
import type { Role } from '../access/roles.ts';
import { PICKER_ROLES } from '../leads/lead-record.ts';
import { LEAD_SOURCES, SOCIAL_PLATFORMS, sourceDetailField } from '../leads/lead-source.ts';
import { COUNTRIES } from '../reference/countries.ts';
import { APPLICANT_LOCATIONS, GENDERS, hasCurrentVisa, VISAS } from '../reference/visas.ts';

/** The form's values as the inputs hold them (strings, and lists such as the dependents). */
export type FormValues = Readonly<Record<string, unknown>>;
type Shown = (values: FormValues) => boolean;

export type RecordFormField = { shownWhen?: Shown } & (
  | { kind: 'text'; field: string; label: string; email?: true }
  | { kind: 'phone'; field: string; label: string }
  | { kind: 'date'; field: string; label: string; date: 'birth' | 'document' }
  | {
      kind: 'choice';
      field: string;
      label: string;
      options: readonly string[];
      placeholder?: string;
      searchable?: true;
    }
  /** A staff picker limited to the roles spec 1 §6.4 names. */
  | { kind: 'user'; field: string; label: string; roles: readonly Role[] }
  /** A line of help standing where a field will appear once another is filled. */
  | { kind: 'hint'; text: string }
);

export type RecordFormSection<S extends string = string> = {
  section: S;
  title: string;
  fields: readonly RecordFormField[];
  /** A list field drawn as one block per entry ('Dependent 1', …), each entry with these fields. */
  list?: { field: string; entryLabel: string; fields: readonly RecordFormField[] };
  shownWhen?: Shown;
};

export type RecordFormLayout<S extends string = string> = readonly RecordFormSection<S>[];

export const textField = (field: string, label: string): RecordFormField => ({ kind: 'text', field, label });
export const countryField = (field: string, label: string): RecordFormField => ({
  kind: 'choice',
  field,
  label,
  options: COUNTRIES,
  placeholder: 'Choose a country',
  searchable: true,
});

/** A person's name, birth and countries: the record's own (with gender) or its spouse's ('Spouse ' prefix). */
export function personFields({ prefix = '', withGender }: { prefix?: string; withGender: boolean }) {
  // A spouse's fields carry the prefix: firstName → spouseFirstName.
  const field = (part: string) =>
    prefix ? `${prefix.trim().toLowerCase()}${part[0]!.toUpperCase()}${part.slice(1)}` : part;
  const fields: RecordFormField[] = [
    textField(field('firstName'), `${prefix}First Name`),
    textField(field('middleName'), `${prefix}Middle Name`),
    textField(field('lastName'), `${prefix}Last Name`),
  ];
  if (withGender)
    fields.push({
      kind: 'choice',
      field: field('gender'),
      label: `${prefix}Gender`,
      options: GENDERS,
      placeholder: 'Not set',
    });
  fields.push(
    { kind: 'date', field: field('dateOfBirth'), label: `${prefix}Date of Birth`, date: 'birth' },
    countryField(field('nationality'), `${prefix}Nationality`),
    countryField(field('countryOfResidence'), `${prefix}Country of Residence`),
  );
  return fields;
}

export const EMAIL_INPUT: RecordFormField = { kind: 'text', field: 'email', label: 'Email', email: true };
export const CONTACT_NUMBER_INPUT: RecordFormField = { kind: 'phone', field: 'contactNumber', label: 'Contact Number' };

const located: Shown = (v) => Boolean(v.applicantLocation);
const inAustralia: Shown = (v) => hasCurrentVisa(v.applicantLocation as string);

/** The applicant's location, the desired visa once it is known, and in Australia the current visa and its expiry. */
export function visaFields(desiredVisas: readonly string[], currentVisaLabel: string): RecordFormField[] {
  const visa = (field: string, label: string, options: readonly string[], shownWhen: Shown): RecordFormField => ({
    kind: 'choice',
    field,
    label,
    options,
    placeholder: 'Choose a visa',
    searchable: true,
    shownWhen,
  });
  return [
    {
      kind: 'choice',
      field: 'applicantLocation',
      label: 'Applicant Location',
      options: APPLICANT_LOCATIONS,
      placeholder: 'Choose a location',
    },
    visa('desiredVisa', 'Desired Visa', desiredVisas, located),
    { kind: 'hint', text: 'Choose the applicant location to pick the desired visa.', shownWhen: (v) => !located(v) },
    visa('currentVisaSubclass', currentVisaLabel, VISAS, inAustralia),
    { kind: 'date', field: 'visaExpiryDate', label: 'Visa Expiry Date', date: 'document', shownWhen: inAustralia },
  ];
}

const detailShown =
  (detail: string): Shown =>
  (v) =>
    sourceDetailField(v.leadSource as string) === detail;

/** The lead source with the one detail field its value asks for, and the three staff pickers (spec 1 §2.7, §6.4). */
export const ASSIGNMENT_SOURCE_FIELDS: readonly RecordFormField[] = [
  { kind: 'choice', field: 'leadSource', label: 'Lead Source', options: LEAD_SOURCES, placeholder: 'Not set' },
  {
    kind: 'choice',
    field: 'socialMediaPlatform',
    label: 'Social Media Platform',
    options: SOCIAL_PLATFORMS,
    placeholder: 'Choose a platform',
    shownWhen: detailShown('socialMediaPlatform'),
  },
  { ...textField('branchOffice', 'Branch Office'), shownWhen: detailShown('branchOffice') },
  { ...textField('associatePartner', 'Associate Partner'), shownWhen: detailShown('associatePartner') },
  { kind: 'user', field: 'managerUserId', label: 'Manager', roles: PICKER_ROLES.manager },
  { kind: 'user', field: 'assistantManagerUserId', label: 'Assistant Manager', roles: PICKER_ROLES.assistantManager },
  { kind: 'user', field: 'migrationAgentUserId', label: 'Migration Agent', roles: PICKER_ROLES.migrationAgent },
];

/** The section a field stands in: 'dependents.1.firstName' in the section holding 'dependents'. */
export function sectionOfField<S extends string>(layout: RecordFormLayout<S>, path: string): S | undefined {
  const root = path.split('.')[0];
  return layout.find((s) => s.list?.field === root || s.fields.some((f) => 'field' in f && f.field === root))?.section;
}

/** Whether a field or section shows for the values so far. */
export const isShown = (item: { shownWhen?: Shown }, values: FormValues) => !item.shownWhen || item.shownWhen(values);
