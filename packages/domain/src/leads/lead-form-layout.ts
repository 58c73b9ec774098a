// The lead form's sections (spec 1 §2.5, §2.7); the status stands above them.
import {
  ASSIGNMENT_SOURCE_FIELDS,
  CONTACT_NUMBER_INPUT,
  EMAIL_INPUT,
  personFields,
  type RecordFormLayout,
  visaFields,
} from '../records/record-form-layout.ts';
import { DESIRED_VISAS_FOR_LEAD } from '../reference/visas.ts';

export type LeadFormSection = 'personal' | 'contact' | 'visa' | 'assignment';

export const LEAD_FORM_LAYOUT: RecordFormLayout<LeadFormSection> = [
  { section: 'personal', title: 'Personal Information', fields: personFields({ withGender: true }) },
  { section: 'contact', title: 'Contact Information', fields: [EMAIL_INPUT, CONTACT_NUMBER_INPUT] },
  { section: 'visa', title: 'Visa Information', fields: visaFields(DESIRED_VISAS_FOR_LEAD, 'Current Visa Subclass') },
  { section: 'assignment', title: 'Assignment & Source', fields: ASSIGNMENT_SOURCE_FIELDS },
];
