// The document library (spec 3 §2.4 Documentation tab, §3 "Document", §8 documents; issue 15 item 8): list
// with search, read, create, change with the version read, delete with its file, the file (told by its
// content, at most 10 MB, behind the storage interface), and the built-in documents written once on first
// use. Every write is audited and announced ('document') in its transaction.
import { fileTypeFromBuffer } from 'file-type';
import {
  DOCUMENT_FILE_MAX_BYTES,
  DOCUMENT_FILE_TYPES,
  DOCUMENT_MESSAGES,
  type DocumentFileType,
  type DocumentInput,
  documentFileName,
  documentInputSchema,
  type DocumentListQuery,
  type DocumentPage,
  type DocumentRecord,
  type DocumentSeedResult,
  type DocumentSummary,
  generatedDocumentContent,
  isGeneratedDocument,
  type ModuleAccess,
} from '@crm/domain';
import type { Database, Executor } from '../../db/database.ts';
import { isUuid, type Viewer } from '../../db/list-query.ts';
import type { Actor } from '../../plugins/actor.ts';
import { AppError, conflict, validationError } from '../../plugins/errors.ts';
import { type FileStorage, newFileKey } from '../../storage/file-storage.ts';
import { changedFields, recordChange } from '../../platform/audit/record-change.ts';
import { patchedForm } from '../record-kit/patch.ts';
import { userFullNames } from '../users/users.repository.ts';
import { readFirmToday, writeSetting } from '../../platform/settings/settings.repository.ts';
import { BUILT_IN_DOCUMENTS } from './built-in-documents.ts';
import {
  anyDocument,
  deleteDocumentRow,
  type DocumentRow,
  documentsPage,
  findDocument,
  insertBuiltInDocuments,
  insertDocument,
  lockDocumentSeed,
  setDocumentFile,
  settingExists,
  updateDocumentRow,
} from './documents.repository.ts';

type DocumentPatch = { [K in keyof DocumentInput]?: DocumentInput[K] | null } & { version: number };

/** The system_settings row saying the built-in documents were written (never again, even once deleted). */
export const SEED_MARKER_KEY = 'document_library_seeded';
export const DOCUMENT_EVENT = 'document';

const notFound = () => new AppError('NOT_FOUND', DOCUMENT_MESSAGES.notFound);
const refuseFile = (message: string) => new AppError('VALIDATION_FAILED', message, { file: [message] });
export const documentFileMessages = {
  missing: () => refuseFile(DOCUMENT_MESSAGES.fileMissing),
  tooLarge: () => refuseFile(DOCUMENT_MESSAGES.fileSize),
  unreadable: () => refuseFile(DOCUMENT_MESSAGES.fileUnreadable),
};

function toSummary(row: DocumentRow, names: Map<string, string>): DocumentSummary {
  return {
    id: row.id,
    controlNumber: row.controlNumber,
    title: row.title,
    category: row.category,
    documentVersion: row.documentVersion,
    description: row.description,
    builtIn: row.builtInKey !== null,
    generated: isGeneratedDocument(row.builtInKey),
    file:
      row.fileKey && row.fileName && row.fileType
        ? { name: row.fileName, contentType: row.fileType, size: row.fileSize ?? 0 }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdByName: row.createdBy ? (names.get(row.createdBy) ?? null) : null,
    updatedByName: row.updatedBy ? (names.get(row.updatedBy) ?? null) : null,
    version: row.version,
  };
}

async function toRecord(db: Executor, row: DocumentRow, access: ModuleAccess): Promise<DocumentRecord> {
  const names = await userFullNames(db, [row.createdBy, row.updatedBy]);
  const content = isGeneratedDocument(row.builtInKey) ? generatedDocumentContent(row.builtInKey, access) : row.content;
  return { ...toSummary(row, names), content };
}

/** The form fields of a stored document, as a PATCH merges over them. */
const formOf = (row: DocumentRow) => ({
  title: row.title,
  category: row.category,
  documentVersion: row.documentVersion,
  description: row.description,
  content: row.content,
});

const columnsOf = (input: DocumentInput) => ({
  title: input.title,
  category: input.category ?? null,
  documentVersion: input.documentVersion,
  description: input.description ?? null,
  content: input.content ?? null,
});

/** One page of documents, newest first; search on control number, title or category. */
export async function listDocuments(db: Executor, viewer: Viewer, query: DocumentListQuery): Promise<DocumentPage> {
  return documentsPage(db, viewer, query, async (rows) => {
    const names = await userFullNames(
      db,
      rows.flatMap((r) => [r.createdBy, r.updatedBy]),
    );
    return rows.map((row) => toSummary(row, names));
  });
}

export async function readDocument(db: Executor, access: ModuleAccess, id: string): Promise<DocumentRecord> {
  const row = await findDocument(db, id);
  if (!row) throw notFound();
  return toRecord(db, row, access);
}

export async function createDocument(
  db: Database,
  actor: Actor,
  access: ModuleAccess,
  input: DocumentInput,
): Promise<DocumentRecord> {
  return db.transaction(async (tx) => {
    const year = (await readFirmToday(tx)).slice(0, 4);
    const values = columnsOf(input);
    const row = await insertDocument(tx, values, year, actor.ctx.actorId);
    await recordChange(tx, actor.ctx, {
      action: 'CREATE_DOCUMENT',
      resourceType: 'DOCUMENT',
      resourceId: row.id,
      newValues: { controlNumber: row.controlNumber, ...values },
      event: DOCUMENT_EVENT,
    });
    return toRecord(tx, row, access);
  });
}

/** PATCH (DECISIONS.md §6): the fields sent over the stored ones, validated whole; a stale version is 409. */
export async function updateDocument(
  db: Database,
  actor: Actor,
  access: ModuleAccess,
  id: string,
  patch: DocumentPatch,
): Promise<DocumentRecord> {
  return db.transaction(async (tx) => {
    const stored = await findDocument(tx, id);
    if (!stored) throw notFound();
    if (stored.version !== patch.version) throw conflict();
    const generated = isGeneratedDocument(stored.builtInKey);
    if (generated && patch.content !== undefined && patch.content !== null) {
      throw validationError({ content: [DOCUMENT_MESSAGES.generatedContent] });
    }
    const next = patchedForm(documentInputSchema, formOf(stored), patch);
    const values = { ...columnsOf(next), ...(generated ? { content: null } : {}) };
    const row = await updateDocumentRow(tx, stored.id, patch.version, values, actor.ctx.actorId);
    if (!row) throw conflict();
    const { oldValues, newValues } = changedFields(formOf(stored), values);
    await recordChange(tx, actor.ctx, {
      action: 'UPDATE_DOCUMENT',
      resourceType: 'DOCUMENT',
      resourceId: row.id,
      oldValues,
      newValues,
      event: DOCUMENT_EVENT,
    });
    return toRecord(tx, row, access);
  });
}

/** Deletes the document and, once that has committed, its file. */
export async function deleteDocument(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: string,
): Promise<{ message: string }> {
  const removed = await db.transaction(async (tx) => {
    if (!isUuid(id)) throw notFound();
    const row = await deleteDocumentRow(tx, id);
    if (!row) throw notFound();
    await recordChange(tx, actor.ctx, {
      action: 'DELETE_DOCUMENT',
      resourceType: 'DOCUMENT',
      resourceId: row.id,
      oldValues: { controlNumber: row.controlNumber, ...formOf(row), fileName: row.fileName },
      event: DOCUMENT_EVENT,
    });
    return row;
  });
  if (removed.fileKey) await storage.remove(removed.fileKey).catch(() => {});
  return { message: DOCUMENT_MESSAGES.deleted };
}

/** No control characters but tab, line feed, form feed and carriage return. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

/** The file's type by its content: a known magic number, or UTF-8 text; 400 with the message otherwise. */
export async function documentFileTypeOf(bytes: Uint8Array): Promise<DocumentFileType> {
  if (bytes.byteLength > DOCUMENT_FILE_MAX_BYTES) throw refuseFile(DOCUMENT_MESSAGES.fileSize);
  if (bytes.byteLength === 0) throw refuseFile(DOCUMENT_MESSAGES.fileMissing);
  const found = await fileTypeFromBuffer(bytes);
  if (found) {
    if (found.mime in DOCUMENT_FILE_TYPES && found.mime !== 'text/plain') return found.mime as DocumentFileType;
    throw refuseFile(DOCUMENT_MESSAGES.fileType);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuseFile(DOCUMENT_MESSAGES.fileType);
  }
  if (CONTROL.test(text)) throw refuseFile(DOCUMENT_MESSAGES.fileType);
  return 'text/plain';
}

/**
 * Stores the file and points the document at it, replacing the one before (removed once the change has
 * committed, so no file is left without its row nor a row without its file).
 */
export async function attachDocumentFile(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  access: ModuleAccess,
  id: string,
  upload: { bytes: Uint8Array; filename: string | undefined },
): Promise<DocumentRecord> {
  const type = await documentFileTypeOf(upload.bytes);
  if (!(await findDocument(db, id))) throw notFound();
  const extension = DOCUMENT_FILE_TYPES[type];
  const key = newFileKey('documents', id, extension);
  await storage.put(key, upload.bytes);
  try {
    const saved = await db.transaction(async (tx) => {
      const before = await findDocument(tx, id);
      if (!before) throw notFound();
      const file = {
        fileKey: key,
        fileName: documentFileName(upload.filename, extension),
        fileType: type,
        fileSize: upload.bytes.byteLength,
      };
      const row = await setDocumentFile(tx, id, file, actor.ctx.actorId);
      await recordChange(tx, actor.ctx, {
        action: 'UPLOAD_DOCUMENT_FILE',
        resourceType: 'DOCUMENT',
        resourceId: id,
        oldValues: before.fileName ? { fileName: before.fileName } : null,
        newValues: { fileName: file.fileName, contentType: type, bytes: file.fileSize },
        event: DOCUMENT_EVENT,
      });
      return { row, replaced: before.fileKey };
    });
    if (saved.replaced) await storage.remove(saved.replaced).catch(() => {});
    return toRecord(db, saved.row, access);
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
}

/** Takes the file off the document (the document stays); removed from storage once that has committed. */
export async function removeDocumentFile(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  access: ModuleAccess,
  id: string,
): Promise<DocumentRecord> {
  const saved = await db.transaction(async (tx) => {
    const before = await findDocument(tx, id);
    if (!before) throw notFound();
    if (!before.fileKey) throw new AppError('NOT_FOUND', DOCUMENT_MESSAGES.fileNotFound);
    const row = await setDocumentFile(
      tx,
      id,
      { fileKey: null, fileName: null, fileType: null, fileSize: null },
      actor.ctx.actorId,
    );
    await recordChange(tx, actor.ctx, {
      action: 'REMOVE_DOCUMENT_FILE',
      resourceType: 'DOCUMENT',
      resourceId: id,
      oldValues: { fileName: before.fileName },
      event: DOCUMENT_EVENT,
    });
    return { row, removed: before.fileKey };
  });
  await storage.remove(saved.removed).catch(() => {});
  return toRecord(db, saved.row, access);
}

/** The document's file for a download: its bytes, type, size and name; 404 without one. */
export async function readDocumentFile(db: Executor, storage: FileStorage, id: string) {
  const row = await findDocument(db, id);
  if (!row) throw notFound();
  const file = row.fileKey ? await storage.get(row.fileKey) : undefined;
  if (!file || !row.fileName || !row.fileType) throw new AppError('NOT_FOUND', DOCUMENT_MESSAGES.fileNotFound);
  const contentType = row.fileType === 'text/plain' ? 'text/plain; charset=utf-8' : row.fileType;
  return { ...file, contentType, filename: row.fileName, disposition: 'attachment' as const };
}

/**
 * First use (spec 3 "Built-in documentation seed"): when the library is empty and the built-in documents
 * were never written, writes them. One transaction at a time holds the advisory lock, and the marker row
 * it leaves makes every later call — from any server process — a no-op, so two racing first opens write
 * them once.
 */
export async function seedBuiltInDocuments(db: Database, actor: Actor): Promise<DocumentSeedResult> {
  const expected = BUILT_IN_DOCUMENTS.length;
  return db.transaction(async (tx) => {
    await lockDocumentSeed(tx);
    if (await settingExists(tx, SEED_MARKER_KEY)) return { status: 'already', created: 0, expected };
    if (await anyDocument(tx)) return { status: 'notEmpty', created: 0, expected };
    const year = (await readFirmToday(tx)).slice(0, 4);
    const base = Date.now();
    // One millisecond apart, so newest-first lists them in a stable order.
    const created = await insertBuiltInDocuments(
      tx,
      BUILT_IN_DOCUMENTS.map((doc, index) => ({
        title: doc.title,
        category: doc.category,
        description: doc.description,
        content: doc.content,
        builtInKey: doc.key,
        createdAt: new Date(base + index),
        updatedAt: new Date(base + index),
        createdBy: actor.ctx.actorId,
        updatedBy: actor.ctx.actorId,
      })),
      year,
    );
    await writeSetting(
      tx,
      SEED_MARKER_KEY,
      { seededAt: new Date(base).toISOString(), count: created },
      actor.ctx.actorId,
    );
    await recordChange(tx, actor.ctx, {
      action: 'SEED_DOCUMENTS',
      resourceType: 'DOCUMENT',
      resourceId: null,
      newValues: { count: created, titles: BUILT_IN_DOCUMENTS.map((doc) => doc.title) },
      event: DOCUMENT_EVENT,
    });
    return { status: 'created', created, expected };
  });
}
