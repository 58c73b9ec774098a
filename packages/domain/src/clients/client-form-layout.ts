// The client form's sections (spec 1 §2.6, §2.7, §3.3); the status stands above them. The spouse section shows
// for a married or de facto client, the dependents section while the count asks for entries.
import {
  ASSIGNMENT_SOURCE_FIELDS,
  CONTACT_NUMBER_INPUT,
  countryField,
  EMAIL_INPUT,
  personFields,
  type RecordFormField,
  type RecordFormLayout,
  textField,
  visaFields,
} from '../records/record-form-layout.ts';
import {
  DEPENDENT_COUNTS,
  DEPENDENT_RELATIONSHIPS,
  DESIRED_VISAS_FOR_CLIENT,
  MARITAL_STATUSES,
} from '../reference/visas.ts';
import { hasSpouse } from './client.schema.ts';

export type ClientFormSection = 'personal' | 'address' | 'visa' | 'assignment' | 'spouse' | 'dependents';

const DEPENDENT_FIELDS: readonly RecordFormField[] = [
  textField('firstName', 'First Name'),
  textField('middleName', 'Middle Name'),
  textField('lastName', 'Last Name'),
  { kind: 'choice', field: 'relationship', label: 'Relationship', options: DEPENDENT_RELATIONSHIPS },
  { kind: 'date', field: 'dateOfBirth', label: 'Date of Birth', date: 'birth' },
  countryField('nationality', 'Nationality'),
  countryField('countryOfResidence', 'Country of Residence'),
  textField('passportNumber', 'Passport Number'),
  { kind: 'date', field: 'passportExpiryDate', label: 'Passport Expiry Date', date: 'document' },
];

export const CLIENT_FORM_LAYOUT: RecordFormLayout<ClientFormSection> = [
  {
    section: 'personal',
    title: 'Personal Information',
    fields: [
      ...personFields({ withGender: true }),
      EMAIL_INPUT,
      CONTACT_NUMBER_INPUT,
      {
        kind: 'choice',
        field: 'maritalStatus',
        label: 'Marital Status',
        options: MARITAL_STATUSES,
        placeholder: 'Not set',
      },
      { kind: 'choice', field: 'numberOfDependents', label: 'Number of Dependents', options: DEPENDENT_COUNTS },
      textField('passportNumber', 'Passport Number'),
      { kind: 'date', field: 'passportExpiryDate', label: 'Passport Expiry Date', date: 'document' },
      textField('company', 'Company'),
    ],
  },
  {
    section: 'address',
    title: 'Address Information',
    fields: [
      textField('street1', 'Street Address'),
      textField('street2', 'Street Address Line 2'),
      textField('city', 'City'),
      textField('stateRegion', 'State / Region'),
      textField('postalCode', 'Postal Code'),
      countryField('country', 'Country'),
    ],
  },
  {
    section: 'visa',
    title: 'Visa Information',
    fields: visaFields(DESIRED_VISAS_FOR_CLIENT, 'Current/Previous Visa'),
  },
  { section: 'assignment', title: 'Assignment & Source Information', fields: ASSIGNMENT_SOURCE_FIELDS },
  {
    section: 'spouse',
    title: 'Spouse/Partner Information',
    fields: personFields({ prefix: 'Spouse ', withGender: false }),
    shownWhen: (v) => hasSpouse(v.maritalStatus as string),
  },
  {
    section: 'dependents',
    title: 'Dependents Information',
    fields: [],
    list: { field: 'dependents', entryLabel: 'Dependent', fields: DEPENDENT_FIELDS },
    shownWhen: (v) => (v.dependents as readonly unknown[]).length > 0,
  },
];
