// Integrations (spec 3 System Settings → Integrations; issue 15 item 4). The email provider is real (SMTP);
// the other providers' keys are stored and shown Active when configured. Secrets (the SMTP password, API
// keys) are written, never read back: the API answers whether one is set.
import { z } from 'zod';

export const INTEGRATION_PROVIDERS = ['ai', 'payment', 'calendar', 'chat'] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];

export const INTEGRATION_LABELS: Record<IntegrationProvider | 'email' | 'database', string> = {
  ai: 'AI provider',
  payment: 'Payment provider',
  email: 'Email delivery',
  calendar: 'Calendar',
  chat: 'Team chat',
  database: 'Database',
};

export const SMTP_SECURITY = ['starttls', 'tls', 'none'] as const;

const text = (max: number) => z.string().trim().max(max);
/** A secret in a save: absent keeps the stored one, '' removes it, anything else replaces it. */
const secretInput = z.string().max(500).optional();

const emailFields = {
  host: text(255).regex(/^[A-Za-z0-9.-]*$/, 'Enter a host name such as smtp.example.com'),
  port: z
    .number({ error: 'Port must be between 1 and 65535' })
    .int()
    .min(1, 'Port must be between 1 and 65535')
    .max(65535, 'Port must be between 1 and 65535'),
  security: z.enum(SMTP_SECURITY),
  username: text(255),
  fromAddress: z.union([z.literal(''), z.email('Invalid email address')]),
};

const providerFields = { provider: text(80) };

const webhooks = z.object({ userRegistration: z.boolean(), paymentSuccess: z.boolean(), systemAlert: z.boolean() });

/** What GET answers: never a secret, only whether one is stored. */
export const integrationSettingsSchema = z.object({
  email: z.object({ ...emailFields, passwordSet: z.boolean() }),
  ai: z.object({ ...providerFields, apiKeySet: z.boolean() }),
  payment: z.object({ ...providerFields, apiKeySet: z.boolean() }),
  calendar: z.object({ ...providerFields, apiKeySet: z.boolean() }),
  chat: z.object({ ...providerFields, apiKeySet: z.boolean() }),
  webhooks,
});
export type IntegrationSettings = z.infer<typeof integrationSettingsSchema>;

/** What PUT takes. */
export const integrationSettingsInputSchema = z.object({
  email: z.object({ ...emailFields, password: secretInput }),
  ai: z.object({ ...providerFields, apiKey: secretInput }),
  payment: z.object({ ...providerFields, apiKey: secretInput }),
  calendar: z.object({ ...providerFields, apiKey: secretInput }),
  chat: z.object({ ...providerFields, apiKey: secretInput }),
  webhooks,
});
export type IntegrationSettingsInput = z.infer<typeof integrationSettingsInputSchema>;

export const DEFAULT_INTEGRATION_SETTINGS: IntegrationSettings = {
  email: { host: '', port: 587, security: 'starttls', username: '', fromAddress: '', passwordSet: false },
  ai: { provider: '', apiKeySet: false },
  payment: { provider: '', apiKeySet: false },
  calendar: { provider: '', apiKeySet: false },
  chat: { provider: '', apiKeySet: false },
  webhooks: { userRegistration: false, paymentSuccess: false, systemAlert: false },
};

/** Spec 3: a card shows Active when its provider is configured. Email needs a host; the others a key. */
export function integrationActive(settings: IntegrationSettings, card: IntegrationProvider | 'email'): boolean {
  return card === 'email' ? settings.email.host !== '' : settings[card].apiKeySet;
}

export const emailTestSchema = z.object({ to: z.email('Invalid email address') });

export const emailTestResultSchema = z.object({
  delivered: z.boolean(),
  /** 'smtp' through the configured provider or SMTP_URL; 'none' when no mail server is set (nothing is sent). */
  via: z.enum(['smtp', 'none']),
  /** The mail server's answer ('250 2.0.0 OK …') or its refusal ('connect ECONNREFUSED 127.0.0.1:2525'). */
  message: z.string(),
});
export type EmailTestResult = z.infer<typeof emailTestResultSchema>;
