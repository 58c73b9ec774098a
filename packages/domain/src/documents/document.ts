// Administration → Documentation (spec 3 §2.4 "Documentation tab", §3 "Document", §5 and §8 documents,
// "Built-in documentation seed"; issue 15 item 8): the document form, its record, the file it may carry
// and the spec's messages, for the server and the web alike.
import { z } from 'zod';
import { optionalText } from '../records/fields.ts';
import { listQueryBase } from '../records/list-query.ts';
import { pageSchemaOf } from '../records/pagination.ts';

export const DOCUMENT_MESSAGES = {
  titleRequired: 'Title is required',
  versionRequired: 'Version is required',
  searchPlaceholder: 'Search documents...',
  deleteConfirm: 'Are you sure you want to delete this document?',
  created: 'Document Created',
  updated: 'Document Updated',
  deleted: 'Document Deleted',
  error: 'Error',
  loadError: (message: string) => `Error loading documents: ${message}`,
  initialized: 'Documentation Initialized',
  initializedText: 'Milestone documentation has been automatically created.',
  initWarning: 'Initialization Warning',
  initWarningText: 'Some documents may not have been created. Please check the console for details.',
  initFailed: 'Initialization Failed',
  initFailedText: 'Failed to initialize documentation. You can create documents manually.',
  empty: 'No documents found',
  noMatches: 'No documents match your search.',
  notFound: 'Document not found',
  generatedContent:
    'The content of this document is generated from the live permission matrix (Roles & Permissions) and cannot be edited',
  fileType:
    'The file must be a PDF, an image (PNG, JPG, GIF, WebP), a Word, Excel or PowerPoint document, an OpenDocument text or spreadsheet, or plain text',
  fileSize: 'The file must be 10 MB or smaller',
  fileMissing: 'Choose a file to upload',
  fileUnreadable: 'The upload could not be read. Please try again.',
  fileNotFound: 'This document has no file',
  fileRemoved: 'File removed',
} as const;

/** Spec 3 §8: a new document's version. */
export const DEFAULT_DOCUMENT_VERSION = '1.0';

/** The categories the form offers (any other text may be typed); the built-in documents use these. */
export const DOCUMENT_CATEGORIES = [
  'Access Control',
  'Administration',
  'Milestones',
  'Overview',
  'Policies',
  'Technical',
  'Workflow',
  'General',
] as const;

/** Largest file a document may carry. */
export const DOCUMENT_FILE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The types a document's file may have, told by its content (magic bytes; plain text by being UTF-8
 * without control characters), each with the extension it is stored and downloaded under.
 */
export const DOCUMENT_FILE_TYPES = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'text/plain': 'txt',
} as const;
export type DocumentFileType = keyof typeof DOCUMENT_FILE_TYPES;

/** What the file picker offers (the server still decides by content). */
export const DOCUMENT_FILE_ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.webp,.docx,.xlsx,.pptx,.odt,.ods,.txt,.md,.csv';

/**
 * The name a stored file is downloaded under: the uploaded name without any folder, only letters, digits,
 * spaces and . _ ( ) -, at most 100 characters, with the extension of the type its content showed (a PDF
 * uploaded as 'notes.exe' downloads as 'notes.pdf').
 */
export function documentFileName(uploaded: string | undefined, extension: string): string {
  const base = (uploaded ?? '').split(/[\\/]/).pop() ?? '';
  const withoutExtension = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base;
  const safe = withoutExtension
    .normalize('NFKD')
    .replace(/[^\w .()-]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
    .replace(/^[.\s]+/, '');
  return `${safe || 'document'}.${extension}`;
}

export const documentInputSchema = z.object({
  title: z
    .string({ error: DOCUMENT_MESSAGES.titleRequired })
    .trim()
    .min(1, DOCUMENT_MESSAGES.titleRequired)
    .max(200, 'Must be 200 characters or fewer'),
  category: optionalText(100),
  /** The document's own version ('1.0'); `version` is the record's edit counter (DECISIONS.md §6). */
  documentVersion: z
    .string({ error: DOCUMENT_MESSAGES.versionRequired })
    .trim()
    .min(1, DOCUMENT_MESSAGES.versionRequired)
    .max(20, 'Must be 20 characters or fewer')
    .default(DEFAULT_DOCUMENT_VERSION),
  description: optionalText(2000),
  content: optionalText(200_000),
});
export type DocumentInput = z.output<typeof documentInputSchema>;

export const DOCUMENT_EXAMPLE = {
  title: 'Client file closure checklist',
  category: 'Workflow',
  documentVersion: '1.0',
  description: 'What to check before a client file is closed',
  content: '# Before closing\n\n- Visa outcome recorded\n- Final invoice paid\n- Documents returned to the client',
};

const documentFileSchema = z.object({
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});

/** A document as the list shows it (no content: that is read with the document). */
export const documentSummarySchema = z.object({
  id: z.string(),
  controlNumber: z.string(),
  title: z.string(),
  category: z.string().nullable(),
  documentVersion: z.string(),
  description: z.string().nullable(),
  /** One of the built-in documents (spec 3 "Built-in documentation seed"). */
  builtIn: z.boolean(),
  /** Its content is computed from the live permission matrix when read, and cannot be edited. */
  generated: z.boolean(),
  file: documentFileSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdByName: z.string().nullable(),
  updatedByName: z.string().nullable(),
  version: z.number().int(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

export const documentRecordSchema = documentSummarySchema.extend({ content: z.string().nullable() });
export type DocumentRecord = z.infer<typeof documentRecordSchema>;

export const DOCUMENT_SORT_FIELDS = ['createdAt', 'updatedAt', 'title'] as const;

export const documentListQuerySchema = listQueryBase;
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;

export const documentPageSchema = pageSchemaOf(documentSummarySchema);
export type DocumentPage = z.infer<typeof documentPageSchema>;

/**
 * The body of 'first use': an explicit confirmation, sent by the Documentation tab when its first load
 * came back empty, so that no stray or empty request writes the built-in documents.
 */
export const documentSeedRequestSchema = z
  .object({ confirm: z.literal(true, { error: 'Send confirm: true to write the built-in documents' }) })
  .meta({ example: { confirm: true } });

/**
 * What 'first use' answers: `created` when this call wrote the built-in documents, `already` when they
 * were written before (by this or another server process), `notEmpty` when the library had documents.
 */
export const documentSeedResultSchema = z.object({
  status: z.enum(['created', 'already', 'notEmpty']),
  created: z.number().int(),
  expected: z.number().int(),
});
export type DocumentSeedResult = z.infer<typeof documentSeedResultSchema>;
