// Who is acting in a request: the viewer (role and id, for visibility), the audit context, and the
// permissions the role has now (for rules that depend on what a request changes, such as reassignment).
import type { FastifyRequest } from 'fastify';
import { can, forbiddenMessage, type ModuleAccess, type Permission } from '@crm/domain';
import type { Viewer } from '../db/list-query.ts';
import type { RequestContext } from '../platform/audit/record-change.ts';
import { AppError } from './errors.ts';
import { requestContext, requireUser } from './session.ts';

/** The signed-in user acting, with the request's audit context. */
export type Actor = {
  viewer: Viewer;
  ctx: RequestContext & { actorId: string };
  can: (permission: Permission) => boolean;
  /** The modules each role opens now, for the domain's rules that take them (mayDeleteService, …). */
  moduleAccess: ModuleAccess;
};

export async function actorOf(request: FastifyRequest): Promise<Actor> {
  const user = await requireUser(request);
  const moduleAccess = request.server.accessPolicy.moduleAccess();
  return {
    viewer: { id: user.id, role: user.role },
    ctx: { ...(await requestContext(request)), actorId: user.id },
    can: (permission) => can(user.role, permission, moduleAccess),
    moduleAccess,
  };
}

/** 403 in the matrix's words unless the actor's role has the permission. */
export function requireActorCan(actor: Actor, permission: Permission): void {
  if (!actor.can(permission)) throw new AppError('FORBIDDEN', forbiddenMessage(permission));
}
