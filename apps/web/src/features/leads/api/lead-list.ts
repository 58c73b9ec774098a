// GET /api/leads: one server-side page of leads (filters, search, sort, pagination).
import { useQuery } from '@tanstack/react-query';
import type { LeadPage } from '@crm/domain';
import { type FilteredPageParams, listQueryOptions } from '../../../lib/list-query.ts';

export type LeadListParams = FilteredPageParams;

export const leadListQueryOptions = (params: LeadListParams) =>
  listQueryOptions<LeadPage>('lead', '/api/leads', params);

export const useLeadList = (params: LeadListParams, enabled = true) =>
  useQuery({ ...leadListQueryOptions(params), enabled });
