// Roles & Permissions (issue 14 item 3): which modules each role may open, stored in role_permissions and
// enforced by the server at once (this process reloads before answering; the others on the change event).
import {
  DEFAULT_MODULE_ACCESS,
  type Module,
  MODULES,
  normalizeRole,
  type Role,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  roleModulesProblem,
  ROLES,
  type RoleSummary,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { validationError } from '../../plugins/errors.ts';
import { recordChange, type RequestContext } from '../../platform/audit/record-change.ts';
import type { AccessPolicy } from './access-policy.ts';
import { deleteRoleModules, upsertRoleModules, userCountsByRole } from './roles.repository.ts';

const inMenuOrder = (modules: readonly Module[]) => MODULES.filter((m) => modules.includes(m));
const same = (a: readonly Module[], b: readonly Module[]) => inMenuOrder(a).join(',') === inMenuOrder(b).join(',');

export async function listRoles(db: Executor, policy: AccessPolicy): Promise<RoleSummary[]> {
  const counts = await userCountsByRole(db);
  const byRole = new Map<Role, number>();
  for (const row of counts) {
    const role = normalizeRole(row.role);
    byRole.set(role, (byRole.get(role) ?? 0) + Number(row.n));
  }
  const access = policy.moduleAccess();
  return ROLES.map((role) => ({
    role,
    label: ROLE_LABELS[role],
    description: ROLE_DESCRIPTIONS[role],
    userCount: byRole.get(role) ?? 0,
    modules: inMenuOrder(access[role]),
    defaults: inMenuOrder(DEFAULT_MODULE_ACCESS[role]),
    customised: !same(access[role], DEFAULT_MODULE_ACCESS[role]),
  }));
}

/** Saves the role's modules (null: back to the defaults), audited with before and after, in one transaction. */
export async function saveRoleModules(
  db: Database,
  policy: AccessPolicy,
  ctx: RequestContext & { actorId: string },
  role: Role,
  modules: readonly Module[] | null,
): Promise<RoleSummary> {
  const next = inMenuOrder(modules ?? DEFAULT_MODULE_ACCESS[role]);
  const problem = roleModulesProblem(role, next);
  if (problem) throw validationError({ modules: [problem] });
  const before = inMenuOrder(policy.moduleAccess()[role]);
  await db.transaction(async (tx) => {
    if (modules === null) await deleteRoleModules(tx, role);
    else await upsertRoleModules(tx, role, next, ctx.actorId);
    await recordChange(tx, ctx, {
      action: modules === null ? 'RESTORE_ROLE_DEFAULTS' : 'UPDATE_ROLE_PERMISSIONS',
      resourceType: 'ROLE',
      resourceId: role,
      oldValues: { modules: before },
      newValues: { modules: next },
      event: 'role_permissions',
    });
  });
  // This process enforces the change before it answers; the others reload on the change event.
  await policy.reload();
  const summary = (await listRoles(db, policy)).find((r) => r.role === role);
  if (!summary) throw new Error(`role ${role} missing`);
  return summary;
}
