// The one fetch wrapper: JSON in and out, cookies included, errors turned into ApiError. A 401 means the
// session ended: it raises the shell's sign-in dialog (session-expiry.ts) instead of failing quietly.
import type { ApiErrorBody, ErrorCode } from '@crm/domain';
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

type RequestOptions = { body?: unknown; signal?: AbortSignal; timeoutMs?: number };

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const timeout = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
  const signal = options.signal && timeout ? AbortSignal.any([options.signal, timeout]) : (options.signal ?? timeout);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: options.body === undefined ? undefined : { 'content-type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
    });
  } catch (error) {
    if (timeout?.aborted) {
      throw new ApiError(0, {
        code: 'TIMEOUT',
        message: 'Request timed out. This might be due to a network issue. Please try again.',
      });
    }
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, {
      code: 'NETWORK',
      message: 'Connection error. Please check your internet connection and try again.',
    });
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!response.ok) {
    if (response.status === 401 && path !== SIGN_IN_PATH) markSessionExpired();
    const body = (data ?? {}) as Partial<ApiErrorBody>;
    throw new ApiError(response.status, {
      code: body.code ?? 'INTERNAL',
      message: body.message ?? response.statusText,
      fieldErrors: body.fieldErrors,
    });
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body: body ?? {} }),
  patch: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PATCH', path, { ...options, body }),
  put: <T>(path: string, body: unknown, options?: RequestOptions) => request<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('DELETE', path, { ...options, body }),
};
