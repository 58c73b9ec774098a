// GET /api/{leads|clients}/:id/history: the History tab's entries. Keyed under the record's type, so the
// record's own change events (every save, conversion, archive) refresh it live.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';

export type HistoryOwner = { type: 'lead' | 'client'; id: string };

export const useRecordHistory = (owner: HistoryOwner) =>
  useQuery(
    queryOptions({
      queryKey: [owner.type, 'history', owner.id],
      queryFn: ({ signal }) => {
        const options = { params: { path: { id: owner.id } }, signal };
        return owner.type === 'lead'
          ? answer(server.GET('/api/leads/{id}/history', options))
          : answer(server.GET('/api/clients/{id}/history', options));
      },
      staleTime: 30_000,
    }),
  );
