// /api/audit-logs: the Audit Logs list, its action filter and export, and the Security overview; and the
// security settings (/api/settings/security) the Security tab edits.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SecuritySettings } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { fetchFile, saveFile } from '../../../lib/file-requests.ts';
import { listPath, listQuery, listQueryOptions, type PageParams } from '../../../lib/list-query.ts';

export type AuditFilter = { search?: string; action?: string; userId?: string; from?: string; to?: string };
export type AuditListParams = AuditFilter & Pick<PageParams, 'page' | 'after' | 'before' | 'last' | 'pageSize'>;

/** Not live: the log grows with every request anyone makes; Refresh reads it again. */
export const useAuditLogs = (params: AuditListParams) =>
  useQuery(
    listQueryOptions(
      'audit-logs',
      params,
      (signal) => answer(server.GET('/api/audit-logs', { params: { query: listQuery(params) }, signal })),
      { staleTime: 60_000 },
    ),
  );

export const useAuditActions = () =>
  useQuery(
    queryOptions({
      queryKey: ['audit-logs', 'actions'],
      queryFn: ({ signal }) => answer(server.GET('/api/audit-logs/actions', { signal })),
      staleTime: 5 * 60_000,
    }),
  );

export const useSecurityOverview = () =>
  useQuery(
    queryOptions({
      queryKey: ['audit-logs', 'security'],
      queryFn: ({ signal }) => answer(server.GET('/api/audit-logs/security', { signal })),
      staleTime: 30_000,
    }),
  );

export async function exportAuditLogs(filter: AuditFilter, today: string): Promise<void> {
  saveFile(await fetchFile(listPath('/api/audit-logs/export', filter)), `audit-logs-${today}.csv`);
}

const securitySettingsKey = ['settings', 'security'] as const;

export const useSecuritySettings = () =>
  useQuery(
    queryOptions({
      queryKey: securitySettingsKey,
      queryFn: ({ signal }) => answer(server.GET('/api/settings/security', { signal })),
    }),
  );

export function useSaveSecuritySettings() {
  return useWrite(
    'settings',
    (settings: SecuritySettings) => answer(server.PUT('/api/settings/security', { body: settings })),
    {
      show: (queryClient, saved) => {
        queryClient.setQueryData(securitySettingsKey, saved);
        // The log is not live; the change it records shows at once here.
        void queryClient.invalidateQueries({ queryKey: ['audit-logs'] });
      },
    },
  );
}
