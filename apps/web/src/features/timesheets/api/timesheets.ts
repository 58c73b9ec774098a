// Timesheet requests (/api/timesheets). Everything sits under the 'timesheet' key, which the change event
// of a user's timesheet refreshes for its author and the approvers (lib/live-updates.ts).
import { useQuery } from '@tanstack/react-query';
import type { TimesheetEntryPatch } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';

export const timesheetKeys = {
  all: ['timesheet'] as const,
  week: (userId: string | null, weekStart: string) => ['timesheet', 'week', userId ?? 'me', weekStart] as const,
  approvals: ['timesheet', 'approvals'] as const,
  report: (from: string, to: string) => ['timesheet', 'report', from, to] as const,
};

export const useTimesheetWeek = (userId: string | null, weekStart: string) =>
  useQuery({
    queryKey: timesheetKeys.week(userId, weekStart),
    queryFn: ({ signal }) =>
      answer(server.GET('/api/timesheets', { params: { query: { weekStart, userId: userId || undefined } }, signal })),
  });

export const useWeeksToApprove = (enabled: boolean) =>
  useQuery({
    queryKey: timesheetKeys.approvals,
    queryFn: ({ signal }) => answer(server.GET('/api/timesheets/weeks', { signal })),
    enabled,
  });

export const useTimesheetReport = (from: string, to: string, enabled: boolean) =>
  useQuery({
    queryKey: timesheetKeys.report(from, to),
    queryFn: ({ signal }) => answer(server.GET('/api/timesheets/report', { params: { query: { from, to } }, signal })),
    enabled,
  });

export type EntryBody = {
  date: string;
  hours: number;
  leadId?: string;
  clientId?: string;
  taskId?: string;
  description: string;
};

/**
 * Any timesheet write: the week, approvals and report are read again — after a refusal too, since a stale
 * version or a week locked meanwhile means what the screen shows is out of date.
 */
const useTimesheetMutation = <V, R>(send: (variables: V) => Promise<R>) =>
  useWrite('timesheet', send, { refreshAfterRefusal: true });

export const useAddEntry = () =>
  useTimesheetMutation((body: EntryBody) => answer(server.POST('/api/timesheets', { body })));

/** PATCH /api/timesheets/{id}: the hours, description or task of an own entry, with the version last read. */
export const useUpdateEntry = () =>
  useTimesheetMutation(({ id, patch }: { id: string; patch: TimesheetEntryPatch }) =>
    answer(server.PATCH('/api/timesheets/{id}', { params: { path: { id } }, body: patch })),
  );

export const useDeleteEntry = () =>
  useTimesheetMutation((id: string) => answer(server.DELETE('/api/timesheets/{id}', { params: { path: { id } } })));

export const useSubmitWeek = () =>
  useTimesheetMutation(({ userId, weekStart }: { userId: string; weekStart: string }) =>
    answer(
      server.POST('/api/timesheets/weeks/{userId}/{weekStart}/submit', { params: { path: { userId, weekStart } } }),
    ),
  );

export const useDecideWeek = () =>
  useTimesheetMutation(
    ({ userId, weekStart, reject }: { userId: string; weekStart: string; reject?: { reason: string } }) => {
      const params = { path: { userId, weekStart } };
      return reject
        ? answer(server.POST('/api/timesheets/weeks/{userId}/{weekStart}/reject', { params, body: reject }))
        : answer(server.POST('/api/timesheets/weeks/{userId}/{weekStart}/approve', { params }));
    },
  );
