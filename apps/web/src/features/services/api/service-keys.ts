// Where a record's services live in the query cache, and the address of a service's evidence image. The
// keys sit under the record's own ('lead' / 'client'), so the record's change events (every service write
// publishes one) and this tab's own record writes (lib/refresh.ts) reach them without a rule of
// their own.
import type { ServiceEntityType } from '@crm/domain';

/** The lead or client a service belongs to. */
export type ServiceOwner = { type: ServiceEntityType; id: string };

export const serviceKeys = {
  /** The record's services (and, under it, each one read on its own). */
  ofRecord: (owner: ServiceOwner) => [owner.type, 'services', owner.id] as const,
  one: (owner: ServiceOwner, serviceId: string) => [owner.type, 'services', owner.id, serviceId] as const,
};

/** The payment-evidence image; `version` makes a replaced image a new address for the browser's cache. */
export const evidenceUrl = (serviceId: string, version: number) =>
  `/api/services/${encodeURIComponent(serviceId)}/evidence?v=${version}`;
