// Contract Manager (DECISIONS.md §3; spec 3 §3 data model "contracts", "contract_templates"; issue 16 item 1):
// the contract and template forms, the derived status, the reference format and the documented list of
// placeholders a template may use, for the server and the web alike.
import { z } from 'zod';
import { BADGE_COLOURS, type BadgeLook, filledBadge } from '../records/badge-look.ts';
import { optionalDate, optionalText, optionalUuid, requiredDate, versionField } from '../records/fields.ts';
import { listQueryBase, multiValue } from '../records/list-query.ts';
import { pageSchemaOf } from '../records/pagination.ts';

export const CONTRACT_MESSAGES = {
  titleRequired: 'Title is required',
  recordRequired: 'Choose the lead or client this contract is for',
  effectiveRequired: 'Effective date is required',
  expiryBeforeEffective: 'Expiry date must be on or after the effective date',
  nameRequired: 'Template name is required',
  notFound: 'Contract not found',
  templateNotFound: 'Template not found',
  readOnly: (status: string) => `This contract is ${status.toLowerCase()} and can no longer be changed`,
  notDraft: 'Only a draft contract can be deleted',
  alreadyActive: 'Only a draft contract can be activated',
  notActive: 'Only an active contract can be terminated',
  unknownPlaceholders: (names: readonly string[]) =>
    `Unknown placeholder${names.length === 1 ? '' : 's'}: ${names.map((n) => `{{${n}}}`).join(', ')}. Use only the placeholders listed under the editor.`,
  privateTemplate: 'Only its author can change a private template',
  created: 'Contract Created',
  updated: 'Contract Updated',
  deleted: 'Contract Deleted',
  activated: 'Contract Activated',
  terminated: 'Contract Terminated',
  signed: 'Signed copy uploaded',
  templateSaved: 'Template Saved',
  templateDeleted: 'Template Deleted',
  fileType: 'The signed copy must be a PDF or an image (PNG, JPG, WebP)',
  fileSize: 'The file must be 10 MB or smaller',
  fileMissing: 'Choose a file to upload',
  fileUnreadable: 'The upload could not be read. Please try again.',
  fileNotFound: 'This contract has no signed copy',
  empty: 'No contracts found',
  searchPlaceholder: 'Search contracts...',
} as const;

/** Stored states; 'expired' is never stored: an active contract past its expiry date (firm's date) is expired. */
export const CONTRACT_STATES = ['draft', 'active', 'terminated'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];
export const CONTRACT_STATUSES = ['draft', 'active', 'expired', 'terminated'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const CONTRACT_STATUS_LABELS: Record<ContractStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  expired: 'Expired',
  terminated: 'Terminated',
};

/** One look per status (deep shades under white text: 4.5:1 in both themes). */
export const CONTRACT_STATUS_LOOKS: Record<ContractStatus, BadgeLook> = {
  draft: filledBadge(BADGE_COLOURS.grey),
  active: filledBadge(BADGE_COLOURS.green),
  expired: filledBadge(BADGE_COLOURS.orange),
  terminated: filledBadge(BADGE_COLOURS.red),
};

/** The status shown: an active contract whose expiry date has passed on the firm's date is expired. */
export function contractStatusOf(state: ContractState, expiryDate: string | null, today: string): ContractStatus {
  if (state === 'active' && expiryDate !== null && expiryDate < today) return 'expired';
  return state;
}

export const isReadOnlyStatus = (status: ContractStatus) => status === 'expired' || status === 'terminated';

/** 'CONT-2026-001': three digits at least, more after 999 in a year. */
export const contractReferenceOf = (year: string, n: number) => `CONT-${year}-${String(n).padStart(3, '0')}`;

/** The placeholders a template may use, each with what fills it (from the linked record and the firm). */
export const CONTRACT_PLACEHOLDERS = {
  'client.firstName': "The client's (or lead's) first name",
  'client.middleName': 'Their middle name',
  'client.lastName': 'Their last name',
  'client.fullName': 'First, middle and last name',
  'client.email': 'Their email',
  'client.contactNumber': 'Their contact number',
  'client.passportNumber': 'Their passport number (clients)',
  'client.nationality': 'Their nationality',
  'client.address': 'Their address (clients)',
  'client.desiredVisa': 'The visa they seek',
  'contract.reference': "The contract's reference (CONT-YYYY-NNN)",
  'contract.title': "The contract's title",
  'contract.effectiveDate': 'The effective date',
  'contract.expiryDate': 'The expiry date',
  today: "Today's date (the firm's)",
  'firm.name': "The firm's company name",
  'firm.abn': "The firm's ABN",
  'firm.address': "The firm's address",
  'firm.email': "The firm's email",
  'firm.phone': "The firm's phone",
} as const;
export type ContractPlaceholder = keyof typeof CONTRACT_PLACEHOLDERS;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholder names used in a text that are not on the documented list (each once, in order). */
export function unknownPlaceholders(content: string): string[] {
  const unknown = new Set<string>();
  for (const match of content.matchAll(PLACEHOLDER)) {
    if (!(match[1]! in CONTRACT_PLACEHOLDERS)) unknown.add(match[1]!);
  }
  return [...unknown];
}

/**
 * Fills each known placeholder given a value with it (escaped for HTML by the caller's `escape`); one without
 * a value stays as written, to be filled later (a contract's reference exists only once it is created).
 */
export function fillPlaceholders(
  content: string,
  values: Partial<Record<ContractPlaceholder, string>>,
  escape: (text: string) => string,
): string {
  return content.replace(PLACEHOLDER, (whole, name: string) => {
    const value = name in CONTRACT_PLACEHOLDERS ? values[name as ContractPlaceholder] : undefined;
    return value === undefined ? whole : escape(value);
  });
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Stored content at most (as task content); a longer input is cleaned, then cut. */
export const CONTRACT_CONTENT_MAX = 50_000;
const CONTENT_INPUT_MAX = CONTRACT_CONTENT_MAX * 4;
export const CONTRACT_ENTITY_TYPES = ['lead', 'client'] as const;

/** The record a contract is for and its dates: what fills a template's placeholders besides the firm. */
const contractPartyFields = {
  entityType: z.enum(CONTRACT_ENTITY_TYPES, { error: CONTRACT_MESSAGES.recordRequired }),
  entityId: z.uuid(CONTRACT_MESSAGES.recordRequired),
  /** Further clients the contract names (ids of clients). */
  additionalClientIds: z.array(z.uuid('Invalid client')).max(10, 'At most 10 additional clients').default([]),
  effectiveDate: requiredDate(CONTRACT_MESSAGES.effectiveRequired),
  expiryDate: optionalDate(),
};

function expiryOnOrAfterEffective(
  value: { effectiveDate?: string; expiryDate?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.expiryDate && value.effectiveDate && value.expiryDate < value.effectiveDate) {
    ctx.addIssue({ code: 'custom', path: ['expiryDate'], message: CONTRACT_MESSAGES.expiryBeforeEffective });
  }
}

export const contractInputSchema = z
  .object({
    title: z
      .string({ error: CONTRACT_MESSAGES.titleRequired })
      .trim()
      .min(1, CONTRACT_MESSAGES.titleRequired)
      .max(200, 'Must be 200 characters or fewer'),
    ...contractPartyFields,
    templateId: optionalUuid(),
    /** Rich text (cleaned by the server like task content); from the template when empty and one is chosen. */
    content: optionalText(CONTENT_INPUT_MAX),
  })
  .superRefine(expiryOnOrAfterEffective);
export type ContractInput = z.output<typeof contractInputSchema>;

/**
 * A template filled for a contract not yet created (New Contract shows it in its editor): the record and the
 * dates the form holds, checked as on create.
 */
export const contractFillSchema = z.object(contractPartyFields).superRefine(expiryOnOrAfterEffective);
export type ContractFill = z.output<typeof contractFillSchema>;
export const contractFilledSchema = z.object({
  content: z.string().meta({ description: "The template's content filled in, cleaned as stored" }),
});
export type ContractFilled = z.infer<typeof contractFilledSchema>;
export const CONTRACT_FILL_EXAMPLE = {
  entityType: 'client',
  entityId: '00000000-0000-4000-8000-000000000001',
  additionalClientIds: [],
  effectiveDate: '2026-07-01',
  expiryDate: '2027-06-30',
};

/** PATCH: every field optional, the version required (the record it is linked to does not change). */
export const contractPatchSchema = z.object({
  title: contractInputSchema.shape.title.optional(),
  effectiveDate: requiredDate(CONTRACT_MESSAGES.effectiveRequired).optional(),
  expiryDate: z.union([optionalDate(), z.null()]),
  content: z.union([optionalText(CONTENT_INPUT_MAX), z.null()]),
  additionalClientIds: z.array(z.uuid('Invalid client')).max(10, 'At most 10 additional clients').optional(),
  version: versionField(),
});
export type ContractPatch = z.output<typeof contractPatchSchema>;

export const contractActionSchema = z.object({ version: versionField() });

export const contractSignedSchema = z.object({ signedDate: requiredDate('Signed date is required') });

export const CONTRACT_EXAMPLE = {
  title: 'Migration services agreement',
  entityType: 'client',
  entityId: '00000000-0000-4000-8000-000000000001',
  effectiveDate: '2026-07-01',
  expiryDate: '2027-06-30',
  content: '<p>This agreement is between {{firm.name}} and {{client.fullName}}.</p>',
};

const partySchema = z.object({ id: z.string(), type: z.enum(CONTRACT_ENTITY_TYPES), name: z.string() });

export const contractSummarySchema = z.object({
  id: z.string(),
  reference: z.string(),
  title: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  record: partySchema.nullable(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  effectiveDate: z.string(),
  expiryDate: z.string().nullable(),
  signedDate: z.string().nullable(),
  templateId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ContractSummary = z.infer<typeof contractSummarySchema>;

export const contractRecordSchema = contractSummarySchema.extend({
  content: z.string(),
  additionalClients: z.array(partySchema),
  signedFile: z.object({ name: z.string(), contentType: z.string(), size: z.number().int() }).nullable(),
  /** Whether the viewer may change it now (draft or active, and the role may edit). */
  readOnly: z.boolean(),
});
export type ContractRecord = z.infer<typeof contractRecordSchema>;

export const CONTRACT_SORT_FIELDS = ['createdAt', 'updatedAt', 'title', 'reference'] as const;

export const contractListQuerySchema = listQueryBase.extend({
  status: multiValue(z.enum(CONTRACT_STATUSES)),
});
export type ContractListQuery = z.infer<typeof contractListQuerySchema>;

export const contractPageSchema = pageSchemaOf(contractSummarySchema);
export type ContractPage = z.infer<typeof contractPageSchema>;

export const DEFAULT_TEMPLATE_CATEGORY = 'General';

export const contractTemplateInputSchema = z.object({
  name: z
    .string({ error: CONTRACT_MESSAGES.nameRequired })
    .trim()
    .min(1, CONTRACT_MESSAGES.nameRequired)
    .max(200, 'Must be 200 characters or fewer'),
  category: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.string().trim().max(100, 'Must be 100 characters or fewer').default(DEFAULT_TEMPLATE_CATEGORY),
  ),
  description: optionalText(2000),
  content: z.string().max(CONTENT_INPUT_MAX, `Must be ${CONTENT_INPUT_MAX} characters or fewer`).default(''),
  /** Public: every user may use it; private: only its author sees it. */
  isPublic: z.boolean().default(true),
});
export type ContractTemplateInput = z.output<typeof contractTemplateInputSchema>;

export const CONTRACT_TEMPLATE_EXAMPLE = {
  name: 'Visa application services agreement',
  category: 'General',
  description: 'Standard agreement for a visa application',
  content: '<p>{{firm.name}} (ABN {{firm.abn}}) agrees to act for {{client.fullName}} from {{today}}.</p>',
  isPublic: true,
};

export const contractTemplateRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string().nullable(),
  content: z.string(),
  isPublic: z.boolean(),
  authorId: z.string().nullable(),
  authorName: z.string().nullable(),
  /** Whether the viewer may change or delete it. */
  editable: z.boolean(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type ContractTemplateRecord = z.infer<typeof contractTemplateRecordSchema>;
export const contractTemplateListSchema = z.array(contractTemplateRecordSchema);
