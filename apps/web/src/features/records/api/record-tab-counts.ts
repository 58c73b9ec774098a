// GET /api/records/tab-counts: the Leads and Clients tab counts for the search, each read on its own (the
// leads page never fetches a page of clients just to count them).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TabCount } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { listQuery } from '../../../lib/list-query.ts';

export type TabCountParams = { search?: string; showHidden?: boolean };

/** Keyed under 'record': the lead, client and contact change events refresh it with the lists. */
export const useRecordTabCounts = (params: TabCountParams) =>
  useQuery({
    queryKey: ['record', 'tab-counts', params],
    queryFn: ({ signal }) =>
      answer(server.GET('/api/records/tab-counts', { params: { query: listQuery(params) }, signal })),
    staleTime: 30 * 60_000,
    placeholderData: keepPreviousData,
  });

/** '1,234', '100+' (a searched count stops at 100), '10,000+'; '…' while loading, '—' for a tab not counted. */
export const tabCountLabel = (count: TabCount | null | undefined) =>
  count === undefined ? '…' : count === null ? '—' : `${count.total.toLocaleString('en-AU')}${count.capped ? '+' : ''}`;
