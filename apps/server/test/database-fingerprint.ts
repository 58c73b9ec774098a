// A cheap fingerprint of the business data: per table its row count and an md5 over its rows. Two equal
// fingerprints mean nothing was written. The tables are read from the catalogue at run time, so a table
// added later is covered without anyone listing it here.
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/database.ts';

/**
 * Tables a refused request may still write, by design: the audit trail (a refused sign-in is recorded),
 * sessions (last seen), reset tokens and rate-limit counters. Notifications are written after an earlier
 * answer (a task's assignee hears of it once the response has gone), and the Mail log's rows change when a
 * mail leaves or is kept (after commit, by the delivery), so a later refused request may see them move.
 * Drizzle's own table lives in schema drizzle.
 */
export const NON_BUSINESS_TABLES = new Set([
  'audit_logs',
  'sessions',
  'password_reset_tokens',
  'rate_limit_hits',
  'notifications',
  'mail_messages',
  '__drizzle_migrations',
]);

export type Fingerprint = Record<string, { rows: number; md5: string }>;

export async function businessTables(db: Database): Promise<string[]> {
  const result = await db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name`);
  return result.rows.map((r) => r.table_name).filter((name) => !NON_BUSINESS_TABLES.has(name));
}

export async function businessFingerprint(db: Database): Promise<Fingerprint> {
  const tables = await businessTables(db);
  // One statement for all tables: a fingerprint per request stays affordable.
  const parts = tables.map(
    (name) => sql`select ${name}::text as name, count(*)::int as rows,
      md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from ${sql.identifier(name)} t`,
  );
  if (parts.length === 0) return {};
  const result = await db.execute<{ name: string; rows: number; md5: string }>(sql.join(parts, sql` union all `));
  return Object.fromEntries(result.rows.map((r) => [r.name, { rows: Number(r.rows), md5: r.md5 }]));
}

/** The tables whose fingerprint differs, for a readable failure. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter(
    (name) => before[name]?.rows !== after[name]?.rows || before[name]?.md5 !== after[name]?.md5,
  );
}

/** Every public table (audit trail included) with a row whose text holds `needle`. */
export async function tablesContaining(db: Database, needle: string): Promise<string[]> {
  const result = await db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'`);
  const found: string[] = [];
  for (const { table_name: name } of result.rows) {
    const hits = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(name)} t where strpos(t::text, ${needle}) > 0`,
    );
    if (Number(hits.rows[0]?.n) > 0) found.push(name);
  }
  return found;
}
