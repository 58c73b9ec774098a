// GET /api/clients: one server-side page of clients (filters, search, sort, pagination).
import { useQuery } from '@tanstack/react-query';
import type { ClientPage } from '@crm/domain';
import { type FilteredPageParams, listQueryOptions } from '../../../lib/list-query.ts';

export type ClientListParams = FilteredPageParams;

/** Keyed under 'client' so the server's change events for clients (and leads, contacts) refresh it. */
export const clientListQueryOptions = (params: ClientListParams) =>
  listQueryOptions<ClientPage>('client', '/api/clients', params);

export const useClientList = (params: ClientListParams, enabled = true) =>
  useQuery({ ...clientListQueryOptions(params), enabled });
