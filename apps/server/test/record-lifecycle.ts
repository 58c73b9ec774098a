// The record lifecycle steps the maintained-count property tests (record_counts, service_totals, task_counts)
// mix with their own writes: each step takes a record chosen by a number fast-check draws, so a sequence of
// them reaches conversions, reversions, archives, restores, deletes and purges in any order.
import { type SQL, sql } from 'drizzle-orm';
import type { Role } from '@crm/domain';
import { idPath } from './api-client.ts';
import type { Fixture } from './record-fixtures.ts';

export const LIFECYCLE_STEPS = [
  'convertLead',
  'revertClient',
  'archiveLead',
  'restoreContactToLead',
  'restoreContactToClient',
  'deleteLead',
  'restoreDeletedLead',
  'deleteClient',
  'purgeLead',
] as const;
export type LifecycleStep = (typeof LIFECYCLE_STEPS)[number];

export const isLifecycleStep = (op: string): op is LifecycleStep => (LIFECYCLE_STEPS as readonly string[]).includes(op);

/** The `pick`-th of `list`, round and round; none of an empty list. */
export const pickFrom = <T>(list: T[], pick: number) => (list.length === 0 ? undefined : list[pick % list.length]);

/** `f` may still be empty (fixtureForFile): it is read only when a step runs. */
export function recordLifecycle(f: Fixture) {
  /** The ids a query selects (as `id`). */
  const ids = async (query: SQL): Promise<string[]> => {
    const result = await f.t.database.db.execute<{ id: string }>(query);
    return result.rows.map((r) => r.id);
  };
  const liveLeads = () => ids(sql`select id from leads where deleted_at is null and archived_at is null order by id`);
  const liveClients = () => ids(sql`select id from clients where deleted_at is null order by id`);
  const deletedLeads = () => ids(sql`select id from leads where deleted_at is not null order by id`);

  /** The answer's status to `send` on `id`; none when there is no record to send it on. */
  const on = async (id: string | undefined, send: (id: string) => Promise<{ response: Response }>) =>
    id === undefined ? undefined : (await send(id)).response.status;

  /**
   * Runs one step as `role` on a record chosen by `pick`; returns the answer's status, or undefined when there
   * was no record to take the step on.
   */
  const step = async (op: LifecycleStep, pick: number, role: Role = 'administrator'): Promise<number | undefined> => {
    const api = f.api(role);
    switch (op) {
      case 'convertLead':
        return on(pickFrom(await liveLeads(), pick), (id) =>
          api.POST('/api/leads/{id}/convert', { ...idPath(id), body: {} }),
        );
      case 'revertClient':
        return on(
          pickFrom(await ids(sql`select id from clients where converted_from_lead_id is not null order by id`), pick),
          (id) => api.POST('/api/clients/{id}/revert', idPath(id)),
        );
      case 'archiveLead':
        return on(pickFrom(await liveLeads(), pick), (id) =>
          api.POST('/api/leads/{id}/archive', { ...idPath(id), body: {} }),
        );
      case 'restoreContactToLead':
      case 'restoreContactToClient': {
        const type = op === 'restoreContactToLead' ? 'lead' : 'client';
        return on(
          pickFrom(await ids(sql`select id from contacts where contact_status <> 'Reverted' order by id`), pick),
          (id) => api.POST('/api/contacts/{id}/restore', { ...idPath(id), body: { type, notes: 'Back on the list' } }),
        );
      }
      case 'deleteLead':
        return on(pickFrom(await liveLeads(), pick), (id) =>
          api.DELETE('/api/leads/{id}', { ...idPath(id), body: {} }),
        );
      case 'restoreDeletedLead':
        return on(pickFrom(await deletedLeads(), pick), (id) => api.POST('/api/leads/{id}/restore', idPath(id)));
      case 'deleteClient':
        return on(pickFrom(await liveClients(), pick), (id) =>
          api.DELETE('/api/clients/{id}', { ...idPath(id), body: {} }),
        );
      case 'purgeLead':
        return on(pickFrom(await deletedLeads(), pick), (id) => api.DELETE('/api/leads/{id}/permanent', idPath(id)));
    }
  };

  return { ids, liveLeads, liveClients, step };
}
