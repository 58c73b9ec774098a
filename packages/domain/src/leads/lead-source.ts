export const LEAD_SOURCES = [
  'Website',
  'Social Media',
  'Referral',
  'Direct',
  'Branch Office',
  'Associate Partner',
  'Other',
] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const DEFAULT_LEAD_SOURCE: LeadSource = 'Website';

export const SOCIAL_PLATFORMS = ['Facebook', 'Instagram', 'TikTok', 'LinkedIn', 'Twitter', 'YouTube', 'Other'] as const;

/** Which source-specific field a source shows and requires (spec 1 §2.7, §5.2). */
export const SOURCE_DETAIL_FIELD = {
  'Social Media': 'socialMediaPlatform',
  'Branch Office': 'branchOffice',
  'Associate Partner': 'associatePartner',
} as const satisfies Partial<Record<LeadSource, string>>;

export const SOURCE_DETAIL_MESSAGES = {
  socialMediaPlatform: 'Social Media Platform is required when lead source is Social Media',
  branchOffice: 'Branch Office is required when lead source is Branch Office',
  associatePartner: 'Associate Partner is required when lead source is Associate Partner',
} as const;
