// GET /api/contacts: one server-side page of archived contacts (search, pagination; the server
// limits a guest to 20 and a consultant to its own).
import { useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { listQuery, listQueryOptions, type PageParams } from '../../../lib/list-query.ts';

export type ContactListParams = Pick<PageParams, 'search' | 'page' | 'pageSize'>;

/** Keyed under 'contact': the live change events of leads, clients and contacts refresh it. */
export const contactListQueryOptions = (params: ContactListParams) =>
  // Spec 2 §9: fresh 5 s. Its 15 s refetch loop is left out: live events refresh the list (DECISIONS.md §1).
  listQueryOptions(
    'contact',
    params,
    (signal) => answer(server.GET('/api/contacts', { params: { query: listQuery(params) }, signal })),
    { staleTime: 5_000 },
  );

export const useContactList = (params: ContactListParams) => useQuery(contactListQueryOptions(params));
