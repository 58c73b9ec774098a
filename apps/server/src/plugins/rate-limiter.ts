// Sliding-window limits kept in PostgreSQL, so every server process on one database counts together
// (DECISIONS.md §6): lead creations per email, sign-in failures per client address, reset mails.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { rateLimitHits } from '../db/schema/index.ts';

export type Limit = { count: number; windowMs: number };

export type LimitCheck = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * The stored key: the kind in clear (for whoever reads the table) and a hash of the value, so the
 * table never holds an email address or a client address.
 */
export function limitKey(kind: string, value: string): string {
  return `${kind}:${createHash('sha256').update(value.trim().toLowerCase()).digest('hex').slice(0, 32)}`;
}

const windowOf = (limit: Limit) => sql`make_interval(secs => ${limit.windowMs / 1000})`;

/**
 * Counts one hit unless the key already used its allowance in the window. One upsert: concurrent
 * hits on the same key wait for each other on the row, so N parallel requests count N.
 */
export async function hitLimit(db: Executor, key: string, limit: Limit): Promise<LimitCheck> {
  const recent = sql`array(select h from unnest(${rateLimitHits.hits}) h where h > now() - ${windowOf(limit)})`;
  const counted = await db
    .insert(rateLimitHits)
    .values({ key, hits: sql`array[now()]`, updatedAt: sql`now()` })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: { hits: sql`${recent} || now()`, updatedAt: sql`now()` },
      setWhere: sql`cardinality(${recent}) < ${limit.count}`,
    })
    .returning({ key: rateLimitHits.key });
  if (counted.length > 0) return { allowed: true };
  return { allowed: false, retryAfterMs: await retryAfter(db, key, limit) };
}

/** Refused while the key has used its allowance, without counting a hit. */
export async function checkLimit(db: Executor, key: string, limit: Limit): Promise<LimitCheck> {
  const [row] = await db
    .execute<{ n: number }>(
      sql`select cardinality(array(select h from unnest(${rateLimitHits.hits}) h where h > now() - ${windowOf(limit)}))::int as n
        from ${rateLimitHits} where ${rateLimitHits.key} = ${key}`,
    )
    .then((r) => r.rows);
  if (!row || row.n < limit.count) return { allowed: true };
  return { allowed: false, retryAfterMs: await retryAfter(db, key, limit) };
}

/** Takes back the newest hit of the key (an attempt that turned out to be no failure, such as a sign-in). */
export async function releaseHit(db: Executor, key: string): Promise<void> {
  await db.execute(
    sql`update ${rateLimitHits} set hits = ${rateLimitHits.hits}[1:cardinality(${rateLimitHits.hits}) - 1]
        where ${rateLimitHits.key} = ${key} and cardinality(${rateLimitHits.hits}) > 0`,
  );
}

/** Until the oldest hit in the window leaves it. */
async function retryAfter(db: Executor, key: string, limit: Limit): Promise<number> {
  const [row] = await db
    .execute<{ ms: number | string | null }>(
      sql`select extract(epoch from (min(h) + ${windowOf(limit)} - now())) * 1000 as ms
        from ${rateLimitHits}, unnest(${rateLimitHits.hits}) h
        where ${rateLimitHits.key} = ${key} and h > now() - ${windowOf(limit)}`,
    )
    .then((r) => r.rows);
  return Math.max(1000, Math.ceil(Number(row?.ms ?? limit.windowMs)));
}

/** Keys idle for longer than any window are dropped now and then (at sign-in, like expired sessions). */
export async function sweepRateLimits(db: Executor): Promise<void> {
  await db.execute(sql`delete from ${rateLimitHits} where ${rateLimitHits.updatedAt} < now() - interval '1 day'`);
}

/** 'N minutes' for a message, at least 1. */
export const minutesOf = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));
