// What an import (issue 15 item 5) keeps: the column mapping per file layout, so the next file with the
// same headers comes pre-mapped, and each run with its counts and the key of its error report.
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns.ts';
import { users } from './users.ts';

/** One mapping per entity and header row (its fingerprint: a SHA-256 of the normalised headers in order). */
export const importMappings = pgTable(
  'import_mappings',
  {
    entity: text().notNull(),
    headerFingerprint: text().notNull(),
    /** One field key (or null: not imported) per column, in the file's order. */
    mapping: jsonb().$type<(string | null)[]>().notNull(),
    updatedAt: timestamptz().notNull().defaultNow(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.entity, t.headerFingerprint] })],
);

/** Every import and dry run: who, what, the counts, and where its error report is stored (if it has one). */
export const importRuns = pgTable(
  'import_runs',
  {
    id: id(),
    entity: text().notNull(),
    mode: text().notNull(),
    dryRun: boolean().notNull(),
    totalRows: integer().notNull(),
    validRows: integer().notNull(),
    invalidRows: integer().notNull(),
    duplicateRows: integer().notNull(),
    importedRows: integer().notNull(),
    errorReportKey: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('import_runs_created_idx').on(t.createdAt)],
);
