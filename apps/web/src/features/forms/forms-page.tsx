// /forms: the firm's public enquiry form for staff — its settings (supervisors and above change them,
// decision 0021), its public link, an embeddable frame snippet and a preview of the saved form.
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Code,
  CopyButton,
  Grid,
  Group,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Switch.css';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect } from 'react';
import {
  BADGE_COLOURS,
  ENQUIRY_FORM_MESSAGES,
  ENQUIRY_OPTIONAL_FIELD_LABELS,
  ENQUIRY_OPTIONAL_FIELDS,
  ENQUIRY_PAGE_PATH,
  type EnquiryFormSettings,
  filledBadge,
  PICKER_ROLES,
} from '@crm/domain';
import { PageHeader } from '../../components/page-header.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { isApiError } from '../../lib/api-client.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useAssignableUsers } from '../users/index.ts';
import { useEnquiryFormSettings, useSaveEnquiryFormSettings } from './api/enquiry-form.ts';

type Values = Omit<EnquiryFormSettings, 'frameOrigins' | 'assigneeUserId'> & {
  frameOrigins: string;
  assigneeUserId: string | null;
};

const toValues = (s: EnquiryFormSettings): Values => ({ ...s, frameOrigins: s.frameOrigins.join('\n') });
const fromValues = (v: Values): EnquiryFormSettings => ({
  ...v,
  assigneeUserId: v.assigneeUserId || null,
  frameOrigins: v.frameOrigins
    .split(/[\s,]+/)
    .map((o) => o.trim())
    .filter(Boolean),
});

export function FormsPage() {
  useDocumentTitle('Forms');
  const settings = useEnquiryFormSettings();
  return (
    <Stack gap="lg">
      <PageHeader title="Forms" subtitle="The public enquiry form your website links to or shows in a frame" />
      {settings.isPending ? (
        <Skeleton h={480} radius="md" />
      ) : settings.isError ? (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          role="alert"
          title="The enquiry form could not be loaded"
        >
          {isApiError(settings.error) ? settings.error.message : 'Please try again.'}
          <Group mt="sm">
            <Button size="xs" variant="light" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : (
        <EnquiryFormSettingsCard saved={settings.data} />
      )}
    </Stack>
  );
}

function EnquiryFormSettingsCard({ saved }: { saved: EnquiryFormSettings }) {
  const { can } = useAuthorization();
  const editable = can('forms:approve');
  const save = useSaveEnquiryFormSettings();
  const managers = useAssignableUsers(PICKER_ROLES.manager, editable);
  const form = useForm<Values>({ initialValues: toValues(saved) });
  // A save elsewhere (another tab, another person) shows here unless this form has unsaved changes.
  useEffect(() => {
    if (!form.isDirty()) form.setValues(toValues(saved));
    form.resetDirty(toValues(saved));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the saved settings change
  }, [saved]);

  const publicUrl = `${window.location.origin}${ENQUIRY_PAGE_PATH}`;
  const snippet = `<iframe src="${publicUrl}" title="Enquiry form" style="width:100%;min-height:900px;border:0" loading="lazy"></iframe>`;

  const submit = form.onSubmit((values) => {
    save.mutate(fromValues(values), {
      onSuccess: (next) => {
        form.setValues(toValues(next));
        form.resetDirty(toValues(next));
        notifications.show({ color: 'green', message: ENQUIRY_FORM_MESSAGES.saved });
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        form.setErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([k, v]) => [
              k.startsWith('frameOrigins') ? 'frameOrigins' : k,
              v[0],
            ]),
          ),
        );
      },
    });
  });

  const assigneeOptions = (managers.data ?? []).map((u) => ({ value: u.id, label: u.fullName }));
  if (saved.assigneeUserId && !assigneeOptions.some((o) => o.value === saved.assigneeUserId)) {
    assigneeOptions.push({ value: saved.assigneeUserId, label: 'Current assignee' });
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Card withBorder radius="md" p="lg">
          <form onSubmit={submit} noValidate aria-label="Enquiry form settings">
            <Stack gap="md">
              <Group justify="space-between" wrap="wrap">
                <Title order={2} fz="lg">
                  Website enquiry form
                </Title>
                <StatusBadge look={filledBadge(saved.enabled ? BADGE_COLOURS.green : BADGE_COLOURS.grey)}>
                  {saved.enabled ? 'Taking enquiries' : 'Off'}
                </StatusBadge>
              </Group>
              {!editable ? (
                <Alert color="blue" variant="light">
                  Only supervisors and administrators can change the enquiry form.
                </Alert>
              ) : null}
              <Switch
                label="Take enquiries (off: visitors see a friendly closed page)"
                disabled={!editable}
                {...form.getInputProps('enabled', { type: 'checkbox' })}
              />
              <TextInput label="Title" required readOnly={!editable} {...form.getInputProps('title')} />
              <Textarea
                label="Introduction"
                autosize
                minRows={2}
                readOnly={!editable}
                {...form.getInputProps('intro')}
              />
              <Checkbox.Group
                label="Optional fields the form shows"
                description="Name, date of birth, nationality, residence, email, contact number and location are always asked"
                {...form.getInputProps('fields')}
              >
                <Stack gap={6} mt={6}>
                  {ENQUIRY_OPTIONAL_FIELDS.map((field) => (
                    <Checkbox
                      key={field}
                      value={field}
                      label={ENQUIRY_OPTIONAL_FIELD_LABELS[field]}
                      disabled={!editable}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
              <Select
                label="New leads are assigned to"
                description="Their manager, who is notified of each new enquiry; none leaves them Unassigned"
                placeholder="Unassigned"
                data={assigneeOptions}
                clearable
                searchable
                disabled={!editable}
                {...form.getInputProps('assigneeUserId')}
              />
              <Textarea
                label="Privacy collection notice (Australian Privacy Principle 5)"
                description="Shown above the consent box visitors must tick"
                required
                autosize
                minRows={4}
                readOnly={!editable}
                {...form.getInputProps('privacyNotice')}
              />
              <Textarea
                label="Websites that may show the form in a frame"
                description="One per line, such as https://www.example.com.au; no other site can frame it"
                autosize
                minRows={2}
                readOnly={!editable}
                {...form.getInputProps('frameOrigins')}
              />
              {editable ? (
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => form.setValues(toValues(saved))} disabled={!form.isDirty()}>
                    Discard changes
                  </Button>
                  <Button type="submit" loading={save.isPending}>
                    Save
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </form>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="lg">
          <Card withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Share
              </Title>
              <Text size="sm">Public link</Text>
              <Group gap="xs" wrap="nowrap">
                <Code style={{ overflowWrap: 'anywhere', flex: 1 }}>{publicUrl}</Code>
                <CopyButton value={publicUrl}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? 'Copied' : 'Copy link'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="sm">Embed on your website</Text>
              <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {snippet}
              </Code>
              <Group justify="flex-end">
                <CopyButton value={snippet}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy}>
                      {copied ? 'Copied' : 'Copy snippet'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs" c="dimmed">
                The frame shows only on the websites listed in the settings.
              </Text>
            </Stack>
          </Card>
          <Card withBorder radius="md" p="lg">
            <Stack gap="sm">
              <Title order={2} fz="lg">
                Preview
              </Title>
              <Text size="xs" c="dimmed">
                The form as visitors see it, with the saved settings.
              </Text>
              <iframe
                key={JSON.stringify(saved)}
                src={ENQUIRY_PAGE_PATH}
                title="Enquiry form preview"
                style={{
                  width: '100%',
                  height: 560,
                  border: '1px solid var(--mantine-color-default-border)',
                  borderRadius: 8,
                }}
              />
            </Stack>
          </Card>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
