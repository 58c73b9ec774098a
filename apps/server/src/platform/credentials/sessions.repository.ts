// Server-side sessions: the cookie carries a random token, the table keeps only its SHA-256.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { sessions, users } from '../../db/schema/index.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

export async function createSession(
  db: Executor,
  input: { userId: string; timeoutHours: number; ipAddress: string | null; userAgent: string | null },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + input.timeoutHours * 3600_000);
  await db.insert(sessions).values({
    id: hashToken(token),
    userId: input.userId,
    expiresAt,
    ipAddress: input.ipAddress,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  });
  // Expired sessions are swept here rather than by a timer: sign-ins are frequent enough.
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  return { token, expiresAt };
}

export async function findSessionUser(db: Executor, token: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, hashToken(token)), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return row;
}

/** Sliding expiry: activity keeps a session alive for the configured timeout. */
export async function touchSession(db: Executor, sessionId: string, timeoutHours: number): Promise<Date> {
  const expiresAt = new Date(Date.now() + timeoutHours * 3600_000);
  await db.update(sessions).set({ lastSeenAt: new Date(), expiresAt }).where(eq(sessions.id, sessionId));
  return expiresAt;
}

export async function deleteSessionById(db: Executor, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

export async function deleteUserSessions(db: Executor, userId: string, exceptSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`)
        : eq(sessions.userId, userId),
    );
}
