// The one client of the server: openapi-fetch over the types generated from the server's OpenAPI document
// (@crm/domain's api-contract.ts), so a path, a field or an answer that does not match the server fails the
// typecheck, with no hand-written response type and no cast. Cookies included; every failure turned into
// ApiError by one middleware. A 401 means the session ended: it raises the shell's sign-in dialog
// (session-expiry.ts) instead of failing quietly.
import createClient, { type Middleware } from 'openapi-fetch';
import type { ApiErrorBody, ErrorCode, paths } from '@crm/domain';
import { markSessionExpired } from './session-expiry.ts';

/** A wrong password answers 401 too; that is no ended session. */
const SIGN_IN_PATH = '/api/auth/sign-in';

export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | 'NETWORK' | 'TIMEOUT';
  readonly fieldErrors: Record<string, string[]>;
  constructor(status: number, body: Omit<Partial<ApiErrorBody>, 'code'> & { code: ErrorCode | 'NETWORK' | 'TIMEOUT' }) {
    super(body.message ?? 'Request failed');
    this.status = status;
    this.code = body.code;
    this.fieldErrors = body.fieldErrors ?? {};
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/**
 * Whether a record's panel must give way to its load error: it has nothing to show, or the record is gone
 * (404). A failed refetch of a record already shown (the session ended, the connection dropped) keeps the
 * form and whatever the user typed in it; the sign-in dialog or the connection banner says what happened.
 */
export const recordLoadFailed = (query: { isError: boolean; data: unknown; error: unknown }) =>
  query.isError && (query.data === undefined || (isApiError(query.error) && query.error.status === 404));

/**
 * The ApiError of a failed answer from its status and parsed body: the server's words, or the status text
 * when it sent none (a proxy's page). A 401 other than a wrong password raises the sign-in dialog. For the
 * answers that do not come through the typed client (downloads and uploads that report progress).
 */
export function apiErrorFrom(status: number, body: unknown, statusText: string, path = ''): ApiError {
  if (status === 401 && path !== SIGN_IN_PATH) markSessionExpired();
  const error: Partial<ApiErrorBody> = body !== null && typeof body === 'object' ? body : {};
  return new ApiError(status, {
    code: error.code ?? 'INTERNAL',
    message: error.message ?? statusText,
    fieldErrors: error.fieldErrors,
  });
}

/** The ApiError of a failed fetch answer (its body read as JSON when it is). */
export async function apiErrorOf(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the status text says it.
  }
  return apiErrorFrom(response.status, body, response.statusText, new URL(response.url || '/', 'http://x').pathname);
}

export const networkError = () =>
  new ApiError(0, {
    code: 'NETWORK',
    message: 'Connection error. Please check your internet connection and try again.',
  });

const timeoutError = () =>
  new ApiError(0, {
    code: 'TIMEOUT',
    message: 'Request timed out. This might be due to a network issue. Please try again.',
  });

/** Turns every answer but a success into the ApiError the screens show, and a failed connection too. */
const answers: Middleware = {
  async onResponse({ response }) {
    if (response.ok) return undefined;
    throw await apiErrorOf(response);
  },
  onError({ error }) {
    const name = (error as { name?: unknown } | null)?.name;
    if (name === 'TimeoutError') return timeoutError();
    // A request its screen cancelled (the query moved on) stays an abort, which TanStack Query ignores.
    if (name === 'AbortError') return error instanceof Error ? error : new Error(String(error));
    return networkError();
  },
};

/** The typed client: `server.GET('/api/leads/{id}', { params: { path: { id } } })`, read with `answer`. */
export const server = createClient<paths>({
  // Absolute, as the Request it builds needs outside a page too (a component test).
  baseUrl: typeof location === 'undefined' ? 'http://localhost' : location.origin,
  credentials: 'same-origin',
  // A filter's several values go out as 'a|b', the server's multi-value form.
  querySerializer: { array: { style: 'pipeDelimited', explode: false } },
});
server.use(answers);

/** The data of openapi-fetch's success branch (its error branch is already thrown by `answers`). */
type SuccessData<R> = R extends { data: infer D; error?: never } ? D : never;

/** The body of a successful answer (undefined for a 204), typed by the server's document. */
export async function answer<R extends { data?: unknown; response: Response }>(
  call: Promise<R>,
): Promise<SuccessData<R>> {
  const result = await call;
  // Unreachable through `answers`, which throws first; kept so a missing middleware can never pass an error
  // off as data.
  if (!result.response.ok) throw await apiErrorOf(result.response);
  // The success branch, as the check above shows; TypeScript does not narrow a union by `response.ok`.
  return result.data as SuccessData<R>;
}

/**
 * A typed body sent as multipart (an upload): `server.POST(path, { body: { file }, bodySerializer: multipart })`.
 * Each field goes as a form field, a file as itself; the browser writes the boundary.
 */
export function multipart(body: { [field: string]: Blob | string | undefined } | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body ?? {})) if (value !== undefined) form.append(name, value);
  return form;
}

/** The signal of a call that gives up after `timeoutMs` (a save, retried by save-retry.ts), and the screen's. */
export const timeoutSignal = (timeoutMs: number, signal?: AbortSignal) =>
  signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs);
