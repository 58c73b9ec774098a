// System Settings → Integrations (spec 3; issue 15 item 4): the email provider is real SMTP with a test
// email that reports how it went; the other providers keep a name and an API key and show Active when
// configured. Secrets are write-only: the form shows that one is stored, never its value. The SMTP password
// goes with the server and username it was entered for (issue 28): the form says before saving that a
// change removes it, and asks for it again afterwards.
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import {
  BADGE_COLOURS,
  type EmailTestOutcome,
  type EmailTestResult,
  filledBadge,
  INTEGRATION_LABELS,
  INTEGRATION_PROVIDERS,
  integrationActive,
  type IntegrationProvider,
  type IntegrationSettings,
  SMTP_PASSWORD_MESSAGES,
  smtpPasswordStays,
} from '@crm/domain';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useIntegrationSettings, useSaveIntegrationSettings, useSendTestEmail } from '../api/system-settings.ts';
import { type Draft, draftOf, inputOf } from './integrations-draft.ts';
import { SecretInput } from './secret-input.tsx';
import { webhookDraftErrors, WebhooksCard } from './webhooks-card.tsx';

const SECURITY_OPTIONS = [
  { value: 'starttls', label: 'STARTTLS (port 587)' },
  { value: 'tls', label: 'TLS (port 465)' },
  { value: 'none', label: 'None (local relay only)' },
];

const activeBadge = (active: boolean) => (
  <StatusBadge look={filledBadge(active ? BADGE_COLOURS.green : BADGE_COLOURS.grey)}>
    {active ? 'Active' : 'Inactive'}
  </StatusBadge>
);

export function IntegrationsCard() {
  const settings = useIntegrationSettings();
  if (settings.isError) return <Alert color="red">{settings.error.message}</Alert>;
  if (!settings.data) return <Skeleton height={420} radius="md" />;
  return <IntegrationsForm settings={settings.data} />;
}

function IntegrationsForm({ settings }: { settings: IntegrationSettings }) {
  const { can } = useAuthorization();
  const editable = can('admin:manage_settings');
  const save = useSaveIntegrationSettings();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => setDraft(draftOf(settings)), [settings]);

  const setEmail = (patch: Partial<Draft['email']>) => setDraft((d) => ({ ...d, email: { ...d.email, ...patch } }));
  const setProvider = (name: IntegrationProvider, patch: Partial<Draft['ai']>) =>
    setDraft((d) => ({ ...d, [name]: { ...d[name], ...patch } }));
  const setClear = (name: 'email' | IntegrationProvider | 'webhooks', value: boolean) =>
    setDraft((d) => ({ ...d, clear: { ...d.clear, [name]: value } }));

  // A save that changes where the password goes, without a new one, removes the stored one.
  const passwordWillGo =
    settings.email.passwordSet &&
    !draft.clear.email &&
    !draft.email.password &&
    !smtpPasswordStays(settings.email, draft.email);
  const passwordMissing =
    settings.email.host !== '' &&
    settings.email.username !== '' &&
    !settings.email.passwordSet &&
    !draft.email.password;

  const webhookErrors = webhookDraftErrors(draft, settings.webhooks.secretSet);
  const dirty = JSON.stringify(inputOf(draft)) !== JSON.stringify(inputOf(draftOf(settings)));
  const submit = () => {
    if (Object.keys(webhookErrors).length > 0) {
      setErrors(webhookErrors);
      notifications.show({ color: 'red', message: 'Check the webhook settings' });
      return;
    }
    save.mutate(inputOf(draft), {
      onSuccess: (saved) => {
        setErrors({});
        const removed = settings.email.passwordSet && !saved.email.passwordSet && !draft.clear.email;
        notifications.show(
          removed
            ? { color: 'yellow', title: 'Integration settings saved', message: SMTP_PASSWORD_MESSAGES.removed }
            : { color: 'green', message: 'Integration settings saved' },
        );
      },
      onError: (error) => {
        setErrors(
          isApiError(error)
            ? Object.fromEntries(Object.entries(error.fieldErrors).map(([k, v]) => [k, v.join(' ')]))
            : {},
        );
        notifications.show({ color: 'red', message: isApiError(error) ? error.message : 'Saving failed' });
      },
    });
  };

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="integrations">
      <Title order={2} fz="md" id="integrations">
        Integrations
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Passwords and API keys are stored encrypted and never shown again; leave a field empty to keep the stored one.
        The SMTP password is removed when the host, port, security or username changes.
      </Text>
      <Stack gap="md">
        <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="integration-email">
          <Group justify="space-between" mb="xs">
            <Title order={3} fz="sm" id="integration-email">
              {INTEGRATION_LABELS.email} (SMTP)
            </Title>
            {activeBadge(integrationActive(settings, 'email'))}
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="SMTP host"
              placeholder="smtp.example.com"
              value={draft.email.host}
              onChange={(e) => setEmail({ host: e.currentTarget.value })}
              error={errors['email.host']}
              disabled={!editable}
            />
            <NumberInput
              clampBehavior="none"
              label="Port"
              value={draft.email.port}
              onChange={(value) => setEmail({ port: typeof value === 'number' ? value : Number(value) || 0 })}
              min={1}
              max={65535}
              allowDecimal={false}
              error={errors['email.port']}
              disabled={!editable}
            />
            <Select
              label="Security"
              data={SECURITY_OPTIONS}
              value={draft.email.security}
              onChange={(value) => value && setEmail({ security: value as Draft['email']['security'] })}
              allowDeselect={false}
              disabled={!editable}
            />
            <TextInput
              label="From address"
              placeholder="office@firm.com.au"
              value={draft.email.fromAddress}
              onChange={(e) => setEmail({ fromAddress: e.currentTarget.value })}
              error={errors['email.fromAddress']}
              disabled={!editable}
            />
            <TextInput
              label="Username"
              value={draft.email.username}
              onChange={(e) => setEmail({ username: e.currentTarget.value })}
              autoComplete="off"
              disabled={!editable}
            />
            <SecretInput
              label="Password"
              stored={settings.email.passwordSet}
              value={draft.email.password ?? ''}
              cleared={Boolean(draft.clear.email)}
              removedOnSave={passwordWillGo}
              onChange={(value) => setEmail({ password: value })}
              onClear={(value) => setClear('email', value)}
              error={passwordMissing ? SMTP_PASSWORD_MESSAGES.required : undefined}
              disabled={!editable}
            />
          </SimpleGrid>
          {editable ? <TestEmail dirty={dirty} /> : null}
        </Card>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {INTEGRATION_PROVIDERS.map((name) => (
            <Card
              key={name}
              withBorder
              radius="md"
              padding="sm"
              component="section"
              aria-labelledby={`integration-${name}`}
            >
              <Group justify="space-between" mb="xs">
                <Title order={3} fz="sm" id={`integration-${name}`}>
                  {INTEGRATION_LABELS[name]}
                </Title>
                {activeBadge(integrationActive(settings, name))}
              </Group>
              <Stack gap="xs">
                <TextInput
                  label="Provider"
                  value={draft[name].provider}
                  onChange={(e) => setProvider(name, { provider: e.currentTarget.value })}
                  error={errors[`${name}.provider`]}
                  disabled={!editable}
                />
                <SecretInput
                  label="API key"
                  stored={settings[name].apiKeySet}
                  value={draft[name].apiKey ?? ''}
                  cleared={Boolean(draft.clear[name])}
                  onChange={(value) => setProvider(name, { apiKey: value })}
                  onClear={(value) => setClear(name, value)}
                  disabled={!editable}
                />
              </Stack>
            </Card>
          ))}
          <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="integration-database">
            <Group justify="space-between" mb="xs">
              <Title order={3} fz="sm" id="integration-database">
                {INTEGRATION_LABELS.database}
              </Title>
              {activeBadge(true)}
            </Group>
            <Text size="sm" c="dimmed">
              Connected: every record is stored in PostgreSQL.
            </Text>
          </Card>
        </SimpleGrid>

        <WebhooksCard
          settings={settings}
          draft={draft}
          setDraft={setDraft}
          errors={{ ...errors, ...webhookErrors }}
          editable={editable}
          dirty={dirty}
        />
      </Stack>
      {editable ? (
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setDraft(draftOf(settings))}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            Save Integration Settings
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}

/** How a test result shows: nothing to send through, or a password to enter, is a note rather than a failure. */
const NOT_SENT_NOTES: readonly EmailTestOutcome[] = ['not_configured', 'password_required'];

type Shown = { colour: string; title: string; message: string };

function shownResult(result: EmailTestResult): Shown {
  if (result.delivered) return { colour: 'green', title: 'Test email sent', message: result.message };
  if (result.outcome === 'not_configured')
    return { colour: 'yellow', title: 'No mail server set', message: result.message };
  return {
    colour: NOT_SENT_NOTES.includes(result.outcome) ? 'yellow' : 'red',
    title: 'The test email was not sent',
    message: result.message,
  };
}

function TestEmail({ dirty }: { dirty: boolean }) {
  const { user } = useAuthorization();
  const [to, setTo] = useState(user?.email ?? '');
  const [shown, setShown] = useState<Shown | null>(null);
  const send = useSendTestEmail();
  return (
    <Stack gap="xs" mt="md">
      <Group align="flex-end" gap="sm">
        <TextInput
          label="Send a test email to"
          value={to}
          onChange={(e) => setTo(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <Button
          variant="default"
          loading={send.isPending}
          disabled={dirty || to.trim() === ''}
          onClick={() =>
            send.mutate(to.trim(), {
              onSuccess: (result) => setShown(shownResult(result)),
              onError: (error) =>
                setShown({
                  colour: 'red',
                  title: 'The test email was not sent',
                  message: isApiError(error) ? error.message : 'Sending failed',
                }),
            })
          }
        >
          Send test email
        </Button>
      </Group>
      {dirty ? (
        <Text size="xs" c="dimmed">
          Save the settings first: the test uses the saved provider.
        </Text>
      ) : null}
      {shown ? (
        <Alert color={shown.colour} variant="light" title={shown.title} role="status">
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {shown.message}
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
