// The lead save rule of spec 1 §9: 15 s per request, up to 2 retries on network errors and
// timeouts only (never on a server answer), backoff 500 ms × 1.5^n plus up to 500 ms jitter, capped 3 s.
import { isApiError } from './api-client.ts';

export const SAVE_TIMEOUT_MS = 15_000;
export const SAVE_MAX_RETRIES = 2;
const BASE_DELAY_MS = 500;
const FACTOR = 1.5;
const MAX_JITTER_MS = 500;
const MAX_DELAY_MS = 3_000;

/** Delay before retry number `retry` (0-based). */
export function saveRetryDelayMs(retry: number, random: () => number = Math.random): number {
  return Math.min(BASE_DELAY_MS * FACTOR ** retry + random() * MAX_JITTER_MS, MAX_DELAY_MS);
}

/** Only a request that never got an answer may be sent again. */
export const isRetryableSaveError = (error: unknown) =>
  isApiError(error) && (error.code === 'NETWORK' || error.code === 'TIMEOUT');

export async function withSaveRetry<T>(
  send: (timeoutMs: number) => Promise<T>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  for (let retry = 0; ; retry++) {
    try {
      return await send(SAVE_TIMEOUT_MS);
    } catch (error) {
      if (retry >= SAVE_MAX_RETRIES || !isRetryableSaveError(error)) throw error;
      await wait(saveRetryDelayMs(retry));
    }
  }
}
