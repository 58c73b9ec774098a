// The Approvals tab (supervisors and above): the submitted weeks, each approved at once or rejected with a
// reason; View opens the week in the Week tab. On a phone the week and its hours go under the name.
import { Alert, Box, Button, Card, Group, Loader, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { TIMESHEET_MESSAGES, type TimesheetWeekSummary } from '@crm/domain';
import { FoldedText } from '../../../components/list-table/folded-text.tsx';
import { ListCell, type ListColumn, ListTable, useListLayout } from '../../../components/list-table/list-table.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { useDecideWeek, useWeeksToApprove } from '../api/timesheets.ts';
import { errorText, hoursText } from '../timesheet-format.ts';
import { GuardedModal } from '../../../components/close-guard.tsx';

const COLUMNS: readonly ListColumn[] = [
  { key: 'staff', label: 'Staff' },
  { key: 'week', label: 'Week', width: 130, minListWidth: 560 },
  { key: 'hours', label: 'Hours', width: 90, minListWidth: 560, align: 'right' },
];
/** View, Approve and Reject side by side; on a phone they go under the name, across the row. */
const ACTIONS = { width: 250, compactWidth: 48, labelHidden: true };

/** 'Nothing waiting', across the row. */
function NoWeeksRow() {
  const { span } = useListLayout();
  return (
    <Table.Tr>
      <Table.Td colSpan={span}>
        <Text c="dimmed" ta="center" py="md">
          {TIMESHEET_MESSAGES.noApprovals}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

function WeekRow({
  week,
  onView,
  onApprove,
  onReject,
}: {
  week: TimesheetWeekSummary;
  onView: () => void;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { formatDate } = useDateFormat();
  const { compact, span } = useListLayout();
  const buttons = (
    <Group gap="xs" justify={compact ? undefined : 'flex-end'} wrap="nowrap">
      <Button size="compact-sm" variant="subtle" onClick={onView}>
        View
      </Button>
      <Button
        size="compact-sm"
        aria-label={`Approve week of ${formatDate(week.weekStart)} for ${week.userName}`}
        onClick={onApprove}
      >
        Approve
      </Button>
      <Button
        size="compact-sm"
        color="red"
        variant="light"
        aria-label={`Reject week of ${formatDate(week.weekStart)} for ${week.userName}`}
        onClick={onReject}
      >
        Reject
      </Button>
    </Group>
  );
  return (
    <Table.Tr>
      <Table.Td colSpan={compact ? span : undefined}>
        {week.userName}
        <FoldedText
          lines={[
            [
              ['week', `Week of ${formatDate(week.weekStart)}`],
              ['hours', `${hoursText(week.totalHours)} hours`],
            ],
          ]}
        />
        {compact ? <Box mt="xs">{buttons}</Box> : null}
      </Table.Td>
      <ListCell column="week">{formatDate(week.weekStart)}</ListCell>
      <ListCell column="hours" ta="right">
        {hoursText(week.totalHours)}
      </ListCell>
      {compact ? null : <Table.Td>{buttons}</Table.Td>}
    </Table.Tr>
  );
}

export function Approvals({ onView }: { onView: (userId: string, name: string, weekStart: string) => void }) {
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
      <Card withBorder padding={0} radius="md">
        <ListTable label="Weeks waiting for approval" columns={COLUMNS} actions={ACTIONS} loading={false}>
          {weeks.data.weeks.length === 0 ? (
            <NoWeeksRow />
          ) : (
            weeks.data.weeks.map((w) => (
              <WeekRow
                key={`${w.userId}:${w.weekStart}`}
                week={w}
                onView={() => onView(w.userId, w.userName, w.weekStart)}
                onApprove={() => approve(w.userId, w.weekStart)}
                onReject={() => {
                  decide.reset();
                  setReason('');
                  setRejecting(w);
                }}
              />
            ))
          )}
        </ListTable>
      </Card>
      {weeks.data.waiting > weeks.data.weeks.length ? (
        <Text size="sm" c="dimmed" mt="xs">
          The {weeks.data.weeks.length.toLocaleString('en-AU')} oldest of {weeks.data.waiting.toLocaleString('en-AU')}{' '}
          weeks waiting; the next ones move up as these are decided.
        </Text>
      ) : null}
      <GuardedModal
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        unsavedEdits={reason.trim() !== ''}
        title="Reject week"
      >
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
      </GuardedModal>
    </>
  );
}
