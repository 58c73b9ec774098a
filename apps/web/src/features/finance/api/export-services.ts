// GET /api/services/export: the filtered services, or the selected ones, as a CSV or Excel file
// (finance:export). Fetched as a blob rather than followed as a link, so the page can show that the file
// is being prepared and say when it has arrived or why it failed.
import { useState } from 'react';
import type { ExportFormat } from '@crm/domain';
import { apiErrorOf, networkError } from '../../../lib/api-client.ts';
import { listPath } from '../../../lib/list-query.ts';
import type { OverviewFilter } from '../finance-search.ts';

/** What to export: the filtered set, or the rows chosen by id. */
export type ExportRequest = { format: ExportFormat } & ({ filter: OverviewFilter } | { ids: readonly string[] });

/** The file's name as the server gives it ('services-export-2026-11-23.csv'), or a fallback. */
function fileNameOf(response: Response, format: ExportFormat): string {
  const disposition = response.headers.get('content-disposition') ?? '';
  const match = /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? `services-export.${format}`;
}

export async function downloadServicesExport(request: ExportRequest): Promise<string> {
  const params =
    'ids' in request ? { format: request.format, ids: request.ids } : { format: request.format, ...request.filter };
  let response: Response;
  try {
    response = await fetch(listPath('/api/services/export', params), { credentials: 'same-origin' });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw await apiErrorOf(response);
  const blob = await response.blob();
  const name = fileNameOf(response, request.format);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Released once the browser has surely read it (a moment after the click; a minute is generous).
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}

/** The export running now (one at a time), for the buttons' loading state. */
export function useServicesExport() {
  const [running, setRunning] = useState<{ format: ExportFormat; selection: boolean } | null>(null);
  const run = async (request: ExportRequest) => {
    setRunning({ format: request.format, selection: 'ids' in request });
    try {
      return await downloadServicesExport(request);
    } finally {
      setRunning(null);
    }
  };
  return { running, run };
}
