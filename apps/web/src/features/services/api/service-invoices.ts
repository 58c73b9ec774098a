// GET /api/leads/:id/service-invoices and /api/clients/:id/service-invoices: which invoices bill which of the
// record's services (beyond the spec). Asked only by Finance roles; under the invoices' key, so the
// invoice events (saved, paid, cancelled) refresh it.
import { useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import type { ServiceOwner } from './service-keys.ts';

export const useServiceInvoices = (owner: ServiceOwner, enabled: boolean) =>
  useQuery({
    queryKey: ['invoice', 'by-service', owner.type, owner.id],
    queryFn: ({ signal }) => {
      const params = { path: { id: owner.id } };
      return owner.type === 'lead'
        ? answer(server.GET('/api/leads/{id}/service-invoices', { params, signal }))
        : answer(server.GET('/api/clients/{id}/service-invoices', { params, signal }));
    },
    staleTime: 60_000,
    enabled,
  });
