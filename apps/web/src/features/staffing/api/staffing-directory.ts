// GET /api/staffing: the active users with their open work and the firm's totals. Under 'staffing': the
// lead, client, task and user events refresh it (lib/live-updates.ts).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Role, StaffingDirectory, StaffingSortField } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';

export type StaffingParams = {
  search?: string;
  role?: Role;
  sort: StaffingSortField;
  direction: 'asc' | 'desc';
};

export const staffingKey = ['staffing'] as const;

function staffingPath(params: StaffingParams): string {
  const query = new URLSearchParams({ sort: params.sort, direction: params.direction });
  if (params.search?.trim()) query.set('search', params.search.trim());
  if (params.role) query.set('role', params.role);
  return `/api/staffing?${query.toString()}`;
}

export const useStaffingDirectory = (params: StaffingParams) =>
  useQuery({
    queryKey: [...staffingKey, 'directory', params],
    queryFn: ({ signal }) => api.get<StaffingDirectory>(staffingPath(params), { signal }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
