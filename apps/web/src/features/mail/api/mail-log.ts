// /api/mail-log: Administration → Mail log (issue 27): every mail, its status and outcome, one message with
// its attachments, and sending one again.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MailLogPage, MailMessageRecord, MailReceipt, MailStatus } from '@crm/domain';
import { api } from '../../../lib/api-client.ts';
import { fetchFile, saveFile } from '../../../lib/file-requests.ts';
import { listQueryOptions, type PageParams } from '../../../lib/list-query.ts';

export type MailLogFilter = { search?: string; status?: MailStatus; from?: string; to?: string };
export type MailLogParams = MailLogFilter & Pick<PageParams, 'page' | 'after' | 'before' | 'last' | 'pageSize'>;

/** Live: each queued, sent or failed mail publishes a 'mail' event, which refreshes the list. */
export const useMailLog = (params: MailLogParams) =>
  useQuery(listQueryOptions<MailLogPage>('mail', '/api/mail-log', params));

export const useMailMessage = (id: string | null) =>
  useQuery(
    queryOptions({
      queryKey: ['mail', 'message', id],
      queryFn: ({ signal }) => api.get<MailMessageRecord>(`/api/mail-log/${encodeURIComponent(id!)}`, { signal }),
      enabled: id !== null,
    }),
  );

export async function downloadMailAttachment(id: string, index: number, filename: string): Promise<void> {
  saveFile(await fetchFile(`/api/mail-log/${encodeURIComponent(id)}/attachments/${index}`), filename);
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<MailReceipt>(`/api/mail-log/${encodeURIComponent(id)}/resend`, {}),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['mail'] }),
  });
}
