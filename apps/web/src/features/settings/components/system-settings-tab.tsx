// Administration → System Settings, General (spec 3 §2.4; issue 15 item 1): the firm's time zone and date
// format (the one display setting every screen, mail, PDF and export reads), the company details printed
// on invoices, maintenance mode and debug mode; under Finance the service catalogue (decision 0024). Account
// administrators change them; administrators read.
import {
  Alert,
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import {
  BADGE_COLOURS,
  DATE_FORMATS,
  type DateFormat,
  filledBadge,
  formatCalendarDate,
  type GeneralSettings,
  generalSettingsSchema,
} from '@crm/domain';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDisplaySetting } from '../api/display-setting.ts';
import { IntegrationsCard } from './integrations-card.tsx';
import { ServiceTypesCard } from '../../service-types/index.ts';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { useDateFormat } from '../../../lib/format.ts';
import {
  useGeneralSettings,
  useJobStatus,
  useSaveDisplaySetting,
  useSaveGeneralSettings,
} from '../api/system-settings.ts';

/** Every IANA zone the browser knows, Australian and Philippine ones first (issue 15). */
function timeZoneOptions(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Australia/Sydney'];
  const first = all.filter((zone) => zone.startsWith('Australia/') || zone === 'Asia/Manila');
  return [...first, ...all.filter((zone) => !first.includes(zone))];
}

const errorsOf = (error: unknown) =>
  isApiError(error)
    ? Object.fromEntries(Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages.join(' ')]))
    : {};

const SECTIONS = ['general', 'finance'] as const;
type Section = (typeof SECTIONS)[number];

/** System Settings' two tabs: General (below) and Finance (the service catalogue), in the URL as ?section=. */
export function SystemSettingsTab() {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as { tab?: string; section?: unknown };
  const section: Section = search.section === 'finance' ? 'finance' : 'general';
  return (
    <Tabs
      value={section}
      variant="outline"
      keepMounted={false}
      onChange={(next) =>
        void navigate({
          to: '/admin',
          search: { tab: 'system', ...(next === 'finance' ? { section: next } : {}) },
          replace: true,
        })
      }
    >
      <Tabs.List mb="md">
        {SECTIONS.map((value) => (
          <Tabs.Tab key={value} value={value}>
            {value === 'general' ? 'General' : 'Finance'}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="general">
        <GeneralSection />
      </Tabs.Panel>
      <Tabs.Panel value="finance">
        <ServiceTypesCard />
      </Tabs.Panel>
    </Tabs>
  );
}

function GeneralSection() {
  const { can } = useAuthorization();
  const editable = can('admin:manage_settings');
  const general = useGeneralSettings();
  return (
    <Stack gap="md">
      {!editable ? (
        <Alert color="gray" variant="light">
          Only account administrators change system settings.
        </Alert>
      ) : null}
      <RegionalSettingsCard editable={editable} />
      {general.data ? (
        <GeneralSettingsCard settings={general.data} editable={editable} />
      ) : general.isError ? (
        <Alert color="red">{general.error.message}</Alert>
      ) : (
        <Skeleton height={320} radius="md" />
      )}
      <IntegrationsCard />
      <ScheduledJobsCard />
    </Stack>
  );
}

const OUTCOME_COLOURS = { succeeded: BADGE_COLOURS.green, skipped: BADGE_COLOURS.grey, failed: BADGE_COLOURS.red };
const OUTCOME_LABELS = { succeeded: 'Succeeded', skipped: 'Nothing to do', failed: 'Failed' };

/** Spec 3's Data Management schedule made real (issue 15 item 9): each job's last run, result and next run. */
function ScheduledJobsCard() {
  const jobs = useJobStatus();
  const { formatDate, formatTime } = useDateFormat();
  const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;
  return (
    <Card withBorder radius="md" padding={0} component="section" aria-labelledby="scheduled-jobs">
      <Group justify="space-between" p="sm">
        <Title order={2} fz="md" id="scheduled-jobs">
          Scheduled jobs
        </Title>
        <Button variant="default" size="xs" onClick={() => void jobs.refetch()} loading={jobs.isRefetching}>
          Refresh
        </Button>
      </Group>
      {jobs.isError ? (
        <Alert color="red" m="sm">
          {jobs.error.message}
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label="Scheduled jobs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Job</Table.Th>
                <Table.Th>Schedule</Table.Th>
                <Table.Th>Last run</Table.Th>
                <Table.Th>Next run</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(jobs.data ?? []).map((job) => (
                <Table.Tr key={job.name}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {job.label}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{job.schedule}</Text>
                    <Text size="xs" c="dimmed">
                      {job.timeZone}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {job.lastRun ? (
                      <Stack gap={2}>
                        <Group gap="xs">
                          <Text size="sm">{when(job.lastRun.startedAt)}</Text>
                          <StatusBadge look={filledBadge(OUTCOME_COLOURS[job.lastRun.outcome])}>
                            {OUTCOME_LABELS[job.lastRun.outcome]}
                          </StatusBadge>
                        </Group>
                        {job.lastRun.summary ? (
                          <Text size="xs" c="dimmed">
                            {job.lastRun.summary}
                          </Text>
                        ) : null}
                      </Stack>
                    ) : (
                      <Text size="sm" c="dimmed">
                        Not run yet
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{job.nextRunAt ? when(job.nextRunAt) : '—'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

export function RegionalSettingsCard({ editable }: { editable: boolean }) {
  const stored = useDisplaySetting();
  const save = useSaveDisplaySetting();
  const [timeZone, setTimeZone] = useState<string>(stored.timeZone);
  const [dateFormat, setDateFormat] = useState<DateFormat>(stored.dateFormat);
  useEffect(() => {
    setTimeZone(stored.timeZone);
    setDateFormat(stored.dateFormat);
  }, [stored.timeZone, stored.dateFormat]);
  const zones = useMemo(timeZoneOptions, []);
  const changed = timeZone !== stored.timeZone || dateFormat !== stored.dateFormat;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="regional-settings">
      <Title order={2} fz="md" id="regional-settings">
        Time zone and date format
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        Every date in the lists, forms, mails, PDFs and exports follows these.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Time zone"
          data={zones}
          value={timeZone}
          onChange={(value) => value && setTimeZone(value)}
          searchable
          allowDeselect={false}
          disabled={!editable}
          nothingFoundMessage="No such time zone"
        />
        <Select
          label="Date format"
          data={DATE_FORMATS.map((format) => ({
            value: format,
            label: `${format} (${formatCalendarDate('2026-09-06', format)})`,
          }))}
          value={dateFormat}
          onChange={(value) => value && setDateFormat(value as DateFormat)}
          allowDeselect={false}
          disabled={!editable}
        />
      </SimpleGrid>
      {editable ? (
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            disabled={!changed}
            onClick={() => {
              setTimeZone(stored.timeZone);
              setDateFormat(stored.dateFormat);
            }}
          >
            Cancel
          </Button>
          <Button
            disabled={!changed}
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { timeZone, dateFormat },
                {
                  onSuccess: () => notifications.show({ color: 'green', message: 'Time zone and date format saved' }),
                  onError: (error) =>
                    notifications.show({ color: 'red', message: isApiError(error) ? error.message : 'Saving failed' }),
                },
              )
            }
          >
            Save
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}

const TEXT_FIELDS: { key: keyof GeneralSettings; label: string; span?: number }[] = [
  { key: 'companyName', label: 'Company name' },
  { key: 'companyEmail', label: 'Company email' },
  { key: 'abn', label: 'ABN' },
  { key: 'phone', label: 'Phone' },
  { key: 'addressLine1', label: 'Address line 1' },
  { key: 'addressLine2', label: 'Address line 2' },
  { key: 'city', label: 'City' },
  { key: 'state', label: 'State' },
  { key: 'postalCode', label: 'Postal code' },
  { key: 'country', label: 'Country' },
  { key: 'website', label: 'Website' },
];

function GeneralSettingsCard({ settings, editable }: { settings: GeneralSettings; editable: boolean }) {
  const save = useSaveGeneralSettings();
  const form = useForm<GeneralSettings>({
    initialValues: settings,
    validate: (values) => {
      const parsed = generalSettingsSchema.safeParse(values);
      return parsed.success
        ? {}
        : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    },
  });
  useEffect(() => {
    if (!form.isDirty()) {
      form.setValues(settings);
      form.resetDirty(settings);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the stored settings change
  }, [settings]);
  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.setValues(saved);
        form.resetDirty(saved);
        notifications.show({ color: 'green', message: 'Settings saved successfully' });
      },
      onError: (error) => {
        form.setErrors(errorsOf(error));
        notifications.show({ color: 'red', message: isApiError(error) ? error.message : 'Saving failed' });
      },
    }),
  );
  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={submit} noValidate aria-labelledby="general">
      <Title order={2} fz="md" id="general">
        Company and system
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        The company details print on every invoice and receipt (a tax invoice needs the ABN).
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {TEXT_FIELDS.map((field) => (
          <TextInput key={field.key} label={field.label} disabled={!editable} {...form.getInputProps(field.key)} />
        ))}
      </SimpleGrid>
      <Stack gap="sm" mt="md">
        <Switch
          label="Maintenance mode"
          description="Only administrators may sign in; everyone else is signed out at once when it is turned on."
          disabled={!editable}
          {...form.getInputProps('maintenanceMode', { type: 'checkbox' })}
        />
        {form.values.maintenanceMode && !settings.maintenanceMode ? (
          <Alert color="orange" variant="light">
            Saving signs every user who is not an administrator out now.
          </Alert>
        ) : null}
        <Switch
          label="Auto backup"
          description="A backup of the whole database and the stored files every day at 02:00 in the firm's time zone; the newest 7 are kept (Data Management)."
          disabled={!editable}
          {...form.getInputProps('autoBackup', { type: 'checkbox' })}
        />
        <Switch
          label="Debug mode"
          description="The server writes detailed logs (log level debug) until it is turned off."
          disabled={!editable}
          {...form.getInputProps('debugMode', { type: 'checkbox' })}
        />
      </Stack>
      {editable ? (
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            disabled={!form.isDirty()}
            onClick={() => {
              form.setValues(settings);
              form.resetDirty(settings);
            }}
          >
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>
            Save
          </Button>
        </Group>
      ) : null}
    </Card>
  );
}
