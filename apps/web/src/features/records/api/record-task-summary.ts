// The tasks-and-notes summary of one record (spec 1 §3.5), shown in the Desired Visa hover card.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordType } from '@crm/domain';

export type TaskNoteSummary = {
  totalTasks: number;
  /** Tasks with status pending or in_progress. */
  pendingTasks: number;
  totalNotes: number;
  lastNoteContent: string | null;
  lastNoteDate: string | null;
};

/**
 * Tasks and notes (spec 2) have no API yet, so every record has none. When the tasks feature adds
 * its summary request, fetch it here: the card already shows loading, failure and the figures.
 */
async function fetchTaskNoteSummary(): Promise<TaskNoteSummary | null> {
  return null;
}

export const recordTaskSummaryQueryOptions = (type: RecordType, id: string) =>
  queryOptions({
    queryKey: ['record', 'task-summary', type, id],
    queryFn: fetchTaskNoteSummary,
    // Spec 1 §9: task counts stay fresh 30 s.
    staleTime: 30_000,
  });

/** Fetched only while the card is open, so a page of rows does not ask for 50 summaries. */
export const useRecordTaskSummary = (type: RecordType, id: string, enabled: boolean) =>
  useQuery({ ...recordTaskSummaryQueryOptions(type, id), enabled });
