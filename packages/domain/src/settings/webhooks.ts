// Webhooks (spec 3 System Settings → Integrations: three switches; docs/decisions/0034). The firm names one
// endpoint and a signing secret; each switched-on event is POSTed there as JSON, signed with HMAC-SHA256.
import { z } from 'zod';

/** The events, each behind its switch of the Integrations card. */
export const WEBHOOK_EVENT_TYPES = ['user.registered', 'payment.succeeded', 'system.alert'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_SWITCHES = ['userRegistration', 'paymentSuccess', 'systemAlert'] as const;
export type WebhookSwitch = (typeof WEBHOOK_SWITCHES)[number];

export const WEBHOOK_SWITCH_OF: Record<WebhookEventType, WebhookSwitch> = {
  'user.registered': 'userRegistration',
  'payment.succeeded': 'paymentSuccess',
  'system.alert': 'systemAlert',
};

export const WEBHOOK_SWITCH_LABELS: Record<WebhookSwitch, string> = {
  userRegistration: 'User registration',
  paymentSuccess: 'Payment success',
  systemAlert: 'System alert',
};

/** What each switch sends, for the card. */
export const WEBHOOK_SWITCH_DESCRIPTIONS: Record<WebhookSwitch, string> = {
  userRegistration: 'user.registered: a user account is created or invited',
  paymentSuccess: 'payment.succeeded: a payment is recorded against an invoice (Mark as Paid)',
  systemAlert: 'system.alert: a mail failed for good, or a scheduled job failed after its last retry',
};

/** The header names of a delivery (Stripe's scheme: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`). */
export const WEBHOOK_HEADERS = {
  signature: 'Visa-CRM-Signature',
  event: 'Visa-CRM-Event',
  id: 'Visa-CRM-Event-Id',
} as const;

/** How many times an event is tried before it is marked failed, and the wait before each retry. */
export const WEBHOOK_MAX_ATTEMPTS = 8;
export const webhookRetryDelaySeconds = (attempt: number): number => Math.min(30 * 2 ** (attempt - 1), 3_600);

export const WEBHOOK_MESSAGES = {
  url: 'Enter a URL such as https://example.com/webhooks',
  https: 'The webhook URL must start with https://',
  privateAddress:
    'The webhook URL is a private, loopback or link-local address, which this server does not send to. ' +
    'A receiver on the firm’s own network needs WEBHOOK_ALLOW_PRIVATE=true in the server’s environment.',
  httpOnlyPrivate: 'A webhook URL starting with http:// is allowed only for an address on the firm’s own network',
  secretLength: 'The signing secret must be at least 16 characters',
  secretRequired: 'Enter or generate a signing secret for the webhook URL',
} as const;

/**
 * http(s), a host name or IP address (IPv6 in brackets), an optional port and path. No user name or
 * password in the URL: the secret is the signature's, and the URL is shown on screen.
 */
const WEBHOOK_URL_PATTERN = /^https?:\/\/(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?([/?#]\S*)?$/i;

const url = z
  .string()
  .trim()
  .max(2000, WEBHOOK_MESSAGES.url)
  .refine((value) => value === '' || WEBHOOK_URL_PATTERN.test(value), WEBHOOK_MESSAGES.url);

const switches = { userRegistration: z.boolean(), paymentSuccess: z.boolean(), systemAlert: z.boolean() };

/** What GET answers: the URL, whether a secret is stored, the switches. */
export const webhookSettingsSchema = z.object({ url, secretSet: z.boolean(), ...switches });
export type WebhookSettings = z.infer<typeof webhookSettingsSchema>;

/** What PUT takes: a secret left out keeps the stored one, '' removes it. */
export const webhookSettingsInputSchema = z.object({
  url,
  secret: z
    .union([z.literal(''), z.string().min(16, WEBHOOK_MESSAGES.secretLength).max(500, WEBHOOK_MESSAGES.secretLength)])
    .optional(),
  ...switches,
});
export type WebhookSettingsInput = z.infer<typeof webhookSettingsInputSchema>;

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  url: '',
  secretSet: false,
  userRegistration: false,
  paymentSuccess: false,
  systemAlert: false,
};

/** The save of what is shown: the same URL and switches, the stored secret kept. */
export const webhookInputOf = ({ secretSet: _set, ...rest }: WebhookSettings): WebhookSettingsInput => rest;

/**
 * What one attempt (or the test event) can report: fixed words, never what the other end answered, so a
 * test tells nothing about a service that is not the firm's receiver.
 */
export const WEBHOOK_OUTCOMES = [
  'delivered',
  'http_status',
  'could_not_connect',
  'timed_out',
  'private_address',
  'not_configured',
] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

export function webhookOutcomeMessage(outcome: WebhookOutcome, httpStatus: number | null): string {
  switch (outcome) {
    case 'delivered':
      return `Delivered: the receiver answered HTTP ${httpStatus ?? 200}.`;
    case 'http_status':
      return `Not delivered: the receiver answered HTTP ${httpStatus ?? 0}.`;
    case 'could_not_connect':
      return 'Could not connect to the webhook URL.';
    case 'timed_out':
      return 'The receiver did not answer in time.';
    case 'private_address':
      return WEBHOOK_MESSAGES.privateAddress;
    case 'not_configured':
      return 'No webhook URL and signing secret are saved: nothing was sent.';
  }
}

export const webhookTestResultSchema = z.object({
  outcome: z.enum(WEBHOOK_OUTCOMES),
  delivered: z.boolean(),
  /** The receiver's HTTP status, when it answered. */
  httpStatus: z.number().int().nullable(),
  /** The outcome in words. */
  message: z.string(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

export const webhookTestResult = (outcome: WebhookOutcome, httpStatus: number | null): WebhookTestResult => ({
  outcome,
  delivered: outcome === 'delivered',
  httpStatus,
  message: webhookOutcomeMessage(outcome, httpStatus),
});
