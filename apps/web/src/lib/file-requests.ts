// Requests that answer a file rather than JSON: a PDF the server renders, saved or opened. Apart from the
// JSON client (api-client.ts) so that the pages without files (sign-in first) do not load them; errors are
// the same ApiError. Uploads go through the typed client (api-client.ts `multipart`), or, to tell their progress, through
// `uploadWithProgress`.
import { apiErrorFrom, apiErrorOf, networkError } from './api-client.ts';

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
    throw networkError();
  }
  if (!response.ok) throw await apiErrorOf(response);
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

/** How far an upload is: bytes sent so far, and the total when the browser knows it. */
export type UploadProgress = { loaded: number; total: number | null };

/**
 * Sends a form with XMLHttpRequest, the one request of a browser that tells an upload's progress (an import,
 * a backup to restore). The answer is read with the domain schema the server answers with, so what the
 * screen gets is checked, not assumed; a refusal is the same ApiError as a typed call's.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  answer: { parse: (data: unknown) => T },
  onProgress: (progress: UploadProgress) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.withCredentials = true;
    let sent: UploadProgress = { loaded: 0, total: null };
    request.upload.addEventListener('progress', (event) =>
      onProgress((sent = { loaded: event.loaded, total: event.lengthComputable ? event.total : null })),
    );
    // All sent: the server is at work on it now (the last progress event may not say 100%).
    request.upload.addEventListener('load', () => onProgress({ loaded: sent.total ?? sent.loaded, total: sent.total }));
    request.addEventListener('error', () => reject(networkError()));
    request.addEventListener('load', () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = undefined;
      }
      if (request.status < 200 || request.status >= 300)
        return reject(apiErrorFrom(request.status, body, request.statusText, path));
      try {
        resolve(answer.parse(body));
      } catch (error) {
        reject(error);
      }
    });
    request.send(form);
  });
}
