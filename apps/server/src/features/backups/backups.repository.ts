// The backup's SQL (docs/decisions/0015): a table read in key order a batch at a time as JSON lines, and the
// restore's writes — rows put back from JSON with their identity values, tables truncated or emptied, the
// document numbers' sequence moved past the restored ones. Table names come from the catalogue
// (backup-tables.repository.ts) and are always quoted as identifiers.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import type { BackupTable } from './backup-tables.repository.ts';

/**
 * One table in key order, BACKUP_BATCH_ROWS at a time by keyset: the next batch starts after the last
 * row's key, read back from that row's own JSON, so every key type compares as the database does.
 */
export async function* tableChunks(db: Executor, table: BackupTable, batchRows: number): AsyncGenerator<string[]> {
  const name = sql.identifier(table.name);
  const keyOf = (alias: string) =>
    sql.join(
      table.key.map((column) => sql`${sql.identifier(alias)}.${sql.identifier(column)}`),
      sql`, `,
    );
  let last: string | null = null;
  for (;;) {
    const after: ReturnType<typeof sql> =
      last === null
        ? sql`true`
        : sql`(${keyOf('t')}) > (select ${keyOf('r')} from json_populate_record(null::${name}, ${last}::json) r)`;
    const result = await db.execute<{ line: string }>(
      sql`select row_to_json(t)::text as line from ${name} t where ${after} order by ${keyOf('t')} limit ${batchRows}`,
    );
    const lines = result.rows.map((row) => row.line);
    if (lines.length > 0) yield lines;
    if (lines.length < batchRows) return;
    last = lines.at(-1)!;
  }
}

/** Whether maintenance mode is on in the rows being backed up (the restore leaves it as it was then). */
export async function maintenanceModeOf(db: Executor): Promise<boolean> {
  const result = await db.execute<{ on: boolean | null }>(
    sql`select (setting_value ->> 'maintenanceMode')::boolean as on from system_settings
        where setting_key = 'general_settings'`,
  );
  return result.rows[0]?.on === true;
}

/**
 * The columns a row of the table is written with: all but generated ones (the database computes those;
 * none today). Identity columns keep the backup's values (`overriding system value`).
 */
async function writableColumns(tx: Executor, table: string) {
  const columns = await tx.execute<{ name: string }>(
    sql`select column_name::text as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
        order by ordinal_position`,
  );
  return sql.join(
    columns.rows.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
}

export async function insertRows(tx: Executor, table: string, jsonArray: string, onlyKnownUsers = false) {
  const name = sql.identifier(table);
  const columns = await writableColumns(tx, table);
  await tx.execute(
    sql`insert into ${name} (${columns}) overriding system value
        select ${columns} from json_populate_recordset(null::${name}, ${jsonArray}::json) r
        ${onlyKnownUsers ? sql`where exists (select 1 from users u where u.id = r.user_id)` : sql``}`,
  );
}

/** A table's rows as one JSON array ('[]' when it has none). */
export async function tableRowsOf(tx: Executor, table: string): Promise<string> {
  const rows = await tx.execute<{ rows: string | null }>(
    sql`select json_agg(t)::text as rows from ${sql.identifier(table)} t`,
  );
  return rows.rows[0]?.rows ?? '[]';
}

/** One setting's row as a JSON array. */
export async function settingRowsOf(tx: Executor, key: string): Promise<string> {
  const rows = await tx.execute<{ rows: string | null }>(
    sql`select json_agg(t)::text as rows from system_settings t where setting_key = ${key}`,
  );
  return rows.rows[0]?.rows ?? '[]';
}

export async function truncateTables(tx: Executor, tables: readonly string[]): Promise<void> {
  await tx.execute(
    sql`truncate ${sql.join(
      tables.map((t) => sql.identifier(t)),
      sql`, `,
    )}`,
  );
}

export async function emptyTable(tx: Executor, table: string): Promise<void> {
  await tx.execute(sql`delete from ${sql.identifier(table)}`);
}

export async function deleteSetting(tx: Executor, key: string): Promise<void> {
  await tx.execute(sql`delete from system_settings where setting_key = ${key}`);
}

/**
 * A sequence is not a table, so no backup carries it: the document control numbers restored may be past
 * this installation's counter (a backup from a busier or older installation), and the next document would
 * take a number already in use. The counter goes past the highest restored number; never back.
 */
export async function advanceDocumentNumbers(tx: Executor) {
  await tx.execute(sql`
    select setval('document_control_number_seq', greatest(
      (select last_value from document_control_number_seq),
      coalesce((select max(substring(control_number from '([0-9]{1,18})$')::bigint) from documents), 1)
    ))`);
}
