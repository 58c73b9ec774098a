import type { z } from 'zod';

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

export type SourceDetailField = (typeof SOURCE_DETAIL_FIELD)[keyof typeof SOURCE_DETAIL_FIELD];

export const SOURCE_DETAIL_MESSAGES = {
  socialMediaPlatform: 'Social Media Platform is required when lead source is Social Media',
  branchOffice: 'Branch Office is required when lead source is Branch Office',
  associatePartner: 'Associate Partner is required when lead source is Associate Partner',
} as const satisfies Record<SourceDetailField, string>;

/** The detail field a source shows and requires, if it has one. */
export const sourceDetailField = (source: string | null | undefined): SourceDetailField | undefined =>
  SOURCE_DETAIL_FIELD[source as keyof typeof SOURCE_DETAIL_FIELD];

type SourceValues = { leadSource?: string | null } & Partial<Record<SourceDetailField, string | null>>;

/** The source's detail field when it is left empty (blank counts as empty), with its message. */
export function missingSourceDetail(values: SourceValues): { field: SourceDetailField; message: string } | null {
  const field = sourceDetailField(values.leadSource);
  if (!field) return null;
  const value = values[field];
  return typeof value === 'string' && value.trim() ? null : { field, message: SOURCE_DETAIL_MESSAGES[field] };
}

const SOURCE_RULE_FIELDS: readonly PropertyKey[] = ['leadSource', ...Object.values(SOURCE_DETAIL_FIELD)];

/**
 * Adds the source-detail rule (spec 1 §2.7, §5.2) to a lead or client schema. Unlike the other joined-field
 * rules it runs while unrelated fields are still wrong, so a form says 'Branch Office is required…' as soon
 * as the source asks for it rather than once everything else is valid.
 */
export const withSourceDetailRule = <S extends z.ZodType<SourceValues>>(schema: S): S =>
  schema.superRefine(
    (value, ctx) => {
      const missing = missingSourceDetail(value);
      if (missing) ctx.addIssue({ code: 'custom', path: [missing.field], message: missing.message });
    },
    // Not on a body that is no object, nor while the source or its detail is itself wrong.
    {
      when: (payload) =>
        payload.issues.every((i) => i.path?.[0] !== undefined && !SOURCE_RULE_FIELDS.includes(i.path[0])),
    },
  );

/** Drops the detail fields the source does not show, so a changed source leaves no stale detail behind. */
export function withoutOtherSourceDetails<T extends SourceValues>(values: T): T {
  const kept = sourceDetailField(values.leadSource);
  const out = { ...values };
  for (const field of Object.values(SOURCE_DETAIL_FIELD)) if (field !== kept) out[field] = undefined;
  return out;
}
