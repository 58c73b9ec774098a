// System Settings → Integrations (spec 3; issue 15 item 4): the email provider is real SMTP with a test
// email that shows the mail server's answer; the other providers keep a name and an API key and show
// Active when configured. Secrets are write-only: the form shows that one is stored, never its value.
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import {
  BADGE_COLOURS,
  type EmailTestResult,
  filledBadge,
  INTEGRATION_LABELS,
  INTEGRATION_PROVIDERS,
  integrationActive,
  type IntegrationProvider,
  type IntegrationSettings,
  type IntegrationSettingsInput,
} from '@crm/domain';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useIntegrationSettings, useSaveIntegrationSettings, useSendTestEmail } from '../api/system-settings.ts';

const SECURITY_OPTIONS = [
  { value: 'starttls', label: 'STARTTLS (port 587)' },
  { value: 'tls', label: 'TLS (port 465)' },
  { value: 'none', label: 'None (local relay only)' },
];

/** The form's state: the stored values, with each secret empty meaning "keep what is stored". */
type Draft = IntegrationSettingsInput & { clear: Partial<Record<'email' | IntegrationProvider, boolean>> };

function draftOf(settings: IntegrationSettings): Draft {
  const { passwordSet: _p, ...email } = settings.email;
  const provider = (name: IntegrationProvider) => ({ provider: settings[name].provider, apiKey: '' });
  return {
    email: { ...email, password: '' },
    ai: provider('ai'),
    payment: provider('payment'),
    calendar: provider('calendar'),
    chat: provider('chat'),
    webhooks: settings.webhooks,
    clear: {},
  };
}

/** An empty secret field keeps the stored one unless the user removed it. */
function inputOf(draft: Draft): IntegrationSettingsInput {
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
    webhooks: draft.webhooks,
  };
}

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
  const setClear = (name: 'email' | IntegrationProvider, value: boolean) =>
    setDraft((d) => ({ ...d, clear: { ...d.clear, [name]: value } }));

  const submit = () =>
    save.mutate(inputOf(draft), {
      onSuccess: () => {
        setErrors({});
        notifications.show({ color: 'green', message: 'Integration settings saved' });
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

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="integrations">
      <Title order={2} fz="md" id="integrations">
        Integrations
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Passwords and API keys are stored encrypted and never shown again; leave a field empty to keep the stored one.
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
              onChange={(value) => setEmail({ password: value })}
              onClear={(value) => setClear('email', value)}
              disabled={!editable}
            />
          </SimpleGrid>
          {editable ? (
            <TestEmail dirty={JSON.stringify(inputOf(draft)) !== JSON.stringify(inputOf(draftOf(settings)))} />
          ) : null}
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

        <Card withBorder radius="md" padding="sm" component="section" aria-labelledby="integration-webhooks">
          <Title order={3} fz="sm" id="integration-webhooks" mb="xs">
            Webhooks
          </Title>
          <Stack gap="xs">
            {(
              [
                ['userRegistration', 'User registration'],
                ['paymentSuccess', 'Payment success'],
                ['systemAlert', 'System alert'],
              ] as const
            ).map(([key, label]) => (
              <Switch
                key={key}
                label={label}
                checked={draft.webhooks[key]}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setDraft((d) => ({ ...d, webhooks: { ...d.webhooks, [key]: checked } }));
                }}
                disabled={!editable}
              />
            ))}
          </Stack>
        </Card>
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

function SecretInput(props: {
  label: string;
  stored: boolean;
  value: string;
  cleared: boolean;
  onChange: (value: string) => void;
  onClear: (cleared: boolean) => void;
  disabled: boolean;
}) {
  return (
    <PasswordInput
      label={props.label}
      placeholder={props.cleared ? 'Removed when saved' : props.stored ? 'Stored — type to replace' : 'Not set'}
      value={props.value}
      onChange={(e) => {
        props.onChange(e.currentTarget.value);
        if (props.cleared) props.onClear(false);
      }}
      autoComplete="new-password"
      disabled={props.disabled}
      description={
        props.stored && !props.disabled ? (
          <Button
            variant="subtle"
            size="compact-xs"
            px={0}
            onClick={() => {
              props.onChange('');
              props.onClear(!props.cleared);
            }}
          >
            {props.cleared ? 'Keep the stored one' : 'Remove the stored one'}
          </Button>
        ) : undefined
      }
    />
  );
}

function TestEmail({ dirty }: { dirty: boolean }) {
  const { user } = useAuthorization();
  const [to, setTo] = useState(user?.email ?? '');
  const [result, setResult] = useState<EmailTestResult | null>(null);
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
              onSuccess: setResult,
              onError: (error) =>
                setResult({
                  delivered: false,
                  via: 'smtp',
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
      {result ? (
        <Alert
          color={result.delivered ? 'green' : result.via === 'none' ? 'yellow' : 'red'}
          variant="light"
          title={
            result.delivered
              ? 'Test email sent'
              : result.via === 'none'
                ? 'No mail server set'
                : 'The test email was not sent'
          }
          role="status"
        >
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {result.message}
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}
