// Invoice templates (spec 3 §2.3, §3 "Invoice template", §5 templates, §8): a template names the currency,
// whether tax applies, and the business details and logo an invoice made from it prints. Four built-in
// presets exist (a migration adds them); they may be edited but not deleted.
import { z } from 'zod';
import { CURRENCIES, DEFAULT_CURRENCY } from '../money/money.ts';
import { optionalText } from '../records/fields.ts';
import { isValidAbn } from '../settings/security-settings.ts';

export const TEMPLATE_MESSAGES = {
  nameRequired: 'Template name is required',
  invalidAbn: 'Enter a valid 11-digit ABN',
  created: 'Template created successfully',
  updated: 'Template updated successfully',
  deleted: 'Template deleted successfully',
  logoUploaded: 'Logo uploaded successfully',
  logoType: 'The logo must be a PNG or JPG image',
  logoSize: 'The logo must be 1 MB or smaller',
  logoMissing: 'Choose a PNG or JPG image to upload',
  logoUnreadable: 'The upload could not be read. Please try again.',
  logoNotFound: 'This template has no logo',
  notFound: 'Template not found',
  builtInDelete: 'A built-in template cannot be deleted',
  deleteConfirm: 'Are you sure you want to delete this template?',
  deleteManyConfirm: (n: number) => `Are you sure you want to delete ${n} template(s)?`,
  empty: 'No templates found. Create a template in the Templates tab.',
} as const;

/** Spec 3 §9: PNG or JPG, at most 1 MB. */
export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPES = { 'image/png': 'png', 'image/jpeg': 'jpg' } as const;
export type LogoType = keyof typeof LOGO_TYPES;

export const invoiceTemplateInputSchema = z.object({
  name: z.string({ error: TEMPLATE_MESSAGES.nameRequired }).trim().min(1, TEMPLATE_MESSAGES.nameRequired).max(120),
  description: optionalText(500),
  currency: z.enum(CURRENCIES).default(DEFAULT_CURRENCY),
  applyTax: z.boolean().default(true),
  companyName: optionalText(120),
  companyAddress: optionalText(500),
  companyAbn: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(14).refine(isValidAbn, TEMPLATE_MESSAGES.invalidAbn).optional(),
  ),
});
export type InvoiceTemplateInput = z.output<typeof invoiceTemplateInputSchema>;

export const TEMPLATE_EXAMPLE = {
  name: 'Student visas (AUD)',
  description: 'Professional fees for student visa clients',
  currency: 'AUD',
  applyTax: true,
  companyName: 'Southern Cross Migration Advisers',
  companyAddress: 'Level 12, 1 Martin Place, Sydney NSW 2000',
  companyAbn: '51 824 753 556',
} satisfies z.input<typeof invoiceTemplateInputSchema>;

export const invoiceTemplateRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  currency: z.enum(CURRENCIES),
  applyTax: z.boolean(),
  companyName: z.string().nullable(),
  companyAddress: z.string().nullable(),
  companyAbn: z.string().nullable(),
  builtIn: z.boolean(),
  hasLogo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type InvoiceTemplateRecord = z.infer<typeof invoiceTemplateRecordSchema>;
