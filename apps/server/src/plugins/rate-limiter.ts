// A sliding-window counter kept in this process's memory (e.g. 5 lead creations per minute per email).

export type RateLimiter = {
  /** Counts one attempt for the key; false when the key already used its allowance in the window. */
  hit: (key: string, now?: number) => boolean;
};

export function createRateLimiter({ count, windowMs }: { count: number; windowMs: number }): RateLimiter {
  const attempts = new Map<string, number[]>();
  let lastSweep = 0;
  const sweep = (now: number) => {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, times] of attempts) if (times.every((t) => now - t >= windowMs)) attempts.delete(key);
  };
  return {
    hit: (key, now = Date.now()) => {
      sweep(now);
      const recent = (attempts.get(key) ?? []).filter((t) => now - t < windowMs);
      if (recent.length >= count) {
        attempts.set(key, recent);
        return false;
      }
      recent.push(now);
      attempts.set(key, recent);
      return true;
    },
  };
}
