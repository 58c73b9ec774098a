// GET /api/leads: one server-side page of leads (filters, search, sort, pagination).
import { useQuery } from '@tanstack/react-query';
import type { LeadPage } from '@crm/domain';
import { type FilteredPageParams, listQueryOptions } from '../../../lib/list-query.ts';

/** Leads add 'Unassigned' (no manager or assistant manager yet). */
export type LeadListParams = FilteredPageParams & { unassigned?: boolean };

export const leadListQueryOptions = (params: LeadListParams) =>
  listQueryOptions<LeadPage>('lead', '/api/leads', params);

export const useLeadList = (params: LeadListParams, enabled = true) =>
  useQuery({ ...leadListQueryOptions(params), enabled });
