// GET /api/clients: one server-side page of clients (filters, search, sort, pagination).
import { useQuery } from '@tanstack/react-query';
import type { ApplicantLocation, ClientStatus, Visa } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { type FilteredPageParams, listQuery, listQueryOptions } from '../../../lib/list-query.ts';

/** The filter bar's values as the server takes them (its document lists each filter's choices). */
export type ClientListParams = Omit<FilteredPageParams, 'status' | 'location' | 'desiredVisa'> & {
  status?: ClientStatus[];
  location?: ApplicantLocation[];
  desiredVisa?: Visa[];
};

/** Keyed under 'client' so the server's change events for clients (and leads, contacts) refresh it. */
export const clientListQueryOptions = (params: ClientListParams) =>
  listQueryOptions('client', params, (signal) =>
    answer(server.GET('/api/clients', { params: { query: listQuery(params) }, signal })),
  );

export const useClientList = (params: ClientListParams, enabled = true) =>
  useQuery({ ...clientListQueryOptions(params), enabled });
