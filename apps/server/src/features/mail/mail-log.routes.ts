// /api/mail-log: Administration → Mail log (issue 27). Every mail the product sends, with its status and
// outcome; a message can be read with its attachments and queued again.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailLogPageSchema, mailLogQuerySchema, mailMessageSchema, mailReceiptSchema } from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { AppError } from '../../plugins/errors.ts';
import { sendStoredFile } from '../../storage/file-reply.ts';
import { appUrlOf } from '../../config.ts';
import { readDisplaySetting } from '../../platform/settings/settings.repository.ts';
import { listMailLog, mailAttachments, mailMessage, resendMail } from './mail-log.service.ts';

const tags = ['mail'];
const params = z.object({ id: z.string().describe('Mail id (uuid)') });

export async function mailLogRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/mail-log',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags,
        summary:
          'Every mail sent or to be sent, newest first: search by recipient or subject, filter by status and date',
        querystring: mailLogQuerySchema,
        response: { 200: mailLogPageSchema },
      },
    },
    async (request) => {
      const { timeZone } = await readDisplaySetting(app.db);
      return listMailLog(app.db, (await actorOf(request)).viewer, request.query, timeZone);
    },
  );

  app.get(
    '/api/mail-log/:id',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags,
        summary: 'One mail as it is sent: recipient, subject, text, attachments, status and outcome',
        params,
        response: { 200: mailMessageSchema },
      },
    },
    async (request) => mailMessage(app.db, request.params.id, appUrlOf(app.config)),
  );

  app.get(
    '/api/mail-log/:id/attachments/:index',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags,
        summary: 'One attachment of a mail, as it was sent',
        params: params.extend({ index: z.coerce.number().int().min(0).max(100) }),
        produces: ['application/pdf', 'application/octet-stream'],
        response: { 200: z.any().meta({ description: 'The file', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const file = (await mailAttachments(app.db, request.params.id))[request.params.index];
      const stored = file ? await app.storage.get(file.storageKey) : undefined;
      if (!file || !stored) throw new AppError('NOT_FOUND', 'Attachment not found');
      return sendStoredFile(reply, {
        stream: stored.stream,
        size: stored.size,
        contentType: file.contentType,
        filename: file.filename,
        disposition: 'attachment',
      });
    },
  );

  app.post(
    '/api/mail-log/:id/resend',
    {
      config: { access: { permission: 'admin:edit' } },
      schema: {
        tags,
        summary: 'Queue the same message again (a new entry of the log, with its own attempts)',
        params,
        response: { 200: mailReceiptSchema },
      },
    },
    async (request) => resendMail(app.db, (await actorOf(request)).ctx, request.params.id),
  );
}
