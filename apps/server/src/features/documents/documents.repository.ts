// The only place that reads and writes the document library's rows (documents) and its seed marker.
import { and, eq, sql } from 'drizzle-orm';
import type { DOCUMENT_SORT_FIELDS, DocumentListQuery, DocumentSummary } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { isUuid, listPage, sortKey, type Viewer } from '../../db/list-query.ts';
import { documents, documentSearchText, systemSettings } from '../../db/schema/index.ts';
import { changedBy, prefixSearchKey } from '../../db/schema/columns.ts';

export type DocumentRow = typeof documents.$inferSelect;
export type DocumentColumns = Pick<
  typeof documents.$inferInsert,
  'title' | 'category' | 'documentVersion' | 'description' | 'content'
>;
export type DocumentFileColumns = Pick<typeof documents.$inferInsert, 'fileKey' | 'fileName' | 'fileType' | 'fileSize'>;
export type BuiltInDocumentValues = DocumentColumns &
  Pick<typeof documents.$inferInsert, 'builtInKey' | 'createdAt' | 'updatedAt' | 'createdBy' | 'updatedBy'>;

/**
 * 'DOC-<the firm's year>-<NNNN>' from the one sequence: unique whatever runs at the same time, in any
 * server process (a sequence never hands out a number twice), and never reused after a delete. More digits
 * after 9999: lpad() cuts a longer string to its length, so 10000 would have come out as '1000' again.
 */
const nextControlNumber = (year: string) =>
  sql<string>`(select 'DOC-' || ${year} || '-' || lpad(n::text, greatest(4, length(n::text)), '0') from nextval('document_control_number_seq') as n)`;

export async function findDocument(db: Executor, id: string): Promise<DocumentRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(documents).where(eq(documents.id, id)).limit(1);
  return row;
}

/** One page of documents; search on control number, title or category. */
export function documentsPage(
  db: Executor,
  viewer: Viewer,
  query: DocumentListQuery,
  toItems: (rows: DocumentRow[]) => Promise<DocumentSummary[]>,
) {
  return listPage<typeof documents, DocumentSummary, (typeof DOCUMENT_SORT_FIELDS)[number]>(db, {
    viewer,
    from: documents,
    conditions: [],
    search: {
      expression: documentSearchText(documents),
      prefixes: [
        prefixSearchKey(documents.controlNumber),
        prefixSearchKey(documents.title),
        sql`lower(coalesce(${documents.category}, ''))`,
      ],
      term: query.search,
    },
    sort: {
      keys: {
        createdAt: sortKey(documents.createdAt, 'timestamptz'),
        updatedAt: sortKey(documents.updatedAt, 'timestamptz'),
        title: sortKey(documents.title),
      },
      requested: query.sort,
      fallback: 'createdAt',
      tieBreaker: documents.id,
    },
    query,
    filtered: Boolean(query.search),
    toItems,
  });
}

/** A new document numbered for the firm's year. */
export async function insertDocument(
  tx: Executor,
  values: DocumentColumns,
  year: string,
  actorId: string,
): Promise<DocumentRow> {
  const [row] = await tx
    .insert(documents)
    .values({
      ...values,
      controlNumber: nextControlNumber(year),
      createdBy: actorId,
      updatedBy: actorId,
    })
    .returning();
  return row!;
}

/** The change, at the version read; undefined when the row changed meanwhile. */
export async function updateDocumentRow(
  tx: Executor,
  id: string,
  version: number,
  values: DocumentColumns,
  actorId: string,
): Promise<DocumentRow | undefined> {
  const [row] = await tx
    .update(documents)
    .set({
      ...values,
      ...changedBy(documents, actorId),
    })
    .where(and(eq(documents.id, id), eq(documents.version, version)))
    .returning();
  return row;
}

export async function deleteDocumentRow(tx: Executor, id: string): Promise<DocumentRow | undefined> {
  const [row] = await tx.delete(documents).where(eq(documents.id, id)).returning();
  return row;
}

/** Points the document at a file, or at none (every file column null). */
export async function setDocumentFile(
  tx: Executor,
  id: string,
  file: DocumentFileColumns,
  actorId: string,
): Promise<DocumentRow> {
  const [row] = await tx
    .update(documents)
    .set({ ...file, ...changedBy(documents, actorId) })
    .where(eq(documents.id, id))
    .returning();
  return row!;
}

/** Held until the transaction ends: one first use at a time writes the built-in documents. */
export async function lockDocumentSeed(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('document-library-seed'))`);
}

export async function settingExists(tx: Executor, key: string): Promise<boolean> {
  const [marker] = await tx
    .select({ key: systemSettings.settingKey })
    .from(systemSettings)
    .where(eq(systemSettings.settingKey, key))
    .limit(1);
  return Boolean(marker);
}

export async function anyDocument(tx: Executor): Promise<boolean> {
  const [existing] = await tx.select({ id: documents.id }).from(documents).limit(1);
  return Boolean(existing);
}

/** The built-in documents, each numbered for the firm's year; how many were written. */
export async function insertBuiltInDocuments(
  tx: Executor,
  values: BuiltInDocumentValues[],
  year: string,
): Promise<number> {
  const rows = await tx
    .insert(documents)
    .values(values.map((value) => ({ ...value, controlNumber: nextControlNumber(year) })))
    .returning({ id: documents.id });
  return rows.length;
}
