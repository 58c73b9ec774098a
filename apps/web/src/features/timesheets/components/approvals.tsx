// The Approvals tab (supervisors and above): the submitted weeks, each approved at once or rejected with a
// reason; View opens the week in the Week tab.
import { Alert, Button, Group, Loader, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { TIMESHEET_MESSAGES } from '@crm/domain';
import { isApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { useDecideWeek, useWeeksToApprove } from '../api/timesheets.ts';
import { errorText, hoursText } from '../timesheet-format.ts';
import { GuardedModal } from '../../../components/close-guard.tsx';

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
            {weeks.data.weeks.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed" ta="center" py="md">
                    {TIMESHEET_MESSAGES.noApprovals}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              weeks.data.weeks.map((w) => (
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
