// POST /api/staffing/{userId}/reassign: moves the chosen kinds of open work; the directory re-reads after.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReassignWorkInput } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { staffingKey } from './staffing-directory.ts';

export function useReassignWork() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ fromUserId, ...body }: ReassignWorkInput & { fromUserId: string }) =>
      answer(server.POST('/api/staffing/{userId}/reassign', { params: { path: { userId: fromUserId } }, body })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: staffingKey }),
  });
}
