// /api/forms/enquiry: the firm's public enquiry form settings (staff); /api/public/enquiry-form and
// /api/public/enquiries: the page visitors fill in, without a session (docs/decisions/0021).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ENQUIRY_FORM_MESSAGES,
  enquiryFormSettingsSchema,
  enquiryResultSchema,
  enquirySchema,
  publicEnquiryFormSchema,
  PUBLIC_ENQUIRY_URL,
} from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import {
  publicEnquiryForm,
  readEnquiryFormSettings,
  saveEnquiryFormSettings,
  submitEnquiry,
} from './enquiry-form.service.ts';
import { enquiryTokenKey } from './enquiry-token.ts';

export async function enquiryFormRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  let key: Buffer | undefined;
  const tokenKey = () => (key ??= enquiryTokenKey(app.config));

  app.get(
    '/api/forms/enquiry',
    {
      config: { access: { permission: 'forms:view' } },
      schema: {
        tags: ['forms'],
        summary: "The public enquiry form's settings: on/off, title, intro, fields shown, assignee, framing sites",
        response: { 200: enquiryFormSettingsSchema },
      },
    },
    async () => readEnquiryFormSettings(app.db),
  );

  app.put(
    '/api/forms/enquiry',
    {
      config: {
        access: {
          permission: 'forms:approve',
          refusal: 'Only supervisors and administrators can change the enquiry form',
        },
      },
      schema: {
        tags: ['forms'],
        summary: 'Save the public enquiry form (audited); the public page follows at once',
        body: enquiryFormSettingsSchema,
        response: { 200: enquiryFormSettingsSchema },
      },
    },
    async (request) => saveEnquiryFormSettings(app.db, (await actorOf(request)).ctx, request.body),
  );

  app.get(
    '/api/public/enquiry-form',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['forms'],
        summary: 'What the public enquiry page shows (with a fresh fill-time token), or that it is closed',
        response: { 200: publicEnquiryFormSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return publicEnquiryForm(app.db, tokenKey());
    },
  );

  app.post(
    PUBLIC_ENQUIRY_URL,
    {
      config: { access: { public: true } },
      schema: {
        tags: ['forms'],
        summary: "A visitor's enquiry: a Website lead, or a note on the record of someone already on file",
        body: enquirySchema,
        response: { 200: enquiryResultSchema },
      },
    },
    async (request) => {
      await submitEnquiry(app.db, { ctx: request.context(), address: request.ip, key: tokenKey() }, request.body);
      return { ok: true as const, message: ENQUIRY_FORM_MESSAGES.thankYou };
    },
  );
}
