// /timesheet (DECISIONS.md §3, docs/decisions/0019-timesheets.md): the week of the signed-in user (or, for
// supervisors and above, of the user picked in Approvals) as a grid of records by day with totals and the
// list of its entries — added in a dialog, their hours and description changed in place, deleted after a
// confirmation — and Submit week; Approvals (supervisors and above) approve or reject submitted weeks with a
// reason; Report sums hours per record and per user, with the CSV export. The pieces live in components/.
import { ActionIcon, Alert, Badge, Button, Group, Loader, Stack, Tabs, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  addDays,
  TIMESHEET_MESSAGES,
  TIMESHEET_WEEK_STATUS_COLORS,
  TIMESHEET_WEEK_STATUS_LABELS,
  type TimesheetEntry,
  type TimesheetWeek,
  weekDates,
  weekStartOf,
} from '@crm/domain';
import { PageHeader } from '../../components/page-header.tsx';
import { useAuthorization } from '../../lib/authorization.ts';
import { useDateFormat } from '../../lib/format.ts';
import { pageName, useDocumentTitle } from '../../lib/use-document-title.ts';
import { useSubmitWeek, useTimesheetWeek } from './api/timesheets.ts';
import { Approvals } from './components/approvals.tsx';
import { AddEntryDialog, DeleteEntryDialog } from './components/entry-dialogs.tsx';
import { EntryList } from './components/entry-list.tsx';
import { Report } from './components/report.tsx';
import { WeekGrid } from './components/week-grid.tsx';
import { errorText } from './timesheet-format.ts';

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
          <EntryList key={week.data.weekStart} week={week.data} formatDate={formatDate} onDelete={setDeleting} />
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
