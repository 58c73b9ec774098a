// Change events published by every write (LISTEN/NOTIFY -> Server-Sent Events -> query invalidation).
import { z } from 'zod';

export const changeEventSchema = z.object({
  resource: z.string(),
  action: z.string(),
  id: z.string().nullable(),
  at: z.string(),
  actorId: z.string().nullable(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/** Live-update reconnect rule (spec 1 §9): up to 3 attempts at 2 s times the attempt number. */
export const RECONNECT_ATTEMPTS = 3;
export const reconnectDelayMs = (attempt: number) => 2000 * attempt;
