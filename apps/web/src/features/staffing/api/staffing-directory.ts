// GET /api/staffing: the active users with their open work and the firm's totals. Under 'staffing': the
// lead, client, task and user events refresh it (lib/live-updates.ts).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Role, StaffingSortField } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { listQuery } from '../../../lib/list-query.ts';

export type StaffingParams = {
  search?: string;
  role?: Role;
  sort: StaffingSortField;
  direction: 'asc' | 'desc';
};

export const staffingKey = ['staffing'] as const;

/** The query string: the sort, the search when there is one, and the role (the server takes several). */
const staffingQuery = ({ sort, direction, search, role }: StaffingParams) =>
  listQuery({ sort, direction, search, role: role ? [role] : undefined });

export const useStaffingDirectory = (params: StaffingParams) =>
  useQuery({
    queryKey: [...staffingKey, 'directory', params],
    queryFn: ({ signal }) => answer(server.GET('/api/staffing', { params: { query: staffingQuery(params) }, signal })),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
