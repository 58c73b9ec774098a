// /api/deleted-items and the Restore / Delete Forever routes of each record type. Keyed under
// 'deleted-items'; the record events (lead, client, contact) refresh it, and every action here too.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChangeResource, DeletedItemType } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { listQuery, listQueryOptions, type PageParams } from '../../../lib/list-query.ts';
import { useWrite } from '../../../lib/use-write.ts';

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

/** What a restored or purged item changes, as the server's events say (a service: its lead's or client's). */
const WRITTEN: Record<DeletedItemType, readonly ChangeResource[]> = {
  lead: ['lead'],
  client: ['client'],
  service: ['lead', 'client'],
  invoice: ['invoice'],
};

export function useDeletedItemAction() {
  return useWrite(
    ({ type }) => WRITTEN[type],
    ({ type, id, action }: { type: DeletedItemType; id: string; action: ItemAction }) => ACTIONS[type][action](id),
  );
}
