import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { passwordResetTokens } from '../../db/schema/index.ts';
import { hashToken, newToken } from './sessions.repository.ts';

export async function createPasswordResetToken(db: Executor, userId: string, validHours: number): Promise<string> {
  const token = newToken();
  await db.insert(passwordResetTokens).values({
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + validHours * 3600_000),
  });
  return token;
}

/** Marks the token used and returns its user, or null when it is unknown, used or expired. */
export async function consumePasswordResetToken(db: Executor, token: string): Promise<string | null> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResetTokens.id, hashToken(token)),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId ?? null;
}

/** Ends every unused link of the user (after a reset or a password change). */
export async function revokePasswordResetTokens(db: Executor, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
