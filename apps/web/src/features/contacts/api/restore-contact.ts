// POST /api/contacts/:id/restore: brings a contact back as a lead or as a client, with notes (one transaction).
import type { RestoreContactInput } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';

/** 'smart' asks the server to choose (POST /api/contacts/:id/revert, spec 2 §4 smart revert). */
export type RestoreContactVariables = { id: string; type: RestoreContactInput['type'] | 'smart'; notes: string };

export function useRestoreContact() {
  // follow the server's change event).
  return useWrite('contact', ({ id, type, notes }: RestoreContactVariables) =>
    type === 'smart'
      ? answer(server.POST('/api/contacts/{id}/revert', { params: { path: { id } }, body: { notes } }))
      : answer(server.POST('/api/contacts/{id}/restore', { params: { path: { id } }, body: { type, notes } })),
  );
}
