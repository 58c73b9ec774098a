import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { saveRetryDelayMs, withSaveRetry } from './save-retry.ts';

const network = () => new ApiError(0, { code: 'NETWORK', message: 'Connection error' });
const noWait = () => Promise.resolve();

describe('saveRetryDelayMs', () => {
  it('grows by 1.5 from 500 ms, adds jitter and stops at 3 s', () => {
    expect(saveRetryDelayMs(0, () => 0)).toBe(500);
    expect(saveRetryDelayMs(1, () => 0)).toBe(750);
    expect(saveRetryDelayMs(1, () => 1)).toBe(1250);
    expect(saveRetryDelayMs(10, () => 1)).toBe(3000);
  });
});

describe('withSaveRetry', () => {
  it('retries network errors twice, then gives up', async () => {
    let calls = 0;
    await expect(
      withSaveRetry(() => {
        calls++;
        return Promise.reject(network());
      }, noWait),
    ).rejects.toThrow('Connection error');
    expect(calls).toBe(3);
  });

  it('returns the first success', async () => {
    let calls = 0;
    const result = await withSaveRetry((timeoutMs) => {
      calls++;
      return calls < 2 ? Promise.reject(network()) : Promise.resolve(timeoutMs);
    }, noWait);
    expect(result).toBe(15_000);
    expect(calls).toBe(2);
  });

  it('never retries an answer from the server', async () => {
    let calls = 0;
    await expect(
      withSaveRetry(() => {
        calls++;
        return Promise.reject(new ApiError(409, { code: 'CONFLICT', message: 'Duplicate' }));
      }, noWait),
    ).rejects.toThrow('Duplicate');
    expect(calls).toBe(1);
  });
});
