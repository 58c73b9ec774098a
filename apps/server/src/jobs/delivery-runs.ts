// The background runs of a delivery queue a process works itself (the Mail log, webhook events): one run at
// a time per process, run again when woken meanwhile, flushed by tests and awaited by the app's close.
import type { FastifyBaseLogger } from 'fastify';
import { sanitizeError } from '../plugins/logging.ts';

/** Runs `deliverDue` in the background on each wake; a failed run is logged with `failed` and not thrown. */
export function deliveryRuns(deliverDue: () => Promise<unknown>, log: FastifyBaseLogger, failed: string) {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;
  const run = async () => {
    do {
      again = false;
      await deliverDue().catch((error: unknown) => log.warn({ err: sanitizeError(error) }, failed));
    } while (again && !closed);
  };
  return {
    /** Delivers what is due, in the background, one run at a time per process (again if woken meanwhile). */
    wake: () => {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      running = run().finally(() => {
        running = null;
      });
    },
    /** Delivers every row due now, after the current run: what a test reads the queue after. */
    flush: async () => {
      // A run woken meanwhile (the change event arrives when it arrives) may hold a row locked while this
      // pass skips it: wait for that run too, until no run is left, so what is due has been tried once.
      do {
        await running;
        await deliverDue();
      } while (running);
    },
    /** Stops waking and resolves when the current run (if any) ends: the app's close waits for it. */
    close: async () => {
      closed = true;
      await running;
    },
  };
}
