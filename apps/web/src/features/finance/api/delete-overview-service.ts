// DELETE /api/services/{id} from the overview (finance:delete): a soft delete with the reason spec 3 §2.1
// gives ('Deleted by admin'), recoverable by administrators. The overview and its cards refresh at once;
// the record's own services follow its change event.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { OVERVIEW_DELETE_REASON, type ServiceOverviewRow } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { overviewKeys } from './overview-cache.ts';

export function useDeleteOverviewService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (service: Pick<ServiceOverviewRow, 'id' | 'version'>) =>
      api.delete<{ message: string }>(`/api/services/${encodeURIComponent(service.id)}`, {
        reason: OVERVIEW_DELETE_REASON,
        version: service.version,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: overviewKeys.all }),
  });
}
