// Reads the counts the database keeps exact on every write (migration 0008, docs/decisions/0008): the
// tab counts, unfiltered list totals and dashboard figures come from here, never from counting a table.
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database.ts';
import { recordCounts } from './schema/index.ts';

export type LeadBucket = { status: string; hidden: boolean; converted: boolean; n: number };
export type ClientBucket = { status: string; hidden: boolean; n: number };
export type ContactBucket = { status: string; revertible: boolean; n: number };

async function buckets(db: Executor, list: 'leads' | 'clients' | 'contacts') {
  const rows = await db
    .select({ key: recordCounts.key, n: recordCounts.n })
    .from(recordCounts)
    .where(eq(recordCounts.list, list));
  return rows.filter((r) => r.n > 0).map((r) => ({ parts: r.key.split('|'), n: Number(r.n) }));
}

/** Live leads (not deleted, not archived) by status, hidden and converted (converted_at set). */
export async function leadBuckets(db: Executor): Promise<LeadBucket[]> {
  return (await buckets(db, 'leads')).map(({ parts: [status, hidden, converted], n }) => ({
    status: status ?? '',
    hidden: hidden === 'true',
    converted: converted === 'true',
    n,
  }));
}

/** Live clients (not deleted) by status and hidden. */
export async function clientBuckets(db: Executor): Promise<ClientBucket[]> {
  return (await buckets(db, 'clients')).map(({ parts: [status, hidden], n }) => ({
    status: status ?? '',
    hidden: hidden === 'true',
    n,
  }));
}

/** Contacts by contact status and whether they can still go back to being a lead. */
export async function contactBuckets(db: Executor): Promise<ContactBucket[]> {
  return (await buckets(db, 'contacts')).map(({ parts: [status, revertible], n }) => ({
    status: status ?? '',
    revertible: revertible === 'true',
    n,
  }));
}

/** The sum of the buckets that pass `keep`. */
export function sumOf<B extends { n: number }>(list: readonly B[], keep: (bucket: B) => boolean): number {
  return list.reduce((total, bucket) => (keep(bucket) ? total + bucket.n : total), 0);
}

/** Most rows a capped count reads: a total above it shows as '10,000+'. */
export const COUNT_CAP = 10_000;

/**
 * How many rows match, counting at most COUNT_CAP + 1 of them (the subquery stops there): for lists whose
 * totals no maintained count holds (a consultant's own records). `capped` when there are more.
 */
export async function cappedCount(
  db: Executor,
  from: PgTable,
  where: SQL | undefined,
  cap: number = COUNT_CAP,
): Promise<{ total: number; capped: boolean }> {
  const result = await db.execute<{ n: number | string }>(
    sql`select count(*) as n from (select 1 from ${from} where ${where ?? sql`true`} limit ${cap + 1}) as c`,
  );
  const n = Number(result.rows[0]?.n ?? 0);
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}
