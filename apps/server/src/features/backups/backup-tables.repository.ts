// Which tables a backup holds and in what order (docs/decisions/0015). Read from the catalogue at run time,
// so a table a later migration adds is backed up without anyone listing it here; only what must NOT be
// restored is named.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { MIGRATIONS_FOLDER } from '../../db/database.ts';

/**
 * Left out of a backup and kept as they are by a restore:
 * - sessions: who is signed in now (the restoring administrator stays signed in; a session whose user the
 *   backup does not hold goes with that user);
 * - password_reset_tokens: links mailed out after the backup was taken would otherwise come back to life;
 *   a restore ends them all;
 * - rate_limit_hits: counters of recent attempts, not the firm's data;
 * - job_runs and task_reminder_digests: what the jobs really did and which mails really went out; bringing
 *   back an older state would send a day's reminders twice.
 * pg-boss's queue tables live in their own schema and drizzle's migration record in `drizzle`: never read.
 */
export const KEPT_TABLES = new Set([
  'sessions',
  'password_reset_tokens',
  'rate_limit_hits',
  'job_runs',
  'task_reminder_digests',
]);

/**
 * Kept exact by statement triggers on the tables they count (migrations 0008, 0014, 0021). A restore writes
 * them last, over what the triggers counted while the rows went in, so they equal the backup's.
 */
export const DERIVED_TABLES = ['record_counts', 'service_totals', 'task_counts'];

/** A table and its primary key's columns, by which it is read in order, a batch at a time. */
export type BackupTable = { name: string; key: string[] };

/** The restorable tables, parents before the tables that refer to them, the derived ones last. */
export async function backupTables(db: Executor): Promise<BackupTable[]> {
  const tables = await db.execute<{ name: string; key: string | null }>(sql`
    select c.relname as name,
      (select string_agg(a.attname::text, ',' order by k.ord)
         from pg_index i
         cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
         join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
        where i.indrelid = c.oid and i.indisprimary) as key
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
    order by c.relname`);
  const references = await db.execute<{ child: string; parent: string }>(sql`
    select distinct ch.relname as child, pa.relname as parent
    from pg_constraint f
    join pg_class ch on ch.oid = f.conrelid
    join pg_class pa on pa.oid = f.confrelid
    join pg_namespace n on n.oid = ch.relnamespace
    where f.contype = 'f' and n.nspname = 'public' and ch.relname <> pa.relname`);

  const restorable = tables.rows.filter((t) => !KEPT_TABLES.has(t.name));
  const parentsOf = new Map<string, Set<string>>(restorable.map((t) => [t.name, new Set<string>()]));
  for (const { child, parent } of references.rows) {
    if (parentsOf.has(child) && parentsOf.has(parent)) parentsOf.get(child)!.add(parent);
  }
  const ordered: string[] = [];
  const regular = restorable.map((t) => t.name).filter((name) => !DERIVED_TABLES.includes(name));
  // Alphabetical among equals: two servers of one version order the same tables the same way.
  while (ordered.length < regular.length) {
    const next = regular.find(
      (name) => !ordered.includes(name) && [...parentsOf.get(name)!].every((p) => ordered.includes(p)),
    );
    if (!next) throw new Error('the foreign keys between the tables form a cycle: a backup cannot order them');
    ordered.push(next);
  }
  ordered.push(...DERIVED_TABLES.filter((name) => parentsOf.has(name)));
  return ordered.map((name) => {
    const key = restorable.find((t) => t.name === name)!.key?.split(',');
    if (!key) throw new Error(`table ${name} has no primary key: a backup cannot page it`);
    return { name, key };
  });
}

/** The last migration this build applies (drizzle's journal): a backup restores only into the same one. */
export function currentMigrationId(): string {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.at(-1)!.tag;
}
