// /api/settings: the firm-wide settings every signed-in screen needs. The display setting (time zone and
// date format) is read by every user; writing it is Administration's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DISPLAY_SETTING_KEY,
  displaySettingSchema,
  emailTestResultSchema,
  emailTestSchema,
  generalSettingsSchema,
  integrationSettingsInputSchema,
  integrationSettingsSchema,
  securitySettingsSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { readIntegrationSettings, saveIntegrationSettings } from './integrations.service.ts';
import { readDisplaySetting, readGeneralSettings, readSecuritySettings } from './settings.repository.ts';
import { saveGeneralSettings, saveSetting } from './settings.service.ts';

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
        body: securitySettingsSchema,
        response: { 200: securitySettingsSchema },
      },
    },
    async (request) => {
      await saveSetting(app.db, (await actorOf(request)).ctx, {
        key: 'security_settings',
        action: 'UPDATE_SECURITY_SETTINGS',
        before: await readSecuritySettings(app.db),
        next: request.body,
      });
      return readSecuritySettings(app.db);
    },
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
          'Secrets are stored encrypted with the key from SETTINGS_SECRET_KEY and never returned. Mail is sent through the SMTP provider as soon as a host is saved.',
        body: integrationSettingsInputSchema,
        response: { 200: integrationSettingsSchema },
      },
    },
    async (request) => saveIntegrationSettings(app.db, (await actorOf(request)).ctx, app.secretBox, request.body),
  );

  app.post(
    '/api/settings/integrations/email/test',
    {
      config: { access: { permission: 'admin:manage_settings', refusal: onlyAccountAdmins } },
      schema: {
        tags: ['settings'],
        summary: "Send a test email through the saved provider and report the mail server's answer",
        description:
          'Answers 200 whether or not the mail server accepted it: `delivered` says which, `message` gives its answer or the refusal (connection refused, authentication failed).',
        body: emailTestSchema,
        response: { 200: emailTestResultSchema },
      },
    },
    async (request) => app.mailer.sendTest(request.body.to),
  );
}
