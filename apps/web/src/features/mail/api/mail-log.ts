// /api/mail-log: Administration → Mail log (issue 27): every mail, its status and outcome, one message with
// its attachments, and sending one again.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MailStatus } from '@crm/domain';
import { answer, server } from '../../../lib/api-client.ts';
import { useWrite } from '../../../lib/use-write.ts';
import { fetchFile, saveFile } from '../../../lib/file-requests.ts';
import { listQuery, listQueryOptions, type PageParams } from '../../../lib/list-query.ts';

export type MailLogFilter = { search?: string; status?: MailStatus; from?: string; to?: string };
export type MailLogParams = MailLogFilter & Pick<PageParams, 'page' | 'after' | 'before' | 'last' | 'pageSize'>;

/** Live: each queued, sent or failed mail publishes a 'mail' event, which refreshes the list. */
export const useMailLog = (params: MailLogParams) =>
  useQuery(
    listQueryOptions('mail', params, (signal) =>
      answer(server.GET('/api/mail-log', { params: { query: listQuery(params) }, signal })),
    ),
  );

export const useMailMessage = (id: string | null) =>
  useQuery(
    queryOptions({
      queryKey: ['mail', 'message', id],
      queryFn: ({ signal }) => answer(server.GET('/api/mail-log/{id}', { params: { path: { id: id! } }, signal })),
      enabled: id !== null,
    }),
  );

export async function downloadMailAttachment(id: string, index: number, filename: string): Promise<void> {
  saveFile(await fetchFile(`/api/mail-log/${encodeURIComponent(id)}/attachments/${index}`), filename);
}

export function useResendMail() {
  return useWrite('mail', (id: string) =>
    answer(server.POST('/api/mail-log/{id}/resend', { params: { path: { id } } })),
  );
}
