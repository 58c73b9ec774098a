// /api/deleted-items and the Restore / Delete Forever routes of each record type. Keyed under
// 'deleted-items'; the record events (lead, client, contact) refresh it, and every action here too.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletedItemType, DeletedItemsPage, DeletedItemsStatistics } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { listQueryOptions, type PageParams } from '../../../lib/list-query.ts';
import { INVOICE_KEY } from '../../invoices/api/invoices.ts';

export type DeletedItemsParams = Pick<PageParams, 'search' | 'page' | 'after' | 'before' | 'last' | 'pageSize'> & {
  type?: DeletedItemType;
};

export const useDeletedItems = (params: DeletedItemsParams) =>
  useQuery(listQueryOptions<DeletedItemsPage>('deleted-items', '/api/deleted-items', params, { staleTime: 30_000 }));

export const useDeletedItemsStatistics = () =>
  useQuery(
    queryOptions({
      queryKey: ['deleted-items', 'statistics'],
      queryFn: ({ signal }) => api.get<DeletedItemsStatistics>('/api/deleted-items/statistics', { signal }),
      staleTime: 30_000,
    }),
  );

const collection: Record<DeletedItemType, string> = {
  lead: 'leads',
  client: 'clients',
  service: 'services',
  invoice: 'invoices',
};

/** The lists a restored or purged item leaves or joins (their own keys). */
const LIST_KEY: Record<DeletedItemType, string> = {
  lead: 'lead',
  client: 'client',
  service: 'services',
  invoice: INVOICE_KEY,
};

export function useDeletedItemAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ type, id, action }: { type: DeletedItemType; id: string; action: 'restore' | 'purge' }) => {
      const path = `/api/${collection[type]}/${encodeURIComponent(id)}`;
      return action === 'restore' ? api.post<unknown>(`${path}/restore`) : api.delete<unknown>(`${path}/permanent`);
    },
    onSuccess: (_result, { type }) => {
      void queryClient.invalidateQueries({ queryKey: ['deleted-items'] });
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY[type]] });
    },
  });
}
