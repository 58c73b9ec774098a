// DELETE /api/leads/:id or /api/clients/:id: soft delete to Deleted Items (administrator,
// account_administrator); the server applies its default reason.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordType } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { refreshAfterWrite } from '../../../lib/refresh.ts';

export type DeleteRecordVariables = { type: RecordType; id: string };

export function useDeleteRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id }: DeleteRecordVariables) =>
      type === 'lead'
        ? answer(server.DELETE('/api/leads/{id}', { params: { path: { id } } }))
        : answer(server.DELETE('/api/clients/{id}', { params: { path: { id } } })),
    // The change event does the same for other tabs; this one should not wait for it.
    onSuccess: (_, { type }) => refreshAfterWrite(queryClient, type),
  });
}
