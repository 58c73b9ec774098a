// /api/deleted-items and the Restore / Delete Forever routes of each record type. Keyed under
// 'deleted-items'; the record events (lead, client, contact) refresh it, and every action here too.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletedItemType } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { listQuery, listQueryOptions, type PageParams } from '../../../lib/list-query.ts';
import { INVOICE_KEY } from '../../invoices/api/invoices.ts';

export type DeletedItemsParams = Pick<PageParams, 'search' | 'page' | 'after' | 'before' | 'last' | 'pageSize'> & {
  type?: DeletedItemType;
};

export const useDeletedItems = (params: DeletedItemsParams) =>
  useQuery(
    listQueryOptions(
      'deleted-items',
      params,
      (signal) => answer(server.GET('/api/deleted-items', { params: { query: listQuery(params) }, signal })),
      { staleTime: 30_000 },
    ),
  );

export const useDeletedItemsStatistics = () =>
  useQuery(
    queryOptions({
      queryKey: ['deleted-items', 'statistics'],
      queryFn: ({ signal }) => answer(server.GET('/api/deleted-items/statistics', { signal })),
      staleTime: 30_000,
    }),
  );

type ItemAction = 'restore' | 'purge';

/** Each record type's Restore and Delete Forever (their answers are not read: the lists are read again). */
const ACTIONS: Record<DeletedItemType, Record<ItemAction, (id: string) => Promise<unknown>>> = {
  lead: {
    restore: (id) => answer(server.POST('/api/leads/{id}/restore', { params: { path: { id } } })),
    purge: (id) => answer(server.DELETE('/api/leads/{id}/permanent', { params: { path: { id } } })),
  },
  client: {
    restore: (id) => answer(server.POST('/api/clients/{id}/restore', { params: { path: { id } } })),
    purge: (id) => answer(server.DELETE('/api/clients/{id}/permanent', { params: { path: { id } } })),
  },
  service: {
    restore: (id) => answer(server.POST('/api/services/{id}/restore', { params: { path: { id } } })),
    purge: (id) => answer(server.DELETE('/api/services/{id}/permanent', { params: { path: { id } } })),
  },
  invoice: {
    restore: (id) => answer(server.POST('/api/invoices/{id}/restore', { params: { path: { id } } })),
    purge: (id) => answer(server.DELETE('/api/invoices/{id}/permanent', { params: { path: { id } } })),
  },
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
    mutationFn: ({ type, id, action }: { type: DeletedItemType; id: string; action: ItemAction }) =>
      ACTIONS[type][action](id),
    onSuccess: (_result, { type }) => {
      void queryClient.invalidateQueries({ queryKey: ['deleted-items'] });
      void queryClient.invalidateQueries({ queryKey: [LIST_KEY[type]] });
    },
  });
}
