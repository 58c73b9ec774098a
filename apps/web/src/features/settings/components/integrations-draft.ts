// The Integrations form's state (integrations-card.tsx), apart from the card so that the webhooks card can
// share its type without importing the card that renders it.
import {
  type IntegrationProvider,
  type IntegrationSettings,
  type IntegrationSettingsInput,
  webhookInputOf,
} from '@crm/domain';

/** The form's state: the stored values, with each secret empty meaning "keep what is stored". */
export type Draft = IntegrationSettingsInput & {
  clear: Partial<Record<'email' | IntegrationProvider | 'webhooks', boolean>>;
};

export function draftOf(settings: IntegrationSettings): Draft {
  const { passwordSet: _p, ...email } = settings.email;
  const provider = (name: IntegrationProvider) => ({ provider: settings[name].provider, apiKey: '' });
  return {
    email: { ...email, password: '' },
    ai: provider('ai'),
    payment: provider('payment'),
    calendar: provider('calendar'),
    chat: provider('chat'),
    webhooks: { ...webhookInputOf(settings.webhooks), secret: '' },
    clear: {},
  };
}

/** An empty secret field keeps the stored one unless the user removed it. */
export function inputOf(draft: Draft): IntegrationSettingsInput {
  const secret = (value: string | undefined, cleared: boolean | undefined) =>
    cleared ? '' : value ? value : undefined;
  const provider = (name: IntegrationProvider) => ({
    provider: draft[name].provider,
    apiKey: secret(draft[name].apiKey, draft.clear[name]),
  });
  return {
    email: { ...draft.email, password: secret(draft.email.password, draft.clear.email) },
    ai: provider('ai'),
    payment: provider('payment'),
    calendar: provider('calendar'),
    chat: provider('chat'),
    webhooks: { ...draft.webhooks, secret: secret(draft.webhooks.secret, draft.clear.webhooks) },
  };
}
