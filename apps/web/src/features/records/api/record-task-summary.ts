// GET /api/leads/{id}/task-summary and /api/clients/{id}/task-summary: the tasks-and-notes summary of one
// record (spec 2 "Task summary"), shown in the Desired Visa hover card.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordType, TaskSummary } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';

export type TaskNoteSummary = TaskSummary;

export const recordTaskSummaryQueryOptions = (type: RecordType, id: string) =>
  queryOptions({
    queryKey: ['record', 'task-summary', type, id],
    queryFn: ({ signal }) => {
      const options = { params: { path: { id } }, signal };
      return type === 'lead'
        ? answer(server.GET('/api/leads/{id}/task-summary', options))
        : answer(server.GET('/api/clients/{id}/task-summary', options));
    },
    // Spec 2 §9: task counts stay fresh 30 s.
    staleTime: 30_000,
  });

/** Fetched only while the card is open, so a page of rows does not ask for 50 summaries. */
export const useRecordTaskSummary = (type: RecordType, id: string, enabled: boolean) =>
  useQuery({ ...recordTaskSummaryQueryOptions(type, id), enabled });
