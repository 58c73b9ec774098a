// GET /api/{leads|clients}/:id/history: the History tab's entries. Keyed under the record's type, so the
// record's own change events (every save, conversion, archive) refresh it live.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RecordHistoryEntry } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';

export type HistoryOwner = { type: 'lead' | 'client'; id: string };

export const useRecordHistory = (owner: HistoryOwner) =>
  useQuery(
    queryOptions({
      queryKey: [owner.type, 'history', owner.id],
      queryFn: ({ signal }) =>
        api.get<RecordHistoryEntry[]>(`/api/${owner.type}s/${encodeURIComponent(owner.id)}/history`, { signal }),
      staleTime: 30_000,
    }),
  );
