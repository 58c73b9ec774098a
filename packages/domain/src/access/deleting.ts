// Who deletes a lead's or client's services, tasks and notes (issue 28; spec 1 §6.2, DECISIONS.md §2;
// docs/decisions/0027): deleting needs the role's delete action on the module, whoever wrote the entry or
// was given it. The server refuses with it and the web hides the delete buttons it would refuse.
import { can, type ModuleAccess, type Permission } from './permissions.ts';
import type { Role } from './roles.ts';

/** The kind of record a service, task or note belongs to. */
export type OwningRecordKind = 'lead' | 'client';

export const recordDeletePermission = (kind: OwningRecordKind): Permission =>
  kind === 'lead' ? 'leads:delete' : 'clients:delete';

/** A task or note: the delete permission of its record's module. */
export function mayDeleteTaskOrNote(role: Role, kind: OwningRecordKind, moduleAccess?: ModuleAccess): boolean {
  return can(role, recordDeletePermission(kind), moduleAccess);
}

/** A service: its record module's delete permission, or Finance's (the overview deletes any service it lists). */
export function mayDeleteService(role: Role, kind: OwningRecordKind, moduleAccess?: ModuleAccess): boolean {
  return can(role, 'finance:delete', moduleAccess) || can(role, recordDeletePermission(kind), moduleAccess);
}
