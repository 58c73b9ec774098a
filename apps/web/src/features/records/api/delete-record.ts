// DELETE /api/leads/:id or /api/clients/:id: soft delete to Deleted Items (administrator,
// account_administrator); the server applies its default reason.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordType } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';

export type DeleteRecordVariables = { type: RecordType; id: string };

const pathOf = ({ type, id }: DeleteRecordVariables) =>
  `/api/${type === 'lead' ? 'leads' : 'clients'}/${encodeURIComponent(id)}`;

export function useDeleteRecord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: DeleteRecordVariables) => api.delete(pathOf(variables), {}),
    onSuccess: (_, { type }) => {
      // The change event does the same for other tabs; this one should not wait for it.
      void queryClient.invalidateQueries({ queryKey: ['record'] });
      void queryClient.invalidateQueries({ queryKey: [type] });
    },
  });
}
