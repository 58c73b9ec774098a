// Change events published by every write (LISTEN/NOTIFY -> Server-Sent Events -> query invalidation).
import { z } from 'zod';

/**
 * What a change event is about. The server publishes only these; the web keeps each one's queries under
 * [resource] and says what else a change to it refreshes (apps/web/src/lib/refresh.ts), for its own writes
 * and for the events of others alike; the server says who hears each (features/events/event-audience.ts).
 */
export const CHANGE_RESOURCES = [
  'lead',
  'client',
  'contact',
  'my_tasks',
  'user',
  'role_permissions',
  'settings',
  'invoice',
  'mail',
  'webhook',
  'contract',
  'document',
  'service_types',
  'timesheet',
  'notification',
  // A backup was restored: everything.
  'database',
] as const;
export type ChangeResource = (typeof CHANGE_RESOURCES)[number];

export const changeEventSchema = z.object({
  resource: z.enum(CHANGE_RESOURCES),
  action: z.string(),
  id: z.string().nullable(),
  at: z.string(),
  actorId: z.string().nullable(),
});
export type ChangeEvent = z.infer<typeof changeEventSchema>;

/** Live-update reconnect rule (spec 1 §9): up to 3 attempts at 2 s times the attempt number. */
export const RECONNECT_ATTEMPTS = 3;
export const reconnectDelayMs = (attempt: number) => 2000 * attempt;
