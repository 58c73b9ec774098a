// DELETE /api/services/{id} from the overview (finance:delete): a soft delete with the reason spec 3 §2.1
// gives ('Deleted by admin'), recoverable by administrators. What the service's record's change event
// refreshes (the overview and its cards among it) is read again at once, after a refusal too: a service
// changed or deleted meanwhile means the row shown is out of date.
import { OVERVIEW_DELETE_REASON, type ServiceOverviewRow } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';

export function useDeleteOverviewService() {
  return useWrite(
    (service: Pick<ServiceOverviewRow, 'id' | 'version' | 'entityType'>) => service.entityType,
    (service: Pick<ServiceOverviewRow, 'id' | 'version' | 'entityType'>) =>
      answer(
        server.DELETE('/api/services/{id}', {
          params: { path: { id: service.id } },
          body: { reason: OVERVIEW_DELETE_REASON, version: service.version },
        }),
      ),
    { refreshAfterRefusal: true },
  );
}
