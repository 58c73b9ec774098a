// Security settings (spec 3 §3 defaults, §5 bounds). Stored under the key security_settings.
import { z } from 'zod';

export const securitySettingsSchema = z.object({
  passwordMinLength: z.number().int().min(6).max(50),
  requireUppercase: z.boolean(),
  requireLowercase: z.boolean(),
  requireNumbers: z.boolean(),
  requireSymbols: z.boolean(),
  sessionTimeoutHours: z.number().int().min(1).max(168),
  maxLoginAttempts: z.number().int().min(3).max(10),
  lockoutDurationMinutes: z.number().int().min(5).max(1440),
  twoFactorRequired: z.boolean(),
  passwordExpiryDays: z.number().int().min(30).max(365),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  passwordMinLength: 8,
  requireUppercase: true,
  requireLowercase: true,
  requireNumbers: true,
  requireSymbols: false,
  sessionTimeoutHours: 24,
  maxLoginAttempts: 5,
  lockoutDurationMinutes: 30,
  twoFactorRequired: false,
  passwordExpiryDays: 90,
};

// The firm's time zone and date format are one display setting of their own (display-setting.ts), not
// fields of the general or branding settings, so no two copies can disagree.
export const generalSettingsSchema = z.object({
  companyName: z.string().trim().max(120),
  companyEmail: z.union([z.literal(''), z.email('Invalid email address')]),
  maintenanceMode: z.boolean(),
  autoBackup: z.boolean(),
  debugMode: z.boolean(),
});
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = {
  companyName: 'Visa CRM',
  companyEmail: '',
  maintenanceMode: false,
  autoBackup: true,
  debugMode: false,
};

export const brandingSettingsSchema = z.object({
  companyName: z.string().trim().max(120),
  primaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  secondaryColor: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});
export type BrandingSettings = z.infer<typeof brandingSettingsSchema>;

/** DECISIONS.md §5: the spec's default colours. */
export const DEFAULT_BRANDING_SETTINGS: BrandingSettings = {
  companyName: 'Visa CRM',
  primaryColor: '#0F172A',
  secondaryColor: '#64748B',
};
