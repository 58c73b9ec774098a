// Filter options of a list: which of an enumeration's values occur in the rows a user can list.
import { and, type Column, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database.ts';

/**
 * Which of the candidate values occur in `table`'s rows matching `where`, sorted alphabetically. One index
 * probe per candidate (each filter column has a partial index) instead of a DISTINCT over every row: the
 * values are the domain's enumerations, which every write is validated against.
 */
export async function valuesPresent(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  column: Column,
  candidates: readonly string[],
): Promise<string[]> {
  if (candidates.length === 0) return [];
  const values = sql.join(
    candidates.map((v) => sql`(${v})`),
    sql`, `,
  );
  const result = await db.execute<{ value: string }>(
    sql`select c.value from (values ${values}) as c(value) where exists (select 1 from ${table} where ${and(where, sql`${column} = c.value`)})`,
  );
  return result.rows.map((r) => r.value).sort((a, b) => a.localeCompare(b));
}
