// Integrations (issue 15 item 4): stored under integration_settings with every secret sealed by the
// secret box; the API sees only whether a secret is set. The email provider's SMTP settings drive the
// firm's mailer (firm-mailer.ts); the webhook URL, signing secret and switches drive platform/webhooks.
import { z } from 'zod';
import {
  DEFAULT_INTEGRATION_SETTINGS,
  INTEGRATION_PROVIDERS,
  type IntegrationSettings,
  type IntegrationSettingsInput,
  SMTP_SECURITY,
  smtpPasswordStays,
  WEBHOOK_MESSAGES,
  WEBHOOK_SWITCH_OF,
  type WebhookEventType,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { validationError } from '../../plugins/errors.ts';
import type { RequestContext } from '../audit/record-change.ts';
import { webhookUrlRefusal } from '../webhooks/webhook-target.ts';
import type { SecretBox } from './secret-box.ts';
import { readSetting } from './settings.repository.ts';
import { saveSetting } from './save-setting.ts';

export const INTEGRATION_SETTINGS_KEY = 'integration_settings';

const provider = z.object({ provider: z.string(), apiKey: z.string() });
/** The stored form: sealed secrets ('' when none). */
const storedSchema = z.object({
  email: z.object({
    host: z.string(),
    port: z.number().int(),
    security: z.enum(SMTP_SECURITY),
    username: z.string(),
    fromAddress: z.string(),
    password: z.string(),
  }),
  ai: provider,
  payment: provider,
  calendar: provider,
  chat: provider,
  webhooks: z.object({
    // Absent in settings saved before webhooks were sent (decision 0034).
    url: z.string().default(''),
    secret: z.string().default(''),
    userRegistration: z.boolean(),
    paymentSuccess: z.boolean(),
    systemAlert: z.boolean(),
  }),
});
type StoredIntegrations = z.infer<typeof storedSchema>;

const STORED_DEFAULT: StoredIntegrations = {
  email: { ...withoutFlag(DEFAULT_INTEGRATION_SETTINGS.email), password: '' },
  ai: { provider: '', apiKey: '' },
  payment: { provider: '', apiKey: '' },
  calendar: { provider: '', apiKey: '' },
  chat: { provider: '', apiKey: '' },
  webhooks: { ...withoutSecretFlag(DEFAULT_INTEGRATION_SETTINGS.webhooks), secret: '' },
};

function withoutFlag({ passwordSet: _set, ...rest }: IntegrationSettings['email']) {
  return rest;
}

function withoutSecretFlag({ secretSet: _set, ...rest }: IntegrationSettings['webhooks']) {
  return rest;
}

const readStored = (db: Executor) => readSetting(db, INTEGRATION_SETTINGS_KEY, storedSchema, STORED_DEFAULT);

function publicView(stored: StoredIntegrations): IntegrationSettings {
  const { password, ...email } = stored.email;
  const { secret, ...webhooks } = stored.webhooks;
  const view = (name: (typeof INTEGRATION_PROVIDERS)[number]) => ({
    provider: stored[name].provider,
    apiKeySet: stored[name].apiKey !== '',
  });
  return {
    email: { ...email, passwordSet: password !== '' },
    ai: view('ai'),
    payment: view('payment'),
    calendar: view('calendar'),
    chat: view('chat'),
    webhooks: { ...webhooks, secretSet: secret !== '' },
  };
}

export const readIntegrationSettings = async (db: Executor) => publicView(await readStored(db));

export type SmtpSettings = {
  host: string;
  port: number;
  security: (typeof SMTP_SECURITY)[number];
  username: string;
  password: string;
  fromAddress: string;
};

/** The configured SMTP provider with its password opened, or null when none is configured. */
export async function readSmtpSettings(db: Executor, box: SecretBox): Promise<SmtpSettings | null> {
  const { email } = await readStored(db);
  if (email.host === '') return null;
  return { ...email, password: email.password === '' ? '' : (box.open(email.password) ?? '') };
}

/**
 * Where an event of this type goes, with its signing secret opened: null when its switch is off or no URL
 * and secret are saved (or the secret was sealed with another key).
 */
export async function readWebhookTarget(
  db: Executor,
  box: SecretBox,
  type: WebhookEventType | 'test',
): Promise<{ url: string; secret: string } | null> {
  const { webhooks } = await readStored(db);
  if (type !== 'test' && !webhooks[WEBHOOK_SWITCH_OF[type]]) return null;
  const secret = webhooks.secret === '' ? null : box.open(webhooks.secret);
  return webhooks.url === '' || !secret ? null : { url: webhooks.url, secret };
}

/** Whether an event of this type is sent: its switch is on and a URL and secret are saved. */
export async function webhookSwitchedOn(db: Executor, type: WebhookEventType): Promise<boolean> {
  const { webhooks } = await readStored(db);
  return webhooks[WEBHOOK_SWITCH_OF[type]] && webhooks.url !== '' && webhooks.secret !== '';
}

/** A secret from a save: absent keeps the stored one, '' removes it, anything else is sealed. */
const nextSecret = (input: string | undefined, stored: string, box: SecretBox) =>
  input === undefined ? stored : input === '' ? '' : box.seal(input);

export async function saveIntegrationSettings(
  db: Database,
  ctx: RequestContext & { actorId: string },
  box: SecretBox,
  input: IntegrationSettingsInput,
  options: { webhookAllowPrivate: boolean },
): Promise<IntegrationSettings> {
  const before = await readStored(db);
  const { secret: webhookSecret, ...webhooks } = input.webhooks;
  const urlRefused = webhookUrlRefusal(webhooks.url, options.webhookAllowPrivate);
  const nextWebhookSecret = nextSecret(webhookSecret, before.webhooks.secret, box);
  if (urlRefused) throw validationError({ 'webhooks.url': [urlRefused] });
  if (webhooks.url !== '' && nextWebhookSecret === '')
    throw validationError({ 'webhooks.secret': [WEBHOOK_MESSAGES.secretRequired] });
  const { password, ...email } = input.email;
  // A password left out stays only while it goes to the same server as the same user (issue 28).
  const kept = smtpPasswordStays(before.email, email) ? before.email.password : '';
  const next: StoredIntegrations = {
    email: { ...email, password: nextSecret(password, kept, box) },
    ...(Object.fromEntries(
      INTEGRATION_PROVIDERS.map((name) => [
        name,
        { provider: input[name].provider, apiKey: nextSecret(input[name].apiKey, before[name].apiKey, box) },
      ]),
    ) as Pick<StoredIntegrations, (typeof INTEGRATION_PROVIDERS)[number]>),
    webhooks: { ...webhooks, secret: nextWebhookSecret },
  };
  // The audit row names which credentials changed, never their values (sealed or not).
  const credentialsChanged = [
    ...(next.email.password !== before.email.password ? ['email'] : []),
    ...INTEGRATION_PROVIDERS.filter((name) => next[name].apiKey !== before[name].apiKey),
    ...(next.webhooks.secret !== before.webhooks.secret ? ['webhooks'] : []),
  ];
  await saveSetting(
    db,
    ctx,
    {
      key: INTEGRATION_SETTINGS_KEY,
      action: 'UPDATE_INTEGRATION_SETTINGS',
      before: publicView(before),
      next: publicView(next),
      stored: next,
    },
    async () => (credentialsChanged.length > 0 ? { credentialsChanged } : {}),
  );
  return publicView(next);
}
