// GET /api/leads: one server-side page of leads (filters, search, sort, pagination).
import { useQuery } from '@tanstack/react-query';
import type { ApplicantLocation, LeadStatus, Visa } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { type FilteredPageParams, listQuery, listQueryOptions } from '../../../lib/list-query.ts';

/**
 * The filter bar's values as the server takes them (its document lists each filter's choices); leads add
 * 'Unassigned' (no manager or assistant manager yet).
 */
export type LeadListParams = Omit<FilteredPageParams, 'status' | 'location' | 'desiredVisa'> & {
  status?: LeadStatus[];
  location?: ApplicantLocation[];
  desiredVisa?: Visa[];
  unassigned?: boolean;
};

export const leadListQueryOptions = (params: LeadListParams) =>
  listQueryOptions('lead', params, (signal) =>
    answer(server.GET('/api/leads', { params: { query: listQuery(params) }, signal })),
  );

export const useLeadList = (params: LeadListParams, enabled = true) =>
  useQuery({ ...leadListQueryOptions(params), enabled });
