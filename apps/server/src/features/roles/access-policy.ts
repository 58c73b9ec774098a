// Module access per role: the domain defaults, overridden by rows an account_administrator saved.
// Kept in memory and reloaded when a role_permissions change event arrives (from any process).
import { DEFAULT_MODULE_ACCESS, isRole, type Module, type ModuleAccess, MODULES } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { storedRoleModules } from './roles.repository.ts';

export type AccessPolicy = {
  moduleAccess: () => ModuleAccess;
  reload: () => Promise<void>;
};

export function createAccessPolicy(db: Executor): AccessPolicy {
  let current: ModuleAccess = DEFAULT_MODULE_ACCESS;
  return {
    moduleAccess: () => current,
    reload: async () => {
      const rows = await storedRoleModules(db);
      const next: ModuleAccess = { ...DEFAULT_MODULE_ACCESS };
      for (const row of rows) {
        if (!isRole(row.role)) continue;
        next[row.role] = row.modules.filter((m): m is Module => (MODULES as readonly string[]).includes(m));
      }
      current = next;
    },
  };
}
