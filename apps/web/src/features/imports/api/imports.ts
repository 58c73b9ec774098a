// The import requests (issue 15 item 5). Uploads tell how much of a large file has gone (uploadWithProgress),
// which the card shows as a progress bar.
import {
  type ImportEntity,
  type ImportMode,
  importPreviewSchema,
  type ImportResult,
  importResultSchema,
} from '@crm/domain';
import { fetchFile, saveFile, uploadWithProgress } from '../../../lib/file-requests.ts';

/** Share of the file sent so far (0–1); 1 once the server is processing it. */
export type UploadProgress = (sent: number) => void;

/** `onProgress` in the share of the file sent (0–1). */
const asShare = (onProgress: UploadProgress) => (progress: { loaded: number; total: number | null }) =>
  onProgress(progress.total ? progress.loaded / progress.total : 0);

export function previewImport(entity: ImportEntity, file: File, onProgress: UploadProgress) {
  const form = new FormData();
  form.append('file', file);
  return uploadWithProgress(`/api/imports/${entity}/preview`, form, importPreviewSchema, asShare(onProgress));
}

export type ImportOptions = { mode: ImportMode; dryRun: boolean; mapping: (string | null)[] };

export function runImport(entity: ImportEntity, file: File, options: ImportOptions, onProgress: UploadProgress) {
  const form = new FormData();
  // The mapping first: the server reads the parts in order.
  form.append('mapping', JSON.stringify(options.mapping));
  form.append('file', file);
  const query = new URLSearchParams({ mode: options.mode, dryRun: String(options.dryRun) });
  return uploadWithProgress(
    `/api/imports/${entity}?${query.toString()}`,
    form,
    importResultSchema,
    asShare(onProgress),
  );
}

export async function downloadErrorReport(result: ImportResult, today: string): Promise<void> {
  saveFile(
    await fetchFile(`/api/imports/runs/${result.runId}/error-report`),
    `${result.entity}-import-errors-${today}.csv`,
  );
}
