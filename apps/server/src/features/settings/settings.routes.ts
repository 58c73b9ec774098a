// /api/settings: the firm-wide settings every signed-in screen needs. The display setting (time zone and
// date format) is read by every user; writing it is Administration's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  brandingInputSchema,
  brandingViewSchema,
  DISPLAY_SETTING_KEY,
  LOGO_MAX_BYTES,
  displaySettingSchema,
  emailTestResultSchema,
  emailTestSchema,
  generalSettingsSchema,
  integrationSettingsInputSchema,
  integrationSettingsSchema,
  securitySettingsSchema,
  webhookTestResultSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { sendStoredFile } from '../../storage/file-reply.ts';
import { uploadedFile } from '../../storage/uploaded-file.ts';
import {
  brandingLogoMessages,
  readBranding,
  readBrandingLogo,
  saveBranding,
  saveBrandingLogo,
} from './branding.service.ts';
import { readIntegrationSettings, saveIntegrationSettings } from '../../platform/settings/integration-settings.ts';
import {
  readDisplaySetting,
  readGeneralSettings,
  readSecuritySettings,
} from '../../platform/settings/settings.repository.ts';
import { saveSetting } from '../../platform/settings/save-setting.ts';
import { saveGeneralSettings, saveSecuritySettings } from './settings.service.ts';

export async function settingsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/settings/display',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['settings'],
        summary: "The firm's time zone and date format (defaults: Australia/Sydney, DD MMM YYYY)",
        response: { 200: displaySettingSchema },
      },
    },
    async () => readDisplaySetting(app.db),
  );

  app.get(
    '/api/settings/security',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags: ['settings'],
        summary: 'Password policy, session timeout, sign-in attempts, lockout and password expiry (spec 3 defaults)',
        response: { 200: securitySettingsSchema },
      },
    },
    async () => readSecuritySettings(app.db),
  );

  app.put(
    '/api/settings/security',
    {
      config: {
        access: {
          permission: 'admin:manage_settings',
          refusal: 'Only account administrators can change security settings',
        },
      },
      schema: {
        tags: ['settings'],
        summary: 'Save the security settings (spec 3 §5 bounds); sign-in, sessions and passwords follow at once',
        description:
          'passwordMinLength is 8 to 50. The four require… switches decide which kinds of character every password set needs (own change, first sign-in, reset link, administrator-set); a password an administrator types needs at least 12 characters whatever the minimum below that.',
        body: securitySettingsSchema,
        response: { 200: securitySettingsSchema },
      },
    },
    async (request) => saveSecuritySettings(app.db, (await actorOf(request)).ctx, request.body),
  );

  const onlyAccountAdmins = 'Only account administrators can change system settings';

  app.put(
    '/api/settings/display',
    {
      config: { access: { permission: 'admin:manage_settings', refusal: onlyAccountAdmins } },
      schema: {
        tags: ['settings'],
        summary: "Set the firm's time zone and date format; every screen, mail, PDF and export follows",
        body: displaySettingSchema,
        response: { 200: displaySettingSchema },
      },
    },
    async (request) => {
      await saveSetting(app.db, (await actorOf(request)).ctx, {
        key: DISPLAY_SETTING_KEY,
        action: 'UPDATE_DISPLAY_SETTINGS',
        before: await readDisplaySetting(app.db),
        next: request.body,
      });
      return readDisplaySetting(app.db);
    },
  );

  app.get(
    '/api/settings/general',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags: ['settings'],
        summary: 'Company name, email, ABN and address (printed on invoices), maintenance mode, auto backup, debug',
        response: { 200: generalSettingsSchema },
      },
    },
    async () => readGeneralSettings(app.db),
  );

  app.put(
    '/api/settings/general',
    {
      config: { access: { permission: 'admin:manage_settings', refusal: onlyAccountAdmins } },
      schema: {
        tags: ['settings'],
        summary: 'Save the general settings; maintenance mode on signs every non-administrator out at once',
        description:
          'While maintenance mode is on only administrators may sign in. debugMode sets every server process to log at debug level.',
        body: generalSettingsSchema,
        response: { 200: generalSettingsSchema },
      },
    },
    async (request) => {
      const saved = await saveGeneralSettings(app.db, (await actorOf(request)).ctx, request.body);
      await app.mailer.refresh();
      return saved;
    },
  );

  app.get(
    '/api/settings/integrations',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags: ['settings'],
        summary: 'The email provider (SMTP), the other providers and the webhook switches; secrets only as set or not',
        response: { 200: integrationSettingsSchema },
      },
    },
    async () => readIntegrationSettings(app.db),
  );

  app.put(
    '/api/settings/integrations',
    {
      config: { access: { permission: 'admin:manage_settings', refusal: onlyAccountAdmins } },
      schema: {
        tags: ['settings'],
        summary: 'Save the integrations; a password or API key left out is kept, an empty one removed',
        description:
          'Secrets are stored encrypted with the key from SETTINGS_SECRET_KEY and never returned. The SMTP password is removed when the host, port, security or username changes without a new one (`passwordSet` then answers false). Mail is sent through the SMTP provider as soon as a host is saved; a loopback, link-local or private host is not connected to unless SMTP_ALLOW_PRIVATE=true.',
        body: integrationSettingsInputSchema,
        response: { 200: integrationSettingsSchema },
      },
    },
    async (request) =>
      saveIntegrationSettings(app.db, (await actorOf(request)).ctx, app.secretBox, request.body, {
        webhookAllowPrivate: app.config.webhookAllowPrivate,
      }),
  );

  app.post(
    '/api/settings/integrations/webhooks/test',
    {
      config: { access: { permission: 'admin:manage_settings', refusal: onlyAccountAdmins } },
      schema: {
        tags: ['settings'],
        summary: 'Send a signed test event (type webhook.test) to the saved webhook URL and report how it went',
        description:
          'Sends to the saved URL with the saved secret only. Answers 200 whether or not the receiver took it, with one of a fixed set of outcomes (delivered, answered HTTP n, could not connect, timed out, private address, not configured) in words, never what the receiver answered.',
        response: { 200: webhookTestResultSchema },
      },
    },
    async () => app.webhooks.sendTest(),
  );

  app.post(
    '/api/settings/integrations/email/test',
    {
      config: { access: { permission: 'admin:manage_settings', refusal: onlyAccountAdmins } },
      schema: {
        tags: ['settings'],
        summary: 'Send a test email through the saved provider and report how it went',
        description:
          'Connects only to the saved settings. Answers 200 whether or not the mail server accepted it, with one of a fixed set of outcomes (`delivered` says whether it was accepted; `message` is the outcome in words, never what the other end said).',
        body: emailTestSchema,
        response: { 200: emailTestResultSchema },
      },
    },
    async (request) => app.mailer.sendTest(request.body.to),
  );

  app.get(
    '/api/settings/branding',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['settings'],
        summary: 'The company name, colours (with the generated palette) and logo: public, the sign-in page shows them',
        response: { 200: brandingViewSchema },
      },
    },
    async () => readBranding(app.db),
  );

  app.put(
    '/api/settings/branding',
    {
      config: { access: { permission: 'admin:manage_settings', refusal: onlyAccountAdmins } },
      schema: {
        tags: ['settings'],
        summary: 'Save the company name and the primary and secondary colours; every screen follows at once',
        description: 'The company name is the one invoices, receipts and mails print (the general settings’ name).',
        body: brandingInputSchema,
        response: { 200: brandingViewSchema },
      },
    },
    async (request) => {
      const saved = await saveBranding(app.db, (await actorOf(request)).ctx, request.body);
      await Promise.all([app.branding.refresh(), app.mailer.refresh()]);
      return saved;
    },
  );

  app.get(
    '/api/settings/branding/logo',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['settings'],
        summary: "The firm's logo (PNG or JPG); 404 when none is uploaded",
        querystring: z.object({ v: z.string().max(64).optional() }),
        produces: ['image/png', 'image/jpeg'],
        response: { 200: z.any().meta({ description: 'The image', format: 'binary' }) },
      },
    },
    async (_request, reply) => sendStoredFile(reply, await readBrandingLogo(app.db, app.storage)),
  );

  app.delete(
    '/api/settings/branding/logo',
    {
      config: { access: { permission: 'admin:manage_settings', refusal: onlyAccountAdmins } },
      schema: { tags: ['settings'], summary: "Remove the firm's logo", response: { 200: brandingViewSchema } },
    },
    async (request) => {
      const saved = await saveBrandingLogo(app.db, app.storage, (await actorOf(request)).ctx, null);
      await app.branding.refresh();
      return saved;
    },
  );

  await app.register(brandingLogoUploadRoute);
}

/**
 * The logo upload in a plugin of its own: only this route parses multipart bodies (one file of at most
 * 1 MB), so every other route still refuses them with 415.
 */
async function brandingLogoUploadRoute(instance: FastifyInstance) {
  await instance.register(multipart, {
    limits: { fileSize: LOGO_MAX_BYTES + 1, files: 1, fields: 0, parts: 1, fieldNameSize: 50 },
  });
  const child = instance.withTypeProvider<ZodTypeProvider>();
  child.post(
    '/api/settings/branding/logo',
    {
      config: {
        access: {
          permission: 'admin:manage_settings',
          refusal: 'Only account administrators can change system settings',
        },
      },
      schema: {
        tags: ['settings'],
        summary: 'Upload the firm\'s logo (multipart, field "file"), replacing the one before',
        description: 'PNG or JPG, told by the content, at most 1 MB; anything else answers 400.',
        consumes: ['multipart/form-data'],
        body: z
          .object({ file: z.string().meta({ format: 'binary', description: 'The logo (PNG or JPG), at most 1 MB' }) })
          .partial()
          .nullish(),
        response: { 200: brandingViewSchema },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      const bytes = await uploadedFile(request, brandingLogoMessages);
      const saved = await saveBrandingLogo(child.db, child.storage, actor.ctx, bytes);
      await child.branding.refresh();
      return saved;
    },
  );
}
