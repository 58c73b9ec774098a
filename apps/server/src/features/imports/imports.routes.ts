// /api/imports (issue 15 item 5, Administration › Data Management): preview a file, import it (or dry-run
// it), download a run's error report. Importing leads needs the right to create leads, clients the right
// to create clients (checked by the service for the entity in the path); the route itself is
// Administration's, so consultant and guest — and every role without Administration — are refused.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  importEntityParamsSchema,
  importPreviewSchema,
  importQuerySchema,
  importResultSchema,
  importRunParamsSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { AppError } from '../../plugins/errors.ts';
import { refuseFile } from './import-reader.ts';
import { previewImport, readErrorReport, runImport } from './imports.service.ts';

const IMPORT_ACCESS = { permission: 'admin:create' } as const;

/** The multipart body the API document shows (the handler reads the parts itself). */
const uploadBody = (withMapping: boolean) =>
  z
    .object({
      file: z.string().meta({ format: 'binary', description: 'The CSV file or Excel workbook (.xlsx), under 20 MB' }),
      ...(withMapping
        ? {
            mapping: z.string().meta({
              description:
                'JSON array: for each column of the file, the field it fills or null. Without it, the mapping ' +
                'remembered for this header row, else the automatic one.',
            }),
          }
        : {}),
    })
    .partial()
    // The multipart parser leaves the body empty: the handler reads the parts itself.
    .nullish();

const mappingUnreadable = () =>
  new AppError('VALIDATION_FAILED', IMPORT_MESSAGES.mappingLength, { mapping: [IMPORT_MESSAGES.mappingLength] });

/** The file part (and the mapping field): 400 in the import's words for anything missing, broken or too large. */
async function readUpload(request: FastifyRequest): Promise<{ bytes: Buffer; mapping?: unknown }> {
  if (!request.isMultipart()) throw refuseFile(IMPORT_MESSAGES.fileMissing);
  let bytes: Buffer | undefined;
  let mapping: unknown;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw refuseFile(IMPORT_MESSAGES.fileMissing);
        bytes = await part.toBuffer();
      } else if (part.fieldname === 'mapping') {
        try {
          mapping = JSON.parse(String(part.value));
        } catch {
          throw mappingUnreadable();
        }
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refuseFile(IMPORT_MESSAGES.tooLarge);
    throw refuseFile(IMPORT_MESSAGES.unreadable);
  }
  if (!bytes) throw refuseFile(IMPORT_MESSAGES.fileMissing);
  return { bytes, ...(mapping === undefined ? {} : { mapping }) };
}

/** In a plugin of its own: only these routes parse multipart bodies, so every other route still answers 415. */
export async function importsRoutes(instance: FastifyInstance) {
  await instance.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 1, parts: 2, fieldNameSize: 50, fieldSize: 64 * 1024 },
  });
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/imports/:entity/preview',
    {
      config: { access: IMPORT_ACCESS },
      schema: {
        tags: ['imports'],
        operationId: 'previewImport',
        summary: "A file's headers, its first rows and the column mapping it would get (remembered or automatic)",
        description: 'CSV or Excel (.xlsx), told by the content; nothing is written.',
        consumes: ['multipart/form-data'],
        params: importEntityParamsSchema,
        body: uploadBody(false),
        response: { 200: importPreviewSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const { bytes } = await readUpload(request);
      return previewImport(app.db, actor, request.params.entity, bytes);
    },
  );

  app.post(
    '/api/imports/:entity',
    {
      config: { access: IMPORT_ACCESS },
      schema: {
        tags: ['imports'],
        operationId: 'importRecords',
        summary: 'Import leads or clients from a CSV or Excel file (or check it: dryRun=true)',
        description:
          'Every row is checked as the form checks it, and against the live leads and active clients and the ' +
          'rows before it for a duplicate email or contact number. mode=all_or_nothing writes nothing unless ' +
          'every row is valid; skip_invalid writes the valid rows. One transaction, one audit entry.',
        consumes: ['multipart/form-data'],
        params: importEntityParamsSchema,
        querystring: importQuerySchema,
        body: uploadBody(true),
        response: { 200: importResultSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const upload = await readUpload(request);
      return runImport(app.db, app.storage, actor, {
        entity: request.params.entity,
        mode: request.query.mode,
        dryRun: request.query.dryRun,
        ...upload,
      });
    },
  );

  app.get(
    '/api/imports/runs/:id/error-report',
    {
      config: { access: IMPORT_ACCESS },
      schema: {
        tags: ['imports'],
        operationId: 'downloadImportErrorReport',
        summary: "A run's error report: row, column, message and the row's values (CSV)",
        params: importRunParamsSchema,
        produces: ['text/csv'],
        response: { 200: z.any().meta({ description: 'The file', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const { file, fileName } = await readErrorReport(app.db, app.storage, actor, request.params.id);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Content-Length', String(file.size))
        .header('Cache-Control', 'no-store')
        .send(file.stream);
    },
  );
}
