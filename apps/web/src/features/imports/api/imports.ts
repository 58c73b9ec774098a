// The import requests (issue 15 item 5). Uploads go through XMLHttpRequest, not fetch: only its upload
// events report how much of a large file has gone, which the card shows as a progress bar.
import type { ApiErrorBody, ImportEntity, ImportMode, ImportPreview, ImportResult } from '@crm/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { fetchFile, saveFile } from '../../../lib/file-requests.ts';
import { markSessionExpired } from '../../../lib/session-expiry.ts';

/** Share of the file sent so far (0–1); 1 once the server is processing it. */
export type UploadProgress = (sent: number) => void;

function upload<T>(path: string, form: FormData, onProgress: UploadProgress): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onProgress(1);
    xhr.onerror = () =>
      reject(
        new ApiError(0, {
          code: 'NETWORK',
          message: 'Connection error. Please check your internet connection and try again.',
        }),
      );
    xhr.onload = () => {
      const data = xhr.response as unknown;
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as T);
      if (xhr.status === 401) markSessionExpired();
      const error = (data ?? {}) as Partial<ApiErrorBody>;
      reject(
        new ApiError(xhr.status, {
          code: error.code ?? 'INTERNAL',
          message: error.message ?? xhr.statusText,
          fieldErrors: error.fieldErrors,
        }),
      );
    };
    xhr.send(form);
  });
}

export function previewImport(entity: ImportEntity, file: File, onProgress: UploadProgress) {
  const form = new FormData();
  form.append('file', file);
  return upload<ImportPreview>(`/api/imports/${entity}/preview`, form, onProgress);
}

export type ImportOptions = { mode: ImportMode; dryRun: boolean; mapping: (string | null)[] };

export function runImport(entity: ImportEntity, file: File, options: ImportOptions, onProgress: UploadProgress) {
  const form = new FormData();
  // The mapping first: the server reads the parts in order.
  form.append('mapping', JSON.stringify(options.mapping));
  form.append('file', file);
  const query = new URLSearchParams({ mode: options.mode, dryRun: String(options.dryRun) });
  return upload<ImportResult>(`/api/imports/${entity}?${query.toString()}`, form, onProgress);
}

export async function downloadErrorReport(result: ImportResult, today: string): Promise<void> {
  saveFile(
    await fetchFile(`/api/imports/runs/${result.runId}/error-report`),
    `${result.entity}-import-errors-${today}.csv`,
  );
}
