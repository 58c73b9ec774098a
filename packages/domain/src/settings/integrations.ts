// Integrations (spec 3 System Settings → Integrations; issue 15 item 4). The email provider is real (SMTP);
// the other providers' keys are stored and shown Active when configured. Secrets (the SMTP password, API
// keys) are written, never read back: the API answers whether one is set.
import { z } from 'zod';
import { DEFAULT_WEBHOOK_SETTINGS, webhookSettingsInputSchema, webhookSettingsSchema } from './webhooks.ts';

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
/**
 * A secret in a save: absent keeps the stored one ('' removes it, anything else replaces it), except the
 * SMTP password when its server changes (smtpPasswordStays).
 */
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

/** What GET answers: never a secret, only whether one is stored. */
export const integrationSettingsSchema = z.object({
  email: z.object({ ...emailFields, passwordSet: z.boolean() }),
  ai: z.object({ ...providerFields, apiKeySet: z.boolean() }),
  payment: z.object({ ...providerFields, apiKeySet: z.boolean() }),
  calendar: z.object({ ...providerFields, apiKeySet: z.boolean() }),
  chat: z.object({ ...providerFields, apiKeySet: z.boolean() }),
  webhooks: webhookSettingsSchema,
});
export type IntegrationSettings = z.infer<typeof integrationSettingsSchema>;

/** What PUT takes. */
export const integrationSettingsInputSchema = z.object({
  email: z.object({ ...emailFields, password: secretInput }),
  ai: z.object({ ...providerFields, apiKey: secretInput }),
  payment: z.object({ ...providerFields, apiKey: secretInput }),
  calendar: z.object({ ...providerFields, apiKey: secretInput }),
  chat: z.object({ ...providerFields, apiKey: secretInput }),
  webhooks: webhookSettingsInputSchema,
});
export type IntegrationSettingsInput = z.infer<typeof integrationSettingsInputSchema>;

export const DEFAULT_INTEGRATION_SETTINGS: IntegrationSettings = {
  email: { host: '', port: 587, security: 'starttls', username: '', fromAddress: '', passwordSet: false },
  ai: { provider: '', apiKeySet: false },
  payment: { provider: '', apiKeySet: false },
  calendar: { provider: '', apiKeySet: false },
  chat: { provider: '', apiKeySet: false },
  webhooks: DEFAULT_WEBHOOK_SETTINGS,
};

/** Spec 3: a card shows Active when its provider is configured. Email needs a host; the others a key. */
export function integrationActive(settings: IntegrationSettings, card: IntegrationProvider | 'email'): boolean {
  return card === 'email' ? settings.email.host !== '' : settings[card].apiKeySet;
}

/**
 * The stored SMTP password belongs to where it is sent and how: changing the host, port, security or
 * username removes it unless the same save brings a new one (issue 28). Otherwise whoever may change the
 * host could have the next mail hand the firm's password to a server of their choosing.
 */
export const SMTP_PASSWORD_BOUND_TO = ['host', 'port', 'security', 'username'] as const;

type SmtpDestination = Pick<IntegrationSettings['email'], (typeof SMTP_PASSWORD_BOUND_TO)[number]>;

/** Whether the stored password may stay with the `next` settings (a host differing only in case is the same host). */
export function smtpPasswordStays(saved: SmtpDestination, next: SmtpDestination): boolean {
  return (
    saved.host.trim().toLowerCase() === next.host.trim().toLowerCase() &&
    saved.port === next.port &&
    saved.security === next.security &&
    saved.username.trim() === next.username.trim()
  );
}

export const SMTP_PASSWORD_MESSAGES = {
  willBeRemoved: 'Changing the host, port, security or username removes the stored password: enter it again.',
  removed: 'The stored password was removed because the mail server or username changed: enter it again.',
  required: 'No password is stored for this username: enter it again.',
} as const;

export const emailTestSchema = z.object({ to: z.email('Invalid email address') });

/**
 * What the test email can report: a fixed set, never the other end's words, so the test tells nothing about
 * a service that is not the firm's mail server (issue 28).
 */
export const EMAIL_TEST_OUTCOMES = [
  'authenticated',
  'connected',
  'not_accepted',
  'authentication_failed',
  'password_required',
  'could_not_connect',
  'tls_failed',
  'private_address',
  'not_configured',
] as const;
export type EmailTestOutcome = (typeof EMAIL_TEST_OUTCOMES)[number];

export const EMAIL_TEST_MESSAGES: Record<EmailTestOutcome, string> = {
  authenticated: 'Connected and signed in to the mail server, and it accepted the test email.',
  connected: 'Connected to the mail server (no username is set, so no sign-in), and it accepted the test email.',
  not_accepted:
    'Connected to the mail server, but it did not accept the test email: check the From address and the recipient.',
  authentication_failed: 'The mail server refused the username or password.',
  password_required: `${SMTP_PASSWORD_MESSAGES.required} Nothing was sent.`,
  could_not_connect: 'Could not connect to the mail server: check the host, the port and the security setting.',
  tls_failed: 'Could not set up a secure connection with the mail server: check the security setting and the port.',
  private_address:
    'The host is a private, loopback or link-local address, which this server does not send mail to. ' +
    'An on-premises mail relay needs SMTP_ALLOW_PRIVATE=true in the server’s environment.',
  not_configured: 'No email provider is configured: nothing was sent, and other mails are kept in the Mail log.',
};

/** Outcomes in which the test email was handed to the mail server. */
export const EMAIL_TEST_DELIVERED: readonly EmailTestOutcome[] = ['authenticated', 'connected'];

export const emailTestResultSchema = z.object({
  outcome: z.enum(EMAIL_TEST_OUTCOMES),
  /** Whether the mail server accepted the test email. */
  delivered: z.boolean(),
  /** The outcome in words (EMAIL_TEST_MESSAGES). */
  message: z.string(),
});
export type EmailTestResult = z.infer<typeof emailTestResultSchema>;

export const emailTestResult = (outcome: EmailTestOutcome): EmailTestResult => ({
  outcome,
  delivered: EMAIL_TEST_DELIVERED.includes(outcome),
  message: EMAIL_TEST_MESSAGES[outcome],
});
