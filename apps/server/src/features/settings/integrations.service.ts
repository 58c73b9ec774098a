// Integrations (issue 15 item 4): stored under integration_settings with every secret sealed by the
// secret box; the API sees only whether a secret is set. The email provider's SMTP settings drive the
// firm's mailer (firm-mailer.ts).
import { z } from 'zod';
import {
  DEFAULT_INTEGRATION_SETTINGS,
  INTEGRATION_PROVIDERS,
  type IntegrationSettings,
  type IntegrationSettingsInput,
  SMTP_SECURITY,
  smtpPasswordStays,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import type { RequestContext } from '../audit/record-change.ts';
import type { SecretBox } from './secret-box.ts';
import { readSetting } from './settings.repository.ts';
import { saveSetting } from './settings.service.ts';

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
  webhooks: z.object({ userRegistration: z.boolean(), paymentSuccess: z.boolean(), systemAlert: z.boolean() }),
});
type StoredIntegrations = z.infer<typeof storedSchema>;

const STORED_DEFAULT: StoredIntegrations = {
  email: { ...withoutFlag(DEFAULT_INTEGRATION_SETTINGS.email), password: '' },
  ai: { provider: '', apiKey: '' },
  payment: { provider: '', apiKey: '' },
  calendar: { provider: '', apiKey: '' },
  chat: { provider: '', apiKey: '' },
  webhooks: DEFAULT_INTEGRATION_SETTINGS.webhooks,
};

function withoutFlag({ passwordSet: _set, ...rest }: IntegrationSettings['email']) {
  return rest;
}

const readStored = (db: Executor) => readSetting(db, INTEGRATION_SETTINGS_KEY, storedSchema, STORED_DEFAULT);

function publicView(stored: StoredIntegrations): IntegrationSettings {
  const { password, ...email } = stored.email;
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
    webhooks: stored.webhooks,
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

/** A secret from a save: absent keeps the stored one, '' removes it, anything else is sealed. */
const nextSecret = (input: string | undefined, stored: string, box: SecretBox) =>
  input === undefined ? stored : input === '' ? '' : box.seal(input);

export async function saveIntegrationSettings(
  db: Database,
  ctx: RequestContext & { actorId: string },
  box: SecretBox,
  input: IntegrationSettingsInput,
): Promise<IntegrationSettings> {
  const before = await readStored(db);
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
    webhooks: input.webhooks,
  };
  // The audit row names which credentials changed, never their values (sealed or not).
  const credentialsChanged = [
    ...(next.email.password !== before.email.password ? ['email'] : []),
    ...INTEGRATION_PROVIDERS.filter((name) => next[name].apiKey !== before[name].apiKey),
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
