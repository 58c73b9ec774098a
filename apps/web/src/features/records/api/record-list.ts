// GET /api/records: one server-side page of leads and clients together, newest first (spec 1 §2.4).
import { useQuery } from '@tanstack/react-query';
import { answer, server } from '../../../lib/api-client.ts';
import { listQuery, listQueryOptions, type PageParams } from '../../../lib/list-query.ts';

export type RecordListParams = PageParams;

/**
 * Keyed under 'record': the server's lead, client and contact change events refresh it, in place of
 * the spec's 10 s polling (DECISIONS.md §1).
 */
export const recordListQueryOptions = (params: RecordListParams) =>
  listQueryOptions('record', params, (signal) =>
    answer(server.GET('/api/records', { params: { query: listQuery(params) }, signal })),
  );

export const useRecordList = (params: RecordListParams) => useQuery(recordListQueryOptions(params));
