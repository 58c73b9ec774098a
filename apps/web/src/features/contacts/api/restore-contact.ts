// POST /api/contacts/:id/restore: brings a contact back as a lead or as a client, with notes (one transaction).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RestoreContactInput } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';

/** 'smart' asks the server to choose (POST /api/contacts/:id/revert, spec 2 §4 smart revert). */
export type RestoreContactVariables = { id: string; type: RestoreContactInput['type'] | 'smart'; notes: string };

export function useRestoreContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, type, notes }: RestoreContactVariables) =>
      type === 'smart'
        ? answer(server.POST('/api/contacts/{id}/revert', { params: { path: { id } }, body: { notes } }))
        : answer(server.POST('/api/contacts/{id}/restore', { params: { path: { id } }, body: { type, notes } })),
    // The contact leaves the archive and a lead or client appears: refresh this tab at once (other tabs
    // follow the server's change event).
    onSuccess: () => refreshAfterWrite(queryClient, 'contact'),
  });
}
