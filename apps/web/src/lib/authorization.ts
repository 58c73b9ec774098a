// Mirrors the server's permission matrix for menus, route guards and buttons (never the protection).
import { can, canOpenModule, type Module, type Permission, type Role } from '@crm/domain';
import { useSession } from '../features/auth/api/session.ts';

export function useAuthorization() {
  const { data: session } = useSession();
  const role: Role = session?.user.role ?? 'guest';
  const moduleAccess = session?.moduleAccess;
  return {
    role,
    user: session?.user ?? null,
    /** The modules each role opens now, for the domain's rules that take them (mayDeleteService, …). */
    moduleAccess,
    can: (permission: Permission) => Boolean(session) && can(role, permission, moduleAccess),
    canOpen: (module: Module) => Boolean(session) && canOpenModule(role, module, moduleAccess),
  };
}
