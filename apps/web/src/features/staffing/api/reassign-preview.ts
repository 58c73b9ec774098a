// GET /api/staffing/{userId}/reassign-preview: what moving a person's open work to the chosen user would move.
import { useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { staffingKey } from './staffing-directory.ts';

export const useReassignPreview = (fromUserId: string | null, toUserId: string | null) =>
  useQuery({
    queryKey: [...staffingKey, 'preview', fromUserId, toUserId],
    queryFn: ({ signal }) =>
      answer(
        server.GET('/api/staffing/{userId}/reassign-preview', {
          params: { path: { userId: fromUserId! }, query: { toUserId: toUserId! } },
          signal,
        }),
      ),
    enabled: Boolean(fromUserId && toUserId),
    // The preview is what the user confirms: always the current count.
    staleTime: 0,
  });
