// Visa subclasses (spec 1 §3.7, 25 entries).
export const VISAS = [
  'None',
  'Visitor 600',
  'Student 500',
  'Temporary Graduate 485',
  'Working Holiday 417',
  'Work and Holiday 462',
  'TSS 482',
  'ENS 186',
  'RSMS 187',
  'Skilled Independent 189',
  'Skilled Nominated 190',
  'Skilled Regional 191',
  'Partner 820/801',
  'Prospective Marriage 300',
  'Parent 103',
  'Contributory Parent 143',
  'Business Innovation 188',
  '888',
  'Investor Retirement 405',
  'Bridging A (010)',
  'Bridging B (020)',
  'Bridging C (030)',
  'Bridging D (040)',
  'Bridging E (050)',
  'Other',
] as const;
export type Visa = (typeof VISAS)[number];

export const isBridgingVisa = (visa: string | null | undefined) => Boolean(visa?.startsWith('Bridging'));

/** Desired visa options exclude None (and Bridging visas on the client form), spec 1 §2.7. */
export const DESIRED_VISAS_FOR_LEAD: readonly Visa[] = VISAS.filter((v) => v !== 'None');
export const DESIRED_VISAS_FOR_CLIENT: readonly Visa[] = VISAS.filter((v) => v !== 'None' && !isBridgingVisa(v));

export const APPLICANT_LOCATIONS = ['Inside Australia', 'Outside Australia'] as const;
export type ApplicantLocation = (typeof APPLICANT_LOCATIONS)[number];

/** The current visa and its expiry apply only to an applicant inside Australia (spec 1 §2.5, §2.7). */
export const hasCurrentVisa = (location: string | null | undefined) => location === 'Inside Australia';

/** A current visa that names no visa: the client rules ask for a real one (spec 1 §5.2). */
export const isNoVisa = (visa: string | null | undefined) => !visa || visa === 'None';

/**
 * Spec 1 §5.2: inside Australia, a current visa other than None, Other or a Bridging visa needs its expiry
 * date. The client schema checks it and the client form marks the field.
 */
export const needsVisaExpiry = (v: { applicantLocation?: string | null; currentVisaSubclass?: string | null }) =>
  hasCurrentVisa(v.applicantLocation) &&
  !isNoVisa(v.currentVisaSubclass) &&
  v.currentVisaSubclass !== 'Other' &&
  !isBridgingVisa(v.currentVisaSubclass);

export const GENDERS = ['Male', 'Female', 'Other'] as const;
export const MARITAL_STATUSES = ['Single', 'Married', 'De Facto', 'Divorced', 'Widowed'] as const;
export const DEPENDENT_COUNTS = ['0', '1', '2', '3', '4', '5+'] as const;
export const DEPENDENT_RELATIONSHIPS = [
  'Child',
  'Stepchild',
  'Adopted Child',
  'Grandchild',
  'Other Dependent',
] as const;
