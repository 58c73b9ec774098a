// Who is acting in a request: the viewer (role and id, for visibility) and the audit context.
import type { FastifyRequest } from 'fastify';
import type { Viewer } from '../db/list-query.ts';
import type { RequestContext } from '../features/audit/record-change.ts';
import { requestContext, requireUser } from './session.ts';

/** The signed-in user acting, with the request's audit context. */
export type Actor = { viewer: Viewer; ctx: RequestContext & { actorId: string } };

export async function actorOf(request: FastifyRequest): Promise<Actor> {
  const user = await requireUser(request);
  return { viewer: { id: user.id, role: user.role }, ctx: { ...(await requestContext(request)), actorId: user.id } };
}
