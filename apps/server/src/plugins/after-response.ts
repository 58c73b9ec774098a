// Work a request starts but does not wait for, so the answer does not reveal it (a reset mail to a
// known address must not answer later than to an unknown one). Failures are logged, never thrown;
// closing the app waits for what is still running, and tests can wait for it too.
import type { FastifyBaseLogger } from 'fastify';

export type AfterResponse = {
  /** Runs the task once the current request has answered. */
  run: (name: string, task: () => Promise<void>) => void;
  /** Resolves when every task started so far has finished. */
  settled: () => Promise<void>;
};

export function createAfterResponse(log: FastifyBaseLogger): AfterResponse {
  const running = new Set<Promise<void>>();
  return {
    run: (name, task) => {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, `${name} failed after the response`))
        .finally(() => running.delete(done));
      running.add(done);
    },
    settled: async () => {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
