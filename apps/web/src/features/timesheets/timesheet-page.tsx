// /timesheet (DECISIONS.md §3, docs/decisions/0019-timesheets.md): the week of the signed-in user (or, for
// supervisors and above, of the user picked in Approvals) as a grid of records by day with totals, entries
// added in a dialog and deleted after a confirmation, Submit week; Approvals (supervisors and above) approve
// or reject submitted weeks with a reason; Report sums hours per record and per user, with the CSV export.
import '@mantine/core/styles/NumberInput.css';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight, IconDownload, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  addDays,
  type ClientPage,
  fullNameOf,
  HOURS_BOUNDS,
  type LeadPage,
  roundHours,
  TIMESHEET_MESSAGES,
  TIMESHEET_WEEK_STATUS_COLORS,
  TIMESHEET_WEEK_STATUS_LABELS,
  type TimesheetEntry,
  type TimesheetWeek,
  timesheetExportFileName,
  weekDates,
  weekStartOf,
} from '@crm/domain';
import { DateField } from '../../components/date-field.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { api, isApiError } from '../../lib/api-client.ts';
import { useAuthorization } from '../../lib/authorization.ts';
import { fetchFile, saveFile } from '../../lib/file-requests.ts';
import { useDateFormat } from '../../lib/format.ts';
import { pageName, useDocumentTitle } from '../../lib/use-document-title.ts';
import {
  useAddEntry,
  useDecideWeek,
  useDeleteEntry,
  useSubmitWeek,
  useTimesheetReport,
  useTimesheetWeek,
  useWeeksToApprove,
} from './api/timesheets.ts';

const errorText = (error: unknown) => (error instanceof Error ? error.message : 'Something went wrong');
const hoursText = (hours: number) => hours.toFixed(2);

export function TimesheetPage() {
  useDocumentTitle(pageName('/timesheet'));
  const { can } = useAuthorization();
  const { today } = useDateFormat();
  const [tab, setTab] = useState<string | null>('week');
  const [weekStart, setWeekStart] = useState(() => weekStartOf(today()));
  const [viewing, setViewing] = useState<{ userId: string; name: string } | null>(null);
  const approver = can('timesheet:approve');

  return (
    <>
      <PageHeader title="Timesheet" subtitle="Log your hours against leads and clients, a week at a time" />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="week">Week</Tabs.Tab>
          {approver ? <Tabs.Tab value="approvals">Approvals</Tabs.Tab> : null}
          <Tabs.Tab value="report">Report</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="week">
          <WeekView
            weekStart={weekStart}
            onWeekStart={setWeekStart}
            viewing={viewing}
            onBackToOwn={() => setViewing(null)}
          />
        </Tabs.Panel>
        {approver ? (
          <Tabs.Panel value="approvals">
            <Approvals
              onView={(userId, name, start) => {
                setViewing({ userId, name });
                setWeekStart(start);
                setTab('week');
              }}
            />
          </Tabs.Panel>
        ) : null}
        <Tabs.Panel value="report">
          <Report />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function WeekView({
  weekStart,
  onWeekStart,
  viewing,
  onBackToOwn,
}: {
  weekStart: string;
  onWeekStart: (date: string) => void;
  viewing: { userId: string; name: string } | null;
  onBackToOwn: () => void;
}) {
  const { formatDate, formatDayMonth, today } = useDateFormat();
  const week = useTimesheetWeek(viewing?.userId ?? null, weekStart);
  const submit = useSubmitWeek();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TimesheetEntry | null>(null);
  const dates = weekDates(weekStart);

  const onSubmit = (w: TimesheetWeek) =>
    submit.mutate(
      { userId: w.userId, weekStart: w.weekStart },
      {
        onSuccess: () => notifications.show({ color: 'green', message: TIMESHEET_MESSAGES.submitted }),
        onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Tooltip label="Previous week">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Previous week"
              onClick={() => onWeekStart(addDays(weekStart, -7))}
            >
              <IconChevronLeft size={18} />
            </ActionIcon>
          </Tooltip>
          <Text fw={600} data-testid="week-range">
            {formatDate(dates[0])} – {formatDate(dates[6])}
          </Text>
          <Tooltip label="Next week">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label="Next week"
              onClick={() => onWeekStart(addDays(weekStart, 7))}
            >
              <IconChevronRight size={18} />
            </ActionIcon>
          </Tooltip>
          <Button variant="subtle" size="compact-sm" onClick={() => onWeekStart(weekStartOf(today()))}>
            This week
          </Button>
        </Group>
        {week.data ? (
          <Group gap="sm">
            <Badge color={TIMESHEET_WEEK_STATUS_COLORS[week.data.status]} variant="light" size="lg">
              {TIMESHEET_WEEK_STATUS_LABELS[week.data.status]}
            </Badge>
            {week.data.editable ? (
              <>
                <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                  Add time
                </Button>
                <Button
                  onClick={() => onSubmit(week.data)}
                  loading={submit.isPending}
                  disabled={week.data.entries.length === 0}
                >
                  Submit week
                </Button>
              </>
            ) : null}
          </Group>
        ) : null}
      </Group>
      {viewing ? (
        <Alert color="blue" variant="light">
          <Group justify="space-between">
            <Text size="sm">Timesheet of {viewing.name}</Text>
            <Button size="compact-sm" variant="subtle" onClick={onBackToOwn}>
              Back to my timesheet
            </Button>
          </Group>
        </Alert>
      ) : null}
      {week.isPending ? (
        <Group justify="center" p="xl">
          <Loader size="sm" />
          <Text>Loading...</Text>
        </Group>
      ) : week.isError ? (
        <Alert color="red" title="Could not load the timesheet">
          <Group justify="space-between">
            <Text size="sm">{errorText(week.error)}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void week.refetch()}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : (
        <>
          <WeekNotes week={week.data} formatDate={formatDate} />
          <WeekGrid week={week.data} dates={dates} formatDayMonth={formatDayMonth} />
          <EntryList week={week.data} formatDate={formatDate} onDelete={setDeleting} />
        </>
      )}
      {adding && week.data ? <AddEntryDialog dates={dates} onClose={() => setAdding(false)} /> : null}
      <DeleteEntryDialog entry={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function WeekNotes({ week, formatDate }: { week: TimesheetWeek; formatDate: (d: string | null) => string }) {
  if (week.status === 'rejected' && week.reason) {
    return (
      <Alert color="red" variant="light" title="Returned for changes">
        {week.reason}
      </Alert>
    );
  }
  if (week.status === 'approved') {
    return (
      <Text size="sm" c="dimmed">
        Approved{week.approvedByName ? ` by ${week.approvedByName}` : ''}
        {week.approvedAt ? ` on ${formatDate(week.approvedAt)}` : ''}; this week is locked.
      </Text>
    );
  }
  if (week.status === 'submitted') {
    return (
      <Text size="sm" c="dimmed">
        Submitted; waiting for a supervisor&apos;s approval.
      </Text>
    );
  }
  return null;
}

/**
 * One row per record, a cell per day, totals per record, per day and for the week. The tables scroll
 * sideways on a phone; their scroll areas take the keyboard focus so they can be scrolled without a mouse.
 */
function WeekGrid({
  week,
  dates,
  formatDayMonth,
}: {
  week: TimesheetWeek;
  dates: string[];
  formatDayMonth: (d: string) => string;
}) {
  const records = new Map<string, { name: string; byDay: Map<string, number> }>();
  for (const e of week.entries) {
    const key = e.leadId ?? e.clientId ?? '';
    const row = records.get(key) ?? { name: e.recordName, byDay: new Map<string, number>() };
    row.byDay.set(e.date, roundHours((row.byDay.get(e.date) ?? 0) + e.hours));
    records.set(key, row);
  }
  const dayTotal = (date: string) =>
    roundHours(week.entries.filter((e) => e.date === date).reduce((sum, e) => sum + e.hours, 0));
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return (
    <Table.ScrollContainer minWidth={720} type="native" tabIndex={0}>
      <Table striped withTableBorder aria-label="Hours by record and day">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lead or client</Table.Th>
            {dates.map((d, i) => (
              <Table.Th key={d} ta="right">
                {weekdays[i]} {formatDayMonth(d)}
              </Table.Th>
            ))}
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.size === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={9}>
                <Text c="dimmed" ta="center" py="md">
                  {TIMESHEET_MESSAGES.noEntries}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            [...records.entries()].map(([key, row]) => (
              <Table.Tr key={key}>
                <Table.Td>{row.name}</Table.Td>
                {dates.map((d) => (
                  <Table.Td key={d} ta="right">
                    {row.byDay.has(d) ? hoursText(row.byDay.get(d)!) : ''}
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={600}>
                  {hoursText(roundHours([...row.byDay.values()].reduce((a, b) => a + b, 0)))}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            {dates.map((d) => (
              <Table.Th key={d} ta="right">
                {hoursText(dayTotal(d))}
              </Table.Th>
            ))}
            <Table.Th ta="right" data-testid="week-total">
              {hoursText(week.totalHours)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

function EntryList({
  week,
  formatDate,
  onDelete,
}: {
  week: TimesheetWeek;
  formatDate: (d: string) => string;
  onDelete: (entry: TimesheetEntry) => void;
}) {
  if (week.entries.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
      <Table aria-label="Entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Lead or client</Table.Th>
            <Table.Th ta="right">Hours</Table.Th>
            <Table.Th>Description</Table.Th>
            {week.editable ? <Table.Th aria-label="Actions" /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {week.entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>{formatDate(e.date)}</Table.Td>
              <Table.Td>
                {e.recordName}
                {e.taskName ? (
                  <Text size="xs" c="dimmed">
                    {e.taskName}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ta="right">{hoursText(e.hours)}</Table.Td>
              <Table.Td>{e.description}</Table.Td>
              {week.editable ? (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete entry of ${formatDate(e.date)} for ${e.recordName}`}
                    onClick={() => onDelete(e)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

type PickedRecord = { type: 'lead' | 'client'; id: string };

/** A search over the leads and clients the user may see. */
function RecordPicker({
  value,
  onPick,
  error,
}: {
  value: string | null;
  onPick: (r: PickedRecord | null) => void;
  error?: string;
}) {
  const [search, setSearch] = useState('');
  const [term] = useDebouncedValue(search, 300);
  const query = term.trim() ? `&search=${encodeURIComponent(term.trim())}` : '';
  const clients = useQuery({
    queryKey: ['client', 'picker', term],
    queryFn: ({ signal }) => api.get<ClientPage>(`/api/clients?pageSize=50${query}`, { signal }),
    staleTime: 30_000,
  });
  const leads = useQuery({
    queryKey: ['lead', 'picker', term],
    queryFn: ({ signal }) => api.get<LeadPage>(`/api/leads?pageSize=50${query}`, { signal }),
    staleTime: 30_000,
  });
  const groups = [
    { group: 'Clients', type: 'client' as const, items: clients.data?.items ?? [] },
    { group: 'Leads', type: 'lead' as const, items: leads.data?.items ?? [] },
  ];
  const types = new Map<string, PickedRecord['type']>();
  const data = groups
    .map((g) => ({
      group: g.group,
      items: g.items.map((r) => {
        types.set(r.id, g.type);
        return { value: r.id, label: `${fullNameOf(r)} · ${r.email}` };
      }),
    }))
    .filter((g) => g.items.length > 0);
  return (
    <Select
      label="Lead or client"
      placeholder="Search by name or email"
      required
      searchable
      clearable
      data={data}
      value={value}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      nothingFoundMessage={clients.isFetching || leads.isFetching ? 'Searching...' : 'No clients or leads found'}
      onChange={(id) => onPick(id ? { id, type: types.get(id) ?? 'lead' } : null)}
      error={error}
    />
  );
}

function AddEntryDialog({ dates, onClose }: { dates: string[]; onClose: () => void }) {
  const { formatDate, today } = useDateFormat();
  const add = useAddEntry();
  const [date, setDate] = useState(() => (dates.includes(today()) ? today() : dates[0]!));
  const [record, setRecord] = useState<PickedRecord | null>(null);
  const [hours, setHours] = useState<number | string>('');
  const [description, setDescription] = useState('');
  const fieldErrors = isApiError(add.error) ? add.error.fieldErrors : {};
  const save = () =>
    add.mutate(
      {
        date,
        hours: typeof hours === 'number' ? hours : Number.NaN,
        ...(record ? { [record.type === 'lead' ? 'leadId' : 'clientId']: record.id } : {}),
        description,
      },
      { onSuccess: onClose },
    );
  return (
    <Modal opened onClose={onClose} title="Add time">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <Select
            label="Date"
            required
            allowDeselect={false}
            data={dates.map((d) => ({ value: d, label: formatDate(d) }))}
            value={date}
            onChange={(d) => d && setDate(d)}
            error={fieldErrors.date?.[0]}
          />
          <RecordPicker
            value={record?.id ?? null}
            onPick={setRecord}
            error={fieldErrors.leadId?.[0] ?? fieldErrors.clientId?.[0]}
          />
          <NumberInput
            label="Hours"
            required
            min={HOURS_BOUNDS.min}
            max={HOURS_BOUNDS.max}
            step={0.25}
            decimalScale={2}
            value={hours}
            onChange={setHours}
            error={fieldErrors.hours?.[0]}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={fieldErrors.description?.[0]}
          />
          {add.isError && Object.keys(fieldErrors).length === 0 ? (
            <Alert color="red">{errorText(add.error)}</Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function DeleteEntryDialog({ entry, onClose }: { entry: TimesheetEntry | null; onClose: () => void }) {
  const { formatDate } = useDateFormat();
  const remove = useDeleteEntry();
  return (
    <Modal opened={entry !== null} onClose={onClose} title="Delete entry">
      {entry ? (
        <Stack gap="md">
          <Text size="sm">
            Delete {hoursText(entry.hours)} hours on {formatDate(entry.date)} for {entry.recordName}?
          </Text>
          {remove.isError ? <Alert color="red">{errorText(remove.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              onClick={() => remove.mutate(entry.id, { onSuccess: onClose })}
            >
              Delete
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

function Approvals({ onView }: { onView: (userId: string, name: string, weekStart: string) => void }) {
  const { formatDate } = useDateFormat();
  const weeks = useWeeksToApprove(true);
  const decide = useDecideWeek();
  const [rejecting, setRejecting] = useState<{ userId: string; userName: string; weekStart: string } | null>(null);
  const [reason, setReason] = useState('');
  const approve = (userId: string, weekStart: string) =>
    decide.mutate(
      { userId, weekStart },
      {
        onSuccess: () => notifications.show({ color: 'green', message: TIMESHEET_MESSAGES.approved }),
        onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
      },
    );
  if (weeks.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader size="sm" />
        <Text>Loading...</Text>
      </Group>
    );
  }
  if (weeks.isError) {
    return (
      <Alert color="red" title="Could not load the weeks waiting for approval">
        <Button size="compact-sm" variant="default" onClick={() => void weeks.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const rejectError = isApiError(decide.error) ? decide.error.fieldErrors.reason?.[0] : undefined;
  return (
    <>
      <Table.ScrollContainer minWidth={560} type="native" tabIndex={0}>
        <Table aria-label="Weeks waiting for approval">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Staff</Table.Th>
              <Table.Th>Week</Table.Th>
              <Table.Th ta="right">Hours</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {weeks.data.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed" ta="center" py="md">
                    {TIMESHEET_MESSAGES.noApprovals}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              weeks.data.map((w) => (
                <Table.Tr key={`${w.userId}:${w.weekStart}`}>
                  <Table.Td>{w.userName}</Table.Td>
                  <Table.Td>{formatDate(w.weekStart)}</Table.Td>
                  <Table.Td ta="right">{hoursText(w.totalHours)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        onClick={() => onView(w.userId, w.userName, w.weekStart)}
                      >
                        View
                      </Button>
                      <Button
                        size="compact-sm"
                        aria-label={`Approve week of ${formatDate(w.weekStart)} for ${w.userName}`}
                        onClick={() => approve(w.userId, w.weekStart)}
                      >
                        Approve
                      </Button>
                      <Button
                        size="compact-sm"
                        color="red"
                        variant="light"
                        aria-label={`Reject week of ${formatDate(w.weekStart)} for ${w.userName}`}
                        onClick={() => {
                          decide.reset();
                          setReason('');
                          setRejecting(w);
                        }}
                      >
                        Reject
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Modal opened={rejecting !== null} onClose={() => setRejecting(null)} title="Reject week">
        {rejecting ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              decide.mutate(
                { userId: rejecting.userId, weekStart: rejecting.weekStart, reject: { reason } },
                {
                  onSuccess: () => {
                    setRejecting(null);
                    notifications.show({ color: 'green', message: TIMESHEET_MESSAGES.rejected });
                  },
                },
              );
            }}
          >
            <Stack gap="sm">
              <Text size="sm">
                Send the week of {formatDate(rejecting.weekStart)} back to {rejecting.userName}.
              </Text>
              <Textarea
                label="Reason"
                required
                autosize
                minRows={2}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={rejectError}
              />
              {decide.isError && !rejectError ? <Alert color="red">{errorText(decide.error)}</Alert> : null}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setRejecting(null)}>
                  Cancel
                </Button>
                <Button type="submit" color="red" loading={decide.isPending}>
                  Reject
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Modal>
    </>
  );
}

function Report() {
  const { can } = useAuthorization();
  const { today } = useDateFormat();
  const [from, setFrom] = useState(() => `${today().slice(0, 7)}-01`);
  const [to, setTo] = useState(() => today());
  const valid = Boolean(from && to && from <= to);
  const report = useTimesheetReport(from, to, valid);
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      saveFile(await fetchFile(`/api/timesheets/export?from=${from}&to=${to}`), timesheetExportFileName(from, to));
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <DateField kind="document" label="From" value={from} onChange={setFrom} w={180} />
        <DateField
          kind="document"
          label="To"
          value={to}
          onChange={setTo}
          w={180}
          error={valid ? undefined : TIMESHEET_MESSAGES.rangeOrder}
        />
        {can('timesheet:export') ? (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporting}
            disabled={!valid}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        ) : null}
      </Group>
      {!valid ? null : report.isPending ? (
        <Group justify="center" p="xl">
          <Loader size="sm" />
          <Text>Loading...</Text>
        </Group>
      ) : report.isError ? (
        <Alert color="red" title="Could not load the report">
          {errorText(report.error)}
        </Alert>
      ) : report.data.byUser.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {TIMESHEET_MESSAGES.noReport}
        </Text>
      ) : (
        <>
          <Text fw={600}>Total: {hoursText(report.data.totalHours)} hours</Text>
          <Table.ScrollContainer minWidth={360} type="native" tabIndex={0}>
            <Table aria-label="Hours per record" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Lead or client</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">Hours</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.data.byRecord.map((r) => (
                  <Table.Tr key={r.recordId}>
                    <Table.Td>{r.recordName}</Table.Td>
                    <Table.Td>{r.recordType === 'lead' ? 'Lead' : 'Client'}</Table.Td>
                    <Table.Td ta="right">{hoursText(r.hours)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Table.ScrollContainer minWidth={360} type="native" tabIndex={0}>
            <Table aria-label="Hours per user" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Staff</Table.Th>
                  <Table.Th ta="right">Hours</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.data.byUser.map((u) => (
                  <Table.Tr key={u.userId}>
                    <Table.Td>{u.userName}</Table.Td>
                    <Table.Td ta="right">{hoursText(u.hours)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
