// Timesheet requests (/api/timesheets). Everything sits under the 'timesheet' key, which the change event
// of a user's timesheet refreshes for its author and the approvers (lib/live-updates.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TimesheetEntry,
  TimesheetEntryPatch,
  TimesheetReport,
  TimesheetWeek,
  TimesheetApprovalQueue,
} from '@crm/domain';
import { api } from '../../../lib/api-client.ts';

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
      api.get<TimesheetWeek>(
        `/api/timesheets?weekStart=${weekStart}${userId ? `&userId=${encodeURIComponent(userId)}` : ''}`,
        { signal },
      ),
  });

export const useWeeksToApprove = (enabled: boolean) =>
  useQuery({
    queryKey: timesheetKeys.approvals,
    queryFn: ({ signal }) => api.get<TimesheetApprovalQueue>('/api/timesheets/weeks', { signal }),
    enabled,
  });

export const useTimesheetReport = (from: string, to: string, enabled: boolean) =>
  useQuery({
    queryKey: timesheetKeys.report(from, to),
    queryFn: ({ signal }) => api.get<TimesheetReport>(`/api/timesheets/report?from=${from}&to=${to}`, { signal }),
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
function useTimesheetMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: timesheetKeys.all }),
  });
}

export const useAddEntry = () =>
  useTimesheetMutation((body: EntryBody) => api.post<TimesheetEntry>('/api/timesheets', body));

/** PATCH /api/timesheets/{id}: the hours, description or task of an own entry, with the version last read. */
export const useUpdateEntry = () =>
  useTimesheetMutation(({ id, patch }: { id: string; patch: TimesheetEntryPatch }) =>
    api.patch<TimesheetEntry>(`/api/timesheets/${encodeURIComponent(id)}`, patch),
  );

export const useDeleteEntry = () =>
  useTimesheetMutation((id: string) => api.delete<{ message: string }>(`/api/timesheets/${id}`));

const weekPath = (userId: string, weekStart: string, step: string) =>
  `/api/timesheets/weeks/${userId}/${weekStart}/${step}`;

export const useSubmitWeek = () =>
  useTimesheetMutation((week: { userId: string; weekStart: string }) =>
    api.post<TimesheetWeek>(weekPath(week.userId, week.weekStart, 'submit'), {}),
  );

export const useDecideWeek = () =>
  useTimesheetMutation((d: { userId: string; weekStart: string; reject?: { reason: string } }) =>
    d.reject
      ? api.post<TimesheetWeek>(weekPath(d.userId, d.weekStart, 'reject'), d.reject)
      : api.post<TimesheetWeek>(weekPath(d.userId, d.weekStart, 'approve'), {}),
  );
