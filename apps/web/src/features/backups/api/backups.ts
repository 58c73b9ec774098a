// Backup and restore's calls (issue 15 item 7): the stored backups and the schedule (GET /api/backups), a
// download with its progress, the check of a file before its restore and the restore upload, each with its
// progress, and saying the generated signing key is stored (issue 28 item 4). Under 'backups'; a restore's
// change event ('database') refreshes every query of the app (lib/live-updates.ts).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiErrorBody, BackupInspection, RestoreResult } from '@crm/domain';
import { answer, ApiError, server } from '../../../lib/api-client.ts';
import { markSessionExpired } from '../../../lib/session-expiry.ts';

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
export type Progress = { loaded: number; total: number | null };

const networkError = () =>
  new ApiError(0, {
    code: 'NETWORK',
    message: 'Connection error. Please check your internet connection and try again.',
  });

function errorOf(status: number, body: unknown, statusText: string) {
  if (status === 401) markSessionExpired();
  const error = (body ?? {}) as Partial<ApiErrorBody>;
  return new ApiError(status, {
    code: error.code ?? 'INTERNAL',
    message: error.message ?? statusText,
    fieldErrors: error.fieldErrors,
  });
}

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
  if (!response.ok || !response.body) {
    throw errorOf(response.status, await response.json().catch(() => undefined), response.statusText);
  }
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

/** Uploads a backup file; XMLHttpRequest because fetch does not tell an upload's progress. */
function uploadBackup<T>(path: string, file: File, onProgress: (progress: Progress) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    request.upload.addEventListener('progress', (event) =>
      onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : null }),
    );
    request.addEventListener('error', () => reject(networkError()));
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText) as unknown;
      } catch {
        body = undefined;
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(errorOf(request.status, body, request.statusText));
    });
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}

/** Checks a backup file as a restore would and says which installation made it when; changes nothing. */
export const inspectBackup = (file: File, onProgress: (progress: Progress) => void) =>
  uploadBackup<BackupInspection>('/api/backups/inspect', file, onProgress);

/** Restores a backup file (checked again by the server: the file is uploaded anew). */
export const restoreBackup = (file: File, onProgress: (progress: Progress) => void) =>
  uploadBackup<RestoreResult>('/api/backups/restore', file, onProgress);
