// Requests that answer a file rather than JSON: a PDF the server renders, saved or opened. Apart from the
// JSON client (api-client.ts) so that the pages without files (sign-in first) do not load them; errors are
// the same ApiError. Uploads go through the typed client (api-client.ts `multipart`).
import type { ApiErrorBody } from '@crm/domain';
import { ApiError } from './api-client.ts';
import { markSessionExpired } from './session-expiry.ts';

/**
 * A file the server renders (an invoice's PDF): its bytes as a Blob, or the same ApiError a JSON call
 * gives. GET without a body; POST sends one (a preview of an unsaved invoice).
 */
export async function fetchFile(path: string, body?: unknown): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, {
      code: 'NETWORK',
      message: 'Connection error. Please check your internet connection and try again.',
    });
  }
  if (!response.ok) {
    if (response.status === 401) markSessionExpired();
    const data = (await response.json().catch(() => ({}))) as Partial<ApiErrorBody>;
    throw new ApiError(response.status, {
      code: data.code ?? 'INTERNAL',
      message: data.message ?? response.statusText,
      fieldErrors: data.fieldErrors,
    });
  }
  return response.blob();
}

/** Saves a file the browser was given, under its name (Download PDF, an export). */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
