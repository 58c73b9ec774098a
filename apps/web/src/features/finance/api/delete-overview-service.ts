// DELETE /api/services/{id} from the overview (finance:delete): a soft delete with the reason spec 3 §2.1
// gives ('Deleted by admin'), recoverable by administrators. The overview and its cards refresh at once;
// the record's own services follow its change event.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OVERVIEW_DELETE_REASON, type ServiceOverviewRow } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { overviewKeys } from './overview-cache.ts';

export function useDeleteOverviewService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (service: Pick<ServiceOverviewRow, 'id' | 'version'>) =>
      answer(
        server.DELETE('/api/services/{id}', {
          params: { path: { id: service.id } },
          body: { reason: OVERVIEW_DELETE_REASON, version: service.version },
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: overviewKeys.all }),
  });
}
