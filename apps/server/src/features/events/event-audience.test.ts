// Every resource the server publishes reaches someone: a resource without an audience rule would reach no
// one, and its screens would never refresh live (as contracts and webhook deliveries once did).
import { describe, expect, it } from 'vitest';
import { CHANGE_RESOURCES, type ChangeEvent, DEFAULT_MODULE_ACCESS, type Role } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { mayReceive } from './event-audience.ts';

const viewer = { id: '0b8f3c52-4d1e-4c55-9d0e-2f7a1b6c9e01', role: 'account_administrator' as Role };
// The id each resource's event names: the user it is about for the per-user ones, a setting's key, else a row.
const idFor: Record<string, string> = {
  user: viewer.id,
  notification: viewer.id,
  my_tasks: viewer.id,
  timesheet: viewer.id,
  settings: 'general_settings',
};
// An account administrator sees every row (scope 'all'), so no row is read.
const noDatabase = {} as Executor;

describe('change event audience', () => {
  it.each(CHANGE_RESOURCES)("an account administrator receives '%s' events", async (resource) => {
    const event: ChangeEvent = {
      resource,
      action: 'UPDATE',
      id: idFor[resource] ?? '5d7a2f1e-9c3b-4e8a-b6d0-1a2b3c4d5e6f',
      at: new Date(0).toISOString(),
      actorId: null,
    };
    expect(await mayReceive(noDatabase, viewer, DEFAULT_MODULE_ACCESS, event)).toBe(true);
  });

  it('contracts reach the roles that open the Contract Manager, not a guest', async () => {
    const event: ChangeEvent = { resource: 'contract', action: 'CREATE', id: null, at: '', actorId: null };
    const reaches = (role: Role) => mayReceive(noDatabase, { ...viewer, role }, DEFAULT_MODULE_ACCESS, event);
    expect(await reaches('member')).toBe(true);
    expect(await reaches('guest')).toBe(false);
  });
});
