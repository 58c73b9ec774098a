// /api/services and a record's services (/api/leads/{id}/services, /api/clients/{id}/services): spec 2
// "Services Availed panel", §5, §7 (issue 11). The record's permissions decide: view to read, edit to write.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EVIDENCE_MAX_BYTES,
  patchSchemaOf,
  SERVICE_MESSAGES,
  serviceChartSchema,
  serviceExportFileName,
  serviceExportQuerySchema,
  serviceFilterSchema,
  serviceOverviewPageSchema,
  serviceOverviewQuerySchema,
  serviceSummarySchema,
  type ServiceEntityType,
  serviceFieldsSchema,
  serviceInputSchema,
  serviceRecordSchema,
  versionField,
} from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { imageVersionQuery, sendStoredFile } from '../../storage/file-reply.ts';
import { uploadedFile } from '../../storage/uploaded-file.ts';
import { recordChange } from '../../platform/audit/record-change.ts';
import { readDisplaySetting, readFirmToday } from '../../platform/settings/settings.repository.ts';
import { exportServices, listServiceOverview, serviceChart, serviceSummary } from './services-overview.ts';
import {
  attachEvidence,
  evidenceMissing,
  evidenceTooLarge,
  evidenceUnreadable,
  readEvidence,
} from './payment-evidence.ts';
import {
  addService,
  deleteService,
  listServicesOf,
  readService,
  purgeService,
  restoreService,
  updateService,
} from './services.service.ts';

const recordParams = z.object({ id: z.string().describe('Lead or client id (uuid)') });
const serviceParams = z.object({ id: z.string().describe('Service id (uuid)') });
const servicePatchSchema = patchSchemaOf(serviceFieldsSchema);
const deleteBody = z
  .preprocess(
    (v) => v ?? {},
    z.object({ reason: z.string().trim().max(500).optional(), version: versionField().optional() }),
  )
  .optional();

const EXCEL_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const RECORDS: { type: ServiceEntityType; path: string; module: 'leads' | 'clients' }[] = [
  { type: 'lead', path: '/api/leads/:id/services', module: 'leads' },
  { type: 'client', path: '/api/clients/:id/services', module: 'clients' },
];

export async function servicesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['services'];

  for (const { type, path, module } of RECORDS) {
    app.get(
      path,
      {
        config: { access: { permission: `${module}:view` } },
        schema: {
          tags,
          summary: `The ${type}'s services, newest first (at most 100; deleted ones left out)`,
          description: `404 when the ${type} does not exist or is not visible to the user (a consultant: its own).`,
          params: recordParams,
          response: { 200: z.array(serviceRecordSchema) },
        },
      },
      async (request) => listServicesOf(app.db, await actorOf(request), { type, id: request.params.id }),
    );

    app.post(
      path,
      {
        config: { access: { permission: `${module}:edit` } },
        schema: {
          tags,
          summary: `Add a service to the ${type}`,
          description:
            'Money as decimal strings with at most 2 decimals. Tuition terms are kept only for the service named ' +
            "'Tuition Fee' (their paid amounts then make the service's); the terms may not add up to more than the fee, " +
            'nor the paid amount exceed it. The payment status is derived. 409 when the record is read-only.',
          params: recordParams,
          body: serviceInputSchema,
          response: { 201: serviceRecordSchema },
        },
      },
      async (request, reply) => {
        const service = await addService(app.db, await actorOf(request), { type, id: request.params.id }, request.body);
        return reply.code(201).send(service);
      },
    );
  }

  app.get(
    '/api/services/:id',
    {
      // The service's record decides which module's view permission applies (services.service.ts).
      config: { access: { anyPermission: ['leads:view', 'clients:view'] } },
      schema: {
        tags,
        summary: 'One service',
        description: "404 'Service not found or has been deleted' when it is deleted or its record is not visible.",
        params: serviceParams,
        response: { 200: serviceRecordSchema },
      },
    },
    async (request) => readService(app.db, await actorOf(request), request.params.id),
  );

  app.patch(
    '/api/services/:id',
    {
      config: { access: { anyPermission: ['leads:edit', 'clients:edit'] } },
      schema: {
        tags,
        summary: 'Save the fields sent, with the version last read',
        description:
          'Partial: the fields sent change, the others stay; the service they make is validated whole. Needs the edit ' +
          "permission of the service's record; 409 when the version is stale or the record is read-only.",
        params: serviceParams,
        body: servicePatchSchema,
        response: { 200: serviceRecordSchema },
      },
    },
    async (request) => updateService(app.db, await actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/services/:id',
    {
      // The record's deleters on its panel, and Finance's on the overview (spec 1 §6.2; services.service.ts).
      config: {
        access: {
          anyPermission: ['leads:delete', 'clients:delete', 'finance:delete'],
          refusal: SERVICE_MESSAGES.deleteRefused,
        },
      },
      schema: {
        tags,
        summary: "Soft delete (recoverable by administrators); reason defaults to 'Deleted by user'",
        description:
          "Needs the delete permission of the service's record kind, or Finance's (administrators and account " +
          "administrators); 403 'Only administrators can delete services' otherwise.",
        params: serviceParams,
        body: deleteBody,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => deleteService(app.db, await actorOf(request), request.params.id, request.body ?? {}),
  );

  app.post(
    '/api/services/:id/restore',
    {
      config: { access: { anyPermission: ['leads:delete', 'clients:delete'] } },
      schema: {
        tags,
        summary: 'Restore a deleted service (Deleted Items)',
        description: "Needs the delete permission of the service's record kind; the record must be live and visible.",
        params: serviceParams,
        response: { 200: serviceRecordSchema },
      },
    },
    async (request) => restoreService(app.db, await actorOf(request), request.params.id),
  );

  app.delete(
    '/api/services/:id/permanent',
    {
      config: { access: { anyPermission: ['leads:delete_permanent', 'clients:delete_permanent'] } },
      schema: {
        tags,
        summary: 'Delete a deleted service forever (Deleted Items; account administrators)',
        description:
          "Needs the permanent-delete permission of the service's record kind; the audit log keeps its values.",
        params: serviceParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => purgeService(app.db, app.storage, await actorOf(request), request.params.id),
  );

  await app.register(evidenceUploadRoute);

  app.get(
    '/api/services',
    {
      config: { access: { permission: 'finance:view' } },
      schema: {
        tags,
        summary: 'Finance → Services Overview: every listed service with its lead or client, filtered and paged',
        description:
          "Services not deleted, of records not deleted. Search: the service name, the record's name and email (1–2 " +
          'letters: their start). from / until bound the start date (a service without one passes). Keyset pages as ' +
          'every list; the list is never counted (total null): GET /api/services/summary counts the filtered set exactly.',
        querystring: serviceOverviewQuerySchema,
        response: { 200: serviceOverviewPageSchema },
      },
    },
    async (request) => listServiceOverview(app.db, (await actorOf(request)).viewer, request.query),
  );

  app.get(
    '/api/services/summary',
    {
      config: { access: { permission: 'finance:view' } },
      schema: {
        tags,
        summary: "The overview's cards over the whole filtered set: the count, and per currency revenue, paid, pending",
        querystring: serviceFilterSchema,
        response: { 200: serviceSummarySchema },
      },
    },
    async (request) => serviceSummary(app.db, (await actorOf(request)).viewer, request.query),
  );

  app.get(
    '/api/services/chart',
    {
      config: { access: { permission: 'finance:view' } },
      schema: {
        tags,
        summary: 'Revenue and paid per month per currency, and the payment-status split, over the filtered set',
        querystring: serviceFilterSchema,
        response: { 200: serviceChartSchema },
      },
    },
    async (request) => {
      const { timeZone } = await readDisplaySetting(app.db);
      return serviceChart(app.db, (await actorOf(request)).viewer, request.query, timeZone);
    },
  );

  app.get(
    '/api/services/export',
    {
      config: { access: { permission: 'finance:export' } },
      schema: {
        tags,
        summary: 'The filtered services (or the selected ids) as CSV or Excel, streamed',
        description:
          "Spec 3 §9's columns, money as numbers with 2 decimals; text that a spreadsheet would run as a formula is " +
          "prefixed with an apostrophe. File services-export-{date}.csv or .xlsx (the firm's date), sheet 'Services'.",
        querystring: serviceExportQuerySchema,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { 200: z.any().meta({ description: 'The file', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const [today, display] = await Promise.all([readFirmToday(app.db), readDisplaySetting(app.db)]);
      const stream = exportServices(
        app.db,
        actor.viewer,
        request.query,
        { today, timeZone: display.timeZone },
        (count) =>
          app.afterResponse.run('export audit', () =>
            recordChange(app.db, actor.ctx, {
              action: 'EXPORT_SERVICES',
              resourceType: 'SERVICE',
              resourceId: null,
              newValues: { format: request.query.format, count, filters: request.query },
            }),
          ),
      );
      const format = request.query.format;
      return reply
        .header('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : EXCEL_TYPE)
        .header('Content-Disposition', `attachment; filename="${serviceExportFileName(today, format)}"`)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );

  app.get(
    '/api/services/:id/evidence',
    {
      config: { access: { anyPermission: ['leads:view', 'clients:view'] } },
      schema: {
        tags,
        summary:
          "The payment-evidence image, with its real content type (404 when the service's record is not visible)",
        params: serviceParams,
        querystring: imageVersionQuery,
        produces: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
        response: { 200: z.any().meta({ description: 'The image', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const file = await readEvidence(app.db, app.storage, await actorOf(request), request.params.id);
      return sendStoredFile(reply, file);
    },
  );
}

/** The multipart body description the API document shows (the handler reads the part itself). */
const evidenceBody = z
  .object({
    file: z.string().meta({ format: 'binary', description: 'The image (JPEG, PNG, GIF or WebP), under 5 MB' }),
  })
  .partial()
  // The multipart parser leaves the body empty: the handler reads the file part itself.
  .nullish();

/**
 * The upload in a plugin of its own: only this route parses multipart bodies (one file, no other part, at
 * most the evidence limit), so every other route still refuses them with 415.
 */
async function evidenceUploadRoute(instance: FastifyInstance) {
  await instance.register(multipart, {
    limits: { fileSize: EVIDENCE_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 50 },
  });
  const child = instance.withTypeProvider<ZodTypeProvider>();
  child.post(
    '/api/services/:id/evidence',
    {
      config: { access: { anyPermission: ['leads:edit', 'clients:edit'] } },
      schema: {
        tags: ['services'],
        summary: 'Upload the payment-evidence image (multipart, field "file"), replacing the one before',
        description:
          'JPEG, PNG, GIF or WebP, told by the content, not the name, under 5 MB; anything else answers 400 with the ' +
          "spec's message. Needs the edit permission of the service's record.",
        consumes: ['multipart/form-data'],
        params: serviceParams,
        body: evidenceBody,
        response: { 200: serviceRecordSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const bytes = await uploadedFile(request, {
        missing: evidenceMissing,
        tooLarge: evidenceTooLarge,
        unreadable: evidenceUnreadable,
      });
      return attachEvidence(child.db, child.storage, actor, request.params.id, bytes);
    },
  );
}
