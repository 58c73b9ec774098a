// Every /api route declares who may call it; one hook enforces it before anything else runs.
// A route that declares nothing makes the app fail at start-up (STYLE.md: explicit guards).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  can,
  canOpenModule,
  forbiddenMessage,
  GENERIC_MESSAGES,
  type ModuleAccess,
  type Permission,
  type Role,
  SIGN_IN_MESSAGES,
} from '@crm/domain';
import { AppError } from './errors.ts';

export type RouteAccess =
  | { public: true }
  /** Any signed-in user acting on their own things (session, own profile, live events). */
  | { signedIn: true }
  /** `refusal`: the spec's own words for a role that opens the module but may not do this (spec 3 §6). */
  | { permission: Permission; refusal?: string }
  /** Any one of the permissions (a read that serves several actions, such as the assignment pickers). */
  | { anyPermission: readonly [Permission, ...Permission[]]; refusal?: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

export type RegisteredRoute = { method: string; url: string; access: RouteAccess };

/** Documentation routes registered by the OpenAPI plugins are public by design. */
const DOCUMENTATION_PREFIXES = ['/api/docs', '/api/openapi.json'];

export function registerRouteAccess(app: FastifyInstance, registry: RegisteredRoute[]): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    let access = route.config?.access;
    if (!access && DOCUMENTATION_PREFIXES.some((p) => route.url.startsWith(p))) {
      access = { public: true };
      route.config = { ...route.config, access };
    }
    if (!access) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no access: add config.access`);
    }
    for (const method of methods) {
      if (method === 'HEAD' && route.url !== '/api/ping') continue;
      registry.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || 'public' in access) return;
    await authorize(request, access);
  });
}

async function authorize(request: FastifyRequest, access: Exclude<RouteAccess, { public: true }>) {
  const user = await request.currentUser();
  if (!user) throw new AppError('UNAUTHENTICATED', GENERIC_MESSAGES.unauthenticated);
  if ('signedIn' in access) return;
  // Until a temporary or expired password is changed, only the user's own things (profile, password) answer.
  if (user.mustChangePassword) throw new AppError('FORBIDDEN', SIGN_IN_MESSAGES.changePasswordFirst);
  if ('anyPermission' in access) {
    const moduleAccess = request.server.accessPolicy.moduleAccess();
    if (access.anyPermission.some((permission) => can(user.role, permission, moduleAccess))) return;
    await requirePermission(request, access.anyPermission[0], access.refusal);
    return;
  }
  await requirePermission(request, access.permission, access.refusal);
}

/** Whether a role passes a route's declared access (the route table test and the docs read it too). */
export function accessAllows(access: RouteAccess, role: Role, moduleAccess?: ModuleAccess): boolean {
  if ('public' in access || 'signedIn' in access) return true;
  const permissions = 'anyPermission' in access ? access.anyPermission : [access.permission];
  return permissions.some((permission) => can(role, permission, moduleAccess));
}

/**
 * 403 unless the signed-in user's role has the permission. Routes call it for a second permission that
 * depends on what the request does (a lead saved as Converted to Client also creates a client).
 */
export async function requirePermission(
  request: FastifyRequest,
  permission: Permission,
  refusal?: string,
): Promise<void> {
  const user = await request.currentUser();
  if (!user) throw new AppError('UNAUTHENTICATED', GENERIC_MESSAGES.unauthenticated);
  const moduleAccess = request.server.accessPolicy.moduleAccess();
  if (!can(user.role, permission, moduleAccess)) {
    const module = permission.split(':')[0] as Parameters<typeof canOpenModule>[1];
    const message = canOpenModule(user.role, module, moduleAccess)
      ? (refusal ?? forbiddenMessage(permission))
      : forbiddenMessage(`${module}:view` as Permission);
    throw new AppError('FORBIDDEN', message);
  }
}
