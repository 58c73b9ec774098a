// The document library (spec 3 §3 "Document"; issue 15 item 8). Control numbers are 'DOC-<year>-<NNNN>':
// the number from one PostgreSQL sequence (unique across server processes and concurrent saves, never
// reused), the year the firm's at creation, and a unique index as the last word. The file lives behind the
// storage interface; the row holds its key, download name, type and size.
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bigint, index, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id, prefixSearchKey } from './columns.ts';
import { users } from './users.ts';

export const documentControlNumbers = pgSequence('document_control_number_seq', { startWith: 1 });

/** The Documentation tab's search text (3+ letters, trigram): control number, title and category. */
export const documentSearchText = (t: { controlNumber: AnyPgColumn; title: AnyPgColumn; category: AnyPgColumn }) =>
  sql`lower(${t.controlNumber} || ' ' || ${t.title} || ' ' || coalesce(${t.category}, ''))`;

export const documents = pgTable(
  'documents',
  {
    id: id(),
    controlNumber: text().notNull(),
    title: text().notNull(),
    category: text(),
    /** The document's own version ('1.0'); `version` (audit columns) guards edits. */
    documentVersion: text().notNull().default('1.0'),
    description: text(),
    /** Null for a generated document: its content is computed when read. */
    content: text(),
    /** Which built-in document this is ('access_matrix', ...); null for the firm's own. */
    builtInKey: text(),
    fileKey: text(),
    fileName: text(),
    fileType: text(),
    fileSize: bigint({ mode: 'number' }),
    ...auditColumns(),
    createdBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('documents_control_number_idx').on(t.controlNumber),
    uniqueIndex('documents_built_in_key_idx').on(t.builtInKey),
    index('documents_created_idx').on(t.createdAt, t.id),
    index('documents_updated_idx').on(t.updatedAt, t.id),
    index('documents_title_idx').on(t.title, t.id),
    index('documents_search_idx').using('gin', sql`${documentSearchText(t)} gin_trgm_ops`),
    index('documents_number_prefix_idx').on(sql`${prefixSearchKey(t.controlNumber)} text_pattern_ops`),
    index('documents_title_prefix_idx').on(sql`${prefixSearchKey(t.title)} text_pattern_ops`),
    index('documents_category_prefix_idx').on(sql`lower(coalesce(${t.category}, '')) text_pattern_ops`),
  ],
);
