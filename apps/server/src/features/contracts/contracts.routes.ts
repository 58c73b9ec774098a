// /api/contracts and /api/contract-templates: Contract Manager (issue 16 item 1; docs/decisions/0018). Every
// role but guest opens the module; creating and editing follow the matrix's create / edit, deleting a
// draft its delete, terminating its approve (supervisor and above). A record's contracts are read under
// the lead or client with that module's view.
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTRACT_EXAMPLE,
  CONTRACT_FILL_EXAMPLE,
  CONTRACT_TEMPLATE_EXAMPLE,
  contractActionSchema,
  contractFilledSchema,
  contractFillSchema,
  contractInputSchema,
  contractListQuerySchema,
  contractPageSchema,
  contractPatchSchema,
  contractRecordSchema,
  contractSignedSchema,
  contractSummarySchema,
  contractTemplateInputSchema,
  contractTemplateListSchema,
  contractTemplateRecordSchema,
  versionField,
} from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { pdfQuery, pdfResponse, sendPdf } from '../../pdf/pdf-reply.ts';
import { renderPdf } from '../../pdf/pdf-renderer.ts';
import { sendStoredFile } from '../../storage/file-reply.ts';
import { uploadedNamedFile } from '../../storage/uploaded-file.ts';
import { readDisplaySetting } from '../../platform/settings/settings.repository.ts';
import { contractDocument } from './contract-pdf.ts';
import {
  activateContract,
  attachSignedCopy,
  contractForPdf,
  contractsOfRecord,
  createContract,
  createTemplate,
  deleteContract,
  deleteTemplate,
  fillTemplate,
  listContracts,
  listTemplates,
  readContract,
  readSignedCopy,
  readTemplate,
  SIGNED_FILE_MAX_BYTES,
  signedFileMessages,
  terminateContract,
  updateContract,
  updateTemplate,
} from './contracts.service.ts';

const params = z.object({ id: z.string().describe('Contract id (uuid)') });
const templateParams = z.object({ id: z.string().describe('Template id (uuid)') });
const message = z.object({ message: z.string() });
const tags = ['contracts'];
const patchBody = contractPatchSchema.meta({
  example: { title: 'Migration services agreement (revised)', version: 1 },
});
const actionBody = contractActionSchema.meta({ example: { version: 1 } });
const templateUpdateSchema = contractTemplateInputSchema
  .extend({ version: versionField() })
  .meta({ example: { ...CONTRACT_TEMPLATE_EXAMPLE, version: 1 } });
export async function contractsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/contracts',
    {
      config: { access: { permission: 'contracts:view' } },
      schema: {
        tags,
        summary: 'One page of contracts, newest first; search on reference, title or party; filter by status',
        description: "'expired' is an active contract whose expiry date has passed on the firm's date.",
        querystring: contractListQuerySchema,
        response: { 200: contractPageSchema },
      },
    },
    async (request) => listContracts(app.db, await actorOf(request), request.query),
  );

  app.post(
    '/api/contracts',
    {
      config: { access: { permission: 'contracts:create' } },
      schema: {
        tags,
        summary: "Draft a contract for a lead or client; its reference ('CONT-<year>-<NNN>') is generated",
        description:
          "Without content and with a template, the template's content is used with its placeholders filled " +
          'from the record and the firm. Content is cleaned to the rich-text tags tasks allow.',
        body: contractInputSchema.meta({ example: CONTRACT_EXAMPLE }),
        response: { 201: contractRecordSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createContract(app.db, await actorOf(request), request.body)),
  );

  app.get(
    '/api/contracts/:id',
    {
      config: { access: { permission: 'contracts:view' } },
      schema: { tags, summary: 'One contract with its content', params, response: { 200: contractRecordSchema } },
    },
    async (request) => readContract(app.db, await actorOf(request), request.params.id),
  );

  app.patch(
    '/api/contracts/:id',
    {
      config: { access: { permission: 'contracts:edit' } },
      schema: {
        tags,
        summary: 'Change a draft or active contract (only the fields sent) with the version last read',
        description: '409 when the version is stale or the contract is terminated or expired (read-only).',
        params,
        body: patchBody,
        response: { 200: contractRecordSchema },
      },
    },
    async (request) => updateContract(app.db, await actorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/contracts/:id/activate',
    {
      config: { access: { permission: 'contracts:edit' } },
      schema: {
        tags,
        summary: 'Activate a draft contract',
        description: '409 when it is not a draft or the version is stale.',
        params,
        body: actionBody,
        response: { 200: contractRecordSchema },
      },
    },
    async (request) => activateContract(app.db, await actorOf(request), request.params.id, request.body.version),
  );

  app.post(
    '/api/contracts/:id/terminate',
    {
      config: { access: { permission: 'contracts:approve' } },
      schema: {
        tags,
        summary: 'Terminate an active contract (it becomes read-only)',
        description: '409 when it is not active (a draft, expired or terminated) or the version is stale.',
        params,
        body: actionBody,
        response: { 200: contractRecordSchema },
      },
    },
    async (request) => terminateContract(app.db, await actorOf(request), request.params.id, request.body.version),
  );

  app.delete(
    '/api/contracts/:id',
    {
      config: { access: { permission: 'contracts:delete' } },
      schema: {
        tags,
        summary: 'Delete a draft contract (its reference stays taken)',
        description: '409 for a contract that is no longer a draft.',
        params,
        response: { 200: message },
      },
    },
    async (request) => deleteContract(app.db, app.storage, await actorOf(request), request.params.id),
  );

  app.get(
    '/api/contracts/:id/pdf',
    {
      config: { access: { permission: 'contracts:view' } },
      schema: {
        tags,
        summary: 'The contract as an A4 PDF (Download PDF)',
        params,
        querystring: pdfQuery,
        produces: ['application/pdf'],
        response: { 200: pdfResponse },
      },
    },
    async (request, reply) => {
      const { record, firm } = await contractForPdf(app.db, await actorOf(request), request.params.id);
      const { dateFormat } = await readDisplaySetting(app.db);
      const bytes = await renderPdf(contractDocument(record, firm, dateFormat));
      return sendPdf(reply, { bytes, fileName: `${record.reference}.pdf` }, request.query.download);
    },
  );

  app.get(
    '/api/contracts/:id/signed-copy',
    {
      config: { access: { permission: 'contracts:view' } },
      schema: {
        tags,
        summary: "Download the client's signed copy",
        params,
        produces: ['application/pdf', 'image/png', 'image/jpeg', 'image/webp'],
        response: { 200: z.any().meta({ description: 'The file', format: 'binary' }) },
      },
    },
    async (request, reply) =>
      sendStoredFile(reply, await readSignedCopy(app.db, app.storage, await actorOf(request), request.params.id)),
  );

  for (const [module, type] of [
    ['leads', 'lead'],
    ['clients', 'client'],
  ] as const) {
    app.get(
      `/api/${module}/:id/contracts`,
      {
        config: { access: { permission: 'contracts:view' } },
        schema: {
          tags,
          summary: `The contracts of a ${type} (newest first; a client's include those naming it as an additional client)`,
          params: z.object({ id: z.string().describe(`${type === 'lead' ? 'Lead' : 'Client'} id (uuid)`) }),
          response: { 200: z.array(contractSummarySchema) },
        },
      },
      async (request) => contractsOfRecord(app.db, await actorOf(request), { type, id: request.params.id }),
    );
  }

  app.get(
    '/api/contract-templates',
    {
      config: { access: { permission: 'contracts:view' } },
      schema: {
        tags,
        summary: 'The templates the user may use: the public ones and their own private ones, by name',
        response: { 200: contractTemplateListSchema },
      },
    },
    async (request) => listTemplates(app.db, await actorOf(request)),
  );

  app.post(
    '/api/contract-templates',
    {
      config: { access: { permission: 'contracts:create' } },
      schema: {
        tags,
        summary: 'Create a template (category General unless given)',
        description: 'A placeholder not on the documented list is refused (400) with the names it found.',
        body: contractTemplateInputSchema.meta({ example: CONTRACT_TEMPLATE_EXAMPLE }),
        response: { 201: contractTemplateRecordSchema },
      },
    },
    async (request, reply) => reply.code(201).send(await createTemplate(app.db, await actorOf(request), request.body)),
  );

  app.get(
    '/api/contract-templates/:id',
    {
      config: { access: { permission: 'contracts:view' } },
      schema: {
        tags,
        summary: 'One template',
        params: templateParams,
        response: { 200: contractTemplateRecordSchema },
      },
    },
    async (request) => readTemplate(app.db, await actorOf(request), request.params.id),
  );

  app.post(
    '/api/contract-templates/:id/fill',
    {
      config: { access: { permission: 'contracts:create' } },
      schema: {
        tags,
        summary: "A template's content filled for a lead or client, before a contract is created (nothing is stored)",
        description:
          'The text New Contract shows in its editor: the placeholders filled from the record, the firm and the dates ' +
          "by the same rule as creating, except the contract's reference and title, which stay placeholders until " +
          'the contract is created. The record is checked as on create: 404 when the user cannot see it or the ' +
          'template, 409 for a converted lead or a reverted client, 400 for an unknown additional client.',
        params: templateParams,
        body: contractFillSchema.meta({ example: CONTRACT_FILL_EXAMPLE }),
        response: { 200: contractFilledSchema },
      },
    },
    async (request) => fillTemplate(app.db, await actorOf(request), request.params.id, request.body),
  );

  app.put(
    '/api/contract-templates/:id',
    {
      config: { access: { permission: 'contracts:edit' } },
      schema: {
        tags,
        summary: 'Save a template with the version last read',
        description:
          'Its author may change it; a public one also the roles that may delete in Contract Manager (403 otherwise). ' +
          '409 when stale; 400 for an unknown placeholder.',
        params: templateParams,
        body: templateUpdateSchema,
        response: { 200: contractTemplateRecordSchema },
      },
    },
    async (request) => updateTemplate(app.db, await actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/contract-templates/:id',
    {
      config: { access: { permission: 'contracts:edit' } },
      schema: {
        tags,
        summary: 'Delete a template (contracts made from it keep their content)',
        description: 'Its author may delete it; a public one also the roles that may delete in Contract Manager.',
        params: templateParams,
        response: { 200: message },
      },
    },
    async (request) => deleteTemplate(app.db, await actorOf(request), request.params.id),
  );

  await app.register(signedCopyRoute);
}

/** The upload in a plugin of its own: only this route parses multipart bodies (one file of at most 10 MB). */
async function signedCopyRoute(instance: FastifyInstance) {
  await instance.register(multipart, {
    limits: { fileSize: SIGNED_FILE_MAX_BYTES + 1, files: 1, fields: 0, parts: 1, fieldNameSize: 50 },
  });
  const child = instance.withTypeProvider<ZodTypeProvider>();
  child.post(
    '/api/contracts/:id/signed-copy',
    {
      config: { access: { permission: 'contracts:edit' } },
      schema: {
        tags,
        summary: 'Upload the client\'s signed copy (multipart, field "file") and mark the contract signed on the date',
        description:
          'A PDF or an image (PNG, JPG, WebP), told by its content; at most 10 MB; replaces the one before. ' +
          '409 for a terminated or expired contract.',
        consumes: ['multipart/form-data'],
        params,
        querystring: contractSignedSchema,
        body: z
          .object({ file: z.string().meta({ format: 'binary', description: 'The file, at most 10 MB' }) })
          .partial()
          .nullish(),
        response: { 200: contractRecordSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const upload = await uploadedNamedFile(request, signedFileMessages);
      return attachSignedCopy(child.db, child.storage, actor, request.params.id, request.query.signedDate, upload);
    },
  );
}
