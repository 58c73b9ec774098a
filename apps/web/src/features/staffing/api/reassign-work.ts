// POST /api/staffing/{userId}/reassign: moves the chosen kinds of open work; the directory re-reads after.
import type { ReassignWorkInput } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';

export function useReassignWork() {
  // The leads, clients and tasks that moved: what the server's events about them refresh (Staffing among them).
  return useWrite(
    ['lead', 'client', 'my_tasks'],
    ({ fromUserId, ...body }: ReassignWorkInput & { fromUserId: string }) =>
      answer(server.POST('/api/staffing/{userId}/reassign', { params: { path: { userId: fromUserId } }, body })),
  );
}
