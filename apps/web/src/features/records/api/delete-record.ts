// DELETE /api/leads/:id or /api/clients/:id: soft delete to Deleted Items (administrator,
// account_administrator); the server applies its default reason.
import type { RecordType } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';

export type DeleteRecordVariables = { type: RecordType; id: string };

export function useDeleteRecord() {
  return useWrite(
    ({ type }: DeleteRecordVariables) => type,
    ({ type, id }: DeleteRecordVariables) =>
      type === 'lead'
        ? answer(server.DELETE('/api/leads/{id}', { params: { path: { id } } }))
        : answer(server.DELETE('/api/clients/{id}', { params: { path: { id } } })),
  );
}
