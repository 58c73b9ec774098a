// The firm's password policy (GET /api/auth/password-policy, public: the reset link's page needs it before
// sign-in). Under 'settings', so saving the security settings refreshes every open password form.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_PASSWORD_POLICY, type PasswordPolicy } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';

/**
 * The stored policy; until it has arrived, the default one (all four classes, 8), which is what the server
 * applies to a firm that changed nothing. The server checks again either way.
 */
export function usePasswordPolicy(): PasswordPolicy {
  const { data } = useQuery(
    queryOptions({
      queryKey: ['settings', 'password-policy'],
      queryFn: ({ signal }) => answer(server.GET('/api/auth/password-policy', { signal })),
    }),
  );
  return data ?? DEFAULT_PASSWORD_POLICY;
}
