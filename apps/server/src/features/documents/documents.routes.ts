// /api/documents: Administration → Documentation (spec 3 §2.4, §3 "Document", §8; issue 15 item 8). The
// library is Administration's: both administrator roles read it and keep it (the spec restricts none of
// its actions to the account administrator); every other role is refused by the Administration module.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DOCUMENT_EXAMPLE,
  DOCUMENT_FILE_MAX_BYTES,
  DOCUMENT_FILE_TYPES,
  documentInputSchema,
  documentListQuerySchema,
  documentPageSchema,
  documentRecordSchema,
  documentSeedRequestSchema,
  documentSeedResultSchema,
  patchSchemaOf,
} from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { sendStoredFile } from '../../storage/file-reply.ts';
import { uploadedNamedFile } from '../../storage/uploaded-file.ts';
import {
  attachDocumentFile,
  createDocument,
  deleteDocument,
  documentFileMessages,
  listDocuments,
  readDocument,
  readDocumentFile,
  removeDocumentFile,
  seedBuiltInDocuments,
  updateDocument,
} from './documents.service.ts';

const params = z.object({ id: z.string().describe('Document id (uuid)') });
const documentPatchSchema = patchSchemaOf(documentInputSchema).meta({
  example: { title: DOCUMENT_EXAMPLE.title, documentVersion: '1.1', version: 1 },
});
const message = z.object({ message: z.string() });
const tags = ['documents'];

export async function documentsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const access = () => app.accessPolicy.moduleAccess();

  app.get(
    '/api/documents',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags,
        summary: 'One page of documents, newest first; search on control number, title or category',
        querystring: documentListQuerySchema,
        response: { 200: documentPageSchema },
      },
    },
    async (request) => listDocuments(app.db, (await actorOf(request)).viewer, request.query),
  );

  app.post(
    '/api/documents/built-in',
    {
      config: { access: { permission: 'admin:create' } },
      schema: {
        tags,
        summary: 'First use: write the built-in documents when the library is empty (once, whoever asks first)',
        description:
          'Answers `created` with the number written, `already` when they were written before (by any server ' +
          'process, even if deleted since), `notEmpty` when the library already holds documents.',
        body: documentSeedRequestSchema,
        response: { 200: documentSeedResultSchema },
      },
    },
    async (request) => seedBuiltInDocuments(app.db, await actorOf(request)),
  );

  app.post(
    '/api/documents',
    {
      config: { access: { permission: 'admin:create' } },
      schema: {
        tags,
        summary: "Create a document; its control number ('DOC-<year>-<NNNN>') is generated",
        body: documentInputSchema.meta({ example: DOCUMENT_EXAMPLE }),
        response: { 201: documentRecordSchema },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createDocument(app.db, await actorOf(request), access(), request.body)),
  );

  app.get(
    '/api/documents/:id',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags,
        summary: 'One document with its content (the access matrix and role comparison computed as of now)',
        params,
        response: { 200: documentRecordSchema },
      },
    },
    async (request) => readDocument(app.db, access(), request.params.id),
  );

  app.patch(
    '/api/documents/:id',
    {
      config: { access: { permission: 'admin:edit' } },
      schema: {
        tags,
        summary: 'Change a document (only the fields sent) with the version last read (409 when stale)',
        description: "A generated document's content cannot be set (400).",
        params,
        body: documentPatchSchema,
        response: { 200: documentRecordSchema },
      },
    },
    async (request) => updateDocument(app.db, await actorOf(request), access(), request.params.id, request.body),
  );

  app.delete(
    '/api/documents/:id',
    {
      config: { access: { permission: 'admin:delete' } },
      schema: { tags, summary: 'Delete a document and its file', params, response: { 200: message } },
    },
    async (request) => deleteDocument(app.db, app.storage, await actorOf(request), request.params.id),
  );

  app.get(
    '/api/documents/:id/file',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags,
        summary: "Download the document's file (as an attachment, with the type its content showed)",
        params,
        produces: Object.keys(DOCUMENT_FILE_TYPES),
        response: { 200: z.any().meta({ description: 'The file', format: 'binary' }) },
      },
    },
    async (request, reply) => sendStoredFile(reply, await readDocumentFile(app.db, app.storage, request.params.id)),
  );

  app.delete(
    '/api/documents/:id/file',
    {
      config: { access: { permission: 'admin:edit' } },
      schema: {
        tags,
        summary: "Remove the document's file (the document stays)",
        params,
        response: { 200: documentRecordSchema },
      },
    },
    async (request) => removeDocumentFile(app.db, app.storage, await actorOf(request), access(), request.params.id),
  );

  await app.register(fileUploadRoute);
}

/**
 * The upload in a plugin of its own: only this route parses multipart bodies (one file of at most 10 MB),
 * so every other route still refuses them with 415.
 */
async function fileUploadRoute(instance: FastifyInstance) {
  await instance.register(multipart, {
    limits: { fileSize: DOCUMENT_FILE_MAX_BYTES + 1, files: 1, fields: 0, parts: 1, fieldNameSize: 50 },
  });
  const child = instance.withTypeProvider<ZodTypeProvider>();
  child.post(
    '/api/documents/:id/file',
    {
      config: { access: { permission: 'admin:edit' } },
      schema: {
        tags,
        summary: 'Upload the document\'s file (multipart, field "file"), replacing the one before',
        description:
          'PDF, PNG, JPG, GIF, WebP, Word, Excel, PowerPoint, OpenDocument text or spreadsheet, or plain UTF-8 ' +
          'text, told by the content, not the name; at most 10 MB. Anything else answers 400.',
        consumes: ['multipart/form-data'],
        params,
        body: z
          .object({ file: z.string().meta({ format: 'binary', description: 'The file, at most 10 MB' }) })
          .partial()
          .nullish(),
        response: { 200: documentRecordSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const upload = await uploadedNamedFile(request, documentFileMessages);
      return attachDocumentFile(
        child.db,
        child.storage,
        actor,
        child.accessPolicy.moduleAccess(),
        request.params.id,
        upload,
      );
    },
  );
}
