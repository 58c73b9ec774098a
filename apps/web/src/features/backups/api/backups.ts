// Backup and restore's calls (issue 15 item 7): the stored backups and the schedule (GET /api/backups), a
// download with its progress, the check of a file before its restore and the restore upload, each with its
// progress, and saying the generated signing key is stored (issue 28 item 4). Under 'backups'; a restore's
// change event ('database') refreshes every query of the app (lib/live-updates.ts).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { backupInspectionSchema, restoreResultSchema } from '@crm/domain';
import { answer, apiErrorOf, networkError, server } from '../../../lib/api-client.ts';
import { type UploadProgress, uploadWithProgress } from '../../../lib/file-requests.ts';

export const backupsKey = ['backups'] as const;

export const useBackups = () =>
  useQuery(
    queryOptions({
      queryKey: backupsKey,
      queryFn: ({ signal }) => answer(server.GET('/api/backups', { signal })),
    }),
  );

/** The generated backup signing key is stored safely: the server stops showing it. */
export function useConfirmSigningKeyStored() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => answer(server.POST('/api/backups/signing-key/stored')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupsKey }),
  });
}

/** How far a transfer is: bytes so far and the total when the server told it. */
export type Progress = UploadProgress;

/** Downloads a backup (a new one, or a stored one by id), telling the progress; resolves to the file and its name. */
export async function downloadBackup(
  path: string,
  onProgress: (progress: Progress) => void,
): Promise<{ blob: Blob; name: string }> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin' });
  } catch {
    throw networkError();
  }
  if (!response.ok || !response.body) throw await apiErrorOf(response);
  const total = Number(response.headers.get('content-length')) || null;
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'backup.tar.gz';
  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    loaded += value.length;
    onProgress({ loaded, total });
  }
  return { blob: new Blob(chunks, { type: 'application/gzip' }), name };
}

/** Uploads a backup file, telling the progress (lib/file-requests.ts). */
function uploadBackup<T>(
  path: string,
  file: File,
  answer: { parse: (data: unknown) => T },
  onProgress: (progress: Progress) => void,
) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(path, form, answer, onProgress);
}

/** Checks a backup file as a restore would and says which installation made it when; changes nothing. */
export const inspectBackup = (file: File, onProgress: (progress: Progress) => void) =>
  uploadBackup('/api/backups/inspect', file, backupInspectionSchema, onProgress);

/** Restores a backup file (checked again by the server: the file is uploaded anew). */
export const restoreBackup = (file: File, onProgress: (progress: Progress) => void) =>
  uploadBackup('/api/backups/restore', file, restoreResultSchema, onProgress);
