// The Webhooks card of Integrations (spec 3's three switches; decision 0034): the endpoint URL, the signing
// secret (write-only, with Generate: the new secret is shown once to copy into the receiver), the three
// switches with what each sends, and "Send test event", which reports the saved receiver's answer in fixed
// words. The URL and secret are checked with the domain's schema as they are typed.
import { Alert, Button, Card, CopyButton, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { type Dispatch, type SetStateAction, useState } from 'react';
import {
  type IntegrationSettings,
  WEBHOOK_HEADERS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SWITCH_DESCRIPTIONS,
  WEBHOOK_SWITCH_LABELS,
  WEBHOOK_SWITCHES,
  webhookSettingsInputSchema,
  type WebhookTestResult,
} from '@crm/domain';
import { isApiError } from '../../../lib/api-client.ts';
import { useSendTestWebhook } from '../api/system-settings.ts';
import type { Draft } from './integrations-draft.ts';
import { SecretInput } from './secret-input.tsx';

/** A new signing secret: 32 random bytes in hex, behind a prefix that says what it is. */
function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The webhook fields' messages, keyed as the server's field errors are ('webhooks.url'). */
export function webhookDraftErrors(draft: Draft, secretStored: boolean): Record<string, string> {
  const { secret, ...rest } = draft.webhooks;
  const parsed = webhookSettingsInputSchema.safeParse({ ...rest, ...(secret ? { secret } : {}) });
  const errors: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    errors[`webhooks.${issue.path.join('.')}`] ??= issue.message;
  }
  const hasSecret = Boolean(secret) || (secretStored && !draft.clear.webhooks);
  if (rest.url.trim() !== '' && !hasSecret) errors['webhooks.secret'] ??= WEBHOOK_MESSAGES.secretRequired;
  return errors;
}

export function WebhooksCard(props: {
  settings: IntegrationSettings;
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  errors: Record<string, string>;
  editable: boolean;
  dirty: boolean;
}) {
  const { settings, draft, setDraft, errors, editable } = props;
  const [generated, setGenerated] = useState<string | null>(null);
  const setWebhooks = (patch: Partial<Draft['webhooks']>) =>
    setDraft((d) => ({ ...d, webhooks: { ...d.webhooks, ...patch } }));
  const setCleared = (cleared: boolean) => setDraft((d) => ({ ...d, clear: { ...d.clear, webhooks: cleared } }));
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="integration-webhooks">
      <Title order={3} fz="sm" id="integration-webhooks">
        Webhooks
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        Each event switched on is sent as a JSON POST to the URL, signed in the {WEBHOOK_HEADERS.signature} header
        (t=timestamp, v1=HMAC-SHA256 of “timestamp.body” with the signing secret), and retried with back-off until the
        receiver answers 2xx.
      </Text>
      <Stack gap="xs">
        <TextInput
          label="Endpoint URL"
          placeholder="https://example.com/webhooks"
          value={draft.webhooks.url}
          onChange={(e) => setWebhooks({ url: e.currentTarget.value })}
          error={errors['webhooks.url']}
          disabled={!editable}
        />
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <SecretInput
              label="Signing secret"
              stored={settings.webhooks.secretSet}
              value={draft.webhooks.secret ?? ''}
              cleared={Boolean(draft.clear.webhooks)}
              onChange={(value) => setWebhooks({ secret: value })}
              onClear={setCleared}
              error={errors['webhooks.secret']}
              disabled={!editable}
            />
          </div>
          {editable ? (
            <Button
              variant="default"
              mt={25}
              onClick={() => {
                const secret = generateSecret();
                setGenerated(secret);
                setWebhooks({ secret });
                setCleared(false);
              }}
            >
              Generate
            </Button>
          ) : null}
        </Group>
        {/* Shown until saved (the form then holds no secret) or replaced by typing. */}
        {generated && generated === draft.webhooks.secret ? (
          <Alert color="blue" variant="light" title="New signing secret">
            <Text size="sm">Copy it into the receiver now: once saved, it is never shown again.</Text>
            <Group gap="xs" mt={4} wrap="nowrap">
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {generated}
              </Text>
              <CopyButton value={generated}>
                {({ copied, copy }) => (
                  <Button variant="subtle" size="compact-xs" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Alert>
        ) : null}
        {WEBHOOK_SWITCHES.map((key) => (
          <Switch
            key={key}
            label={WEBHOOK_SWITCH_LABELS[key]}
            description={WEBHOOK_SWITCH_DESCRIPTIONS[key]}
            checked={draft.webhooks[key]}
            onChange={(e) => setWebhooks({ [key]: e.currentTarget.checked })}
            disabled={!editable}
          />
        ))}
        {editable ? <TestWebhook dirty={props.dirty} configured={settings.webhooks.url !== ''} /> : null}
      </Stack>
    </Card>
  );
}

function TestWebhook({ dirty, configured }: { dirty: boolean; configured: boolean }) {
  const send = useSendTestWebhook();
  const [shown, setShown] = useState<{ colour: string; message: string } | null>(null);
  const show = (result: WebhookTestResult) =>
    setShown({
      colour: result.delivered ? 'green' : result.outcome === 'not_configured' ? 'yellow' : 'red',
      message: result.message,
    });
  return (
    <Stack gap="xs" mt="xs">
      <Group gap="sm">
        <Button
          variant="default"
          loading={send.isPending}
          disabled={dirty || !configured}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: show,
              onError: (error) =>
                setShown({ colour: 'red', message: isApiError(error) ? error.message : 'Sending failed' }),
            })
          }
        >
          Send test event
        </Button>
        {dirty ? (
          <Text size="xs" c="dimmed">
            Save the settings first: the test uses the saved URL and secret.
          </Text>
        ) : null}
      </Group>
      {shown ? (
        <Alert color={shown.colour} variant="light" title="Test event" role="status">
          <Text size="sm">{shown.message}</Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
