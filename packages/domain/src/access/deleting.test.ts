import { describe, expect, it } from 'vitest';
import { mayDeleteService, mayDeleteTaskOrNote, type OwningRecordKind } from './deleting.ts';
import { DEFAULT_MODULE_ACCESS, type ModuleAccess } from './permissions.ts';
import { ROLES } from './roles.ts';

const KINDS: OwningRecordKind[] = ['lead', 'client'];
/** Spec 1 §6.2 with DECISIONS.md §2: the roles with the delete action; supervisor never deletes. */
const DELETERS = ['account_administrator', 'administrator'];

describe('deleting a record’s services, tasks and notes (spec 1 §6.2)', () => {
  it.each(ROLES.flatMap((role) => KINDS.map((kind) => [role, kind] as const)))('%s on a %s', (role, kind) => {
    expect(mayDeleteTaskOrNote(role, kind)).toBe(DELETERS.includes(role));
    expect(mayDeleteService(role, kind)).toBe(DELETERS.includes(role));
  });

  it('follows the modules an account administrator saved', () => {
    const noLeads: ModuleAccess = {
      ...DEFAULT_MODULE_ACCESS,
      administrator: DEFAULT_MODULE_ACCESS.administrator.filter((m) => m !== 'leads'),
    };
    expect(mayDeleteTaskOrNote('administrator', 'lead', noLeads)).toBe(false);
    expect(mayDeleteTaskOrNote('administrator', 'client', noLeads)).toBe(true);
    // The Finance overview still deletes the services it lists.
    expect(mayDeleteService('administrator', 'lead', noLeads)).toBe(true);
    const noFinance: ModuleAccess = {
      ...noLeads,
      administrator: noLeads.administrator.filter((m) => m !== 'finance'),
    };
    expect(mayDeleteService('administrator', 'lead', noFinance)).toBe(false);
    // A module given to a role without the delete action gives it no delete.
    const supervisorEverything: ModuleAccess = {
      ...DEFAULT_MODULE_ACCESS,
      supervisor: [...DEFAULT_MODULE_ACCESS.account_administrator],
    };
    expect(mayDeleteService('supervisor', 'client', supervisorEverything)).toBe(false);
    expect(mayDeleteTaskOrNote('supervisor', 'client', supervisorEverything)).toBe(false);
  });
});
