// Resolves the signed-in user from the session cookie (once per request) and guards
// cookie-authenticated writes against cross-site requests.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normalizeRole, PUBLIC_ENQUIRY_URL, type Role } from '@crm/domain';
import type { RequestContext } from '../platform/audit/record-change.ts';
import { findSessionUser, touchSession } from '../platform/credentials/sessions.repository.ts';
import { readSecuritySettings } from '../platform/settings/settings.repository.ts';
import { AppError } from './errors.ts';

export const SESSION_COOKIE = 'crm_session';
const TOUCH_AFTER_MS = 5 * 60_000;

export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  sessionId: string;
  /** A temporary or expired password: only the user's own things answer until it is changed. */
  mustChangePassword: boolean;
};

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: () => Promise<SessionUser | null>;
    context: () => RequestContext;
    sessionUserCache?: Promise<SessionUser | null>;
    /** Set when the session's expiry moved, so the cookie's expiry follows it. */
    renewedSession?: { token: string; expiresAt: Date };
  }
}

export function registerSession(app: FastifyInstance, allowed: Set<string>): void {
  app.decorateRequest('currentUser', function (this: FastifyRequest) {
    this.sessionUserCache ??= resolveUser(this);
    return this.sessionUserCache;
  });
  app.decorateRequest('context', function (this: FastifyRequest): RequestContext {
    return {
      actorId: null,
      ipAddress: this.ip ?? null,
      userAgent: this.headers['user-agent']?.slice(0, 500) ?? null,
    };
  });

  app.addHook('onSend', async (request, reply) => {
    if (request.renewedSession)
      setSessionCookie(request, reply, request.renewedSession.token, request.renewedSession.expiresAt);
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api') || ['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    // The public enquiry form's POST carries no session and is guarded by its spam checks and limits instead
    // (docs/decisions/0021); it may come from a firm's own site framing the page. Only that route.
    if (request.method === 'POST' && request.routeOptions.url === PUBLIC_ENQUIRY_URL) return;
    if (isCrossSite(request, allowed)) {
      throw new AppError('FORBIDDEN', 'Cross-site request refused.');
    }
  });
}

async function resolveUser(request: FastifyRequest): Promise<SessionUser | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return null;
  const db = request.server.db;
  const row = await findSessionUser(db, token);
  if (!row || row.user.status !== 'active') return null;
  if (Date.now() - row.session.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    const security = await readSecuritySettings(db);
    const expiresAt = await touchSession(db, row.session.id, security.sessionTimeoutHours);
    request.renewedSession = { token, expiresAt };
  }
  return {
    id: row.user.id,
    email: row.user.email,
    firstName: row.user.firstName,
    lastName: row.user.lastName,
    role: normalizeRole(row.user.role),
    sessionId: row.session.id,
    mustChangePassword: row.user.mustChangePassword,
  };
}

/** Context for audit rows: who acted, from where. */
export async function requestContext(request: FastifyRequest): Promise<RequestContext> {
  const user = await request.currentUser();
  return { ...request.context(), actorId: user?.id ?? null };
}

/** An origin as the browser writes it (scheme, host, port; default ports dropped), or null if malformed. */
function originOf(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The origins cookie-authenticated writes may come from besides the request's own: APP_URL and TRUSTED_ORIGINS. */
export function allowedOrigins(appUrl: string | null, trustedOrigins: readonly string[]): Set<string> {
  return new Set([appUrl, ...trustedOrigins].flatMap((v) => (v ? [originOf(v)] : [])).filter((v) => v !== null));
}

/**
 * Browsers send Origin on every cross-site write; non-browser clients carry no ambient cookie risk.
 * The Origin must equal the app's own origin in scheme, host and port. The request's own origin uses
 * X-Forwarded-Proto/-Host only when TRUST_PROXY names the proxy (Fastify's trustProxy), so a client
 * cannot vouch for its own Origin with a forwarded header.
 */
function isCrossSite(request: FastifyRequest, allowed: Set<string>): boolean {
  const header = request.headers.origin;
  if (header) {
    const origin = originOf(header);
    if (origin === null) return true;
    return !allowed.has(origin) && origin !== originOf(`${request.protocol}://${request.host}`);
  }
  return request.headers['sec-fetch-site'] === 'cross-site';
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Secure whenever the browser reached us over HTTPS (trustProxy makes this honour X-Forwarded-Proto);
    // a plain-HTTP start on localhost or a LAN address must still be able to sign in.
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}

export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const user = await request.currentUser();
  if (!user) throw new AppError('UNAUTHENTICATED', 'Authentication required');
  return user;
}
