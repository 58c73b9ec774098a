// The signed-in user and the module access the server enforces (GET /api/auth/session).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser, ModuleAccess } from '@crm/domain';
import { answer, isApiError, server } from '../../../lib/api-client.ts';

export type Session = { user: CurrentUser; moduleAccess: ModuleAccess };

export const sessionQueryKey = ['session'] as const;

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async (): Promise<Session | null> => {
    try {
      return await answer(server.GET('/api/auth/session'));
    } catch (error) {
      if (isApiError(error) && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 5 * 60_000,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}
