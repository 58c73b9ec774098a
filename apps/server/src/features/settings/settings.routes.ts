// /api/settings: the firm-wide settings every signed-in screen needs. The display setting (time zone and
// date format) is read by every user; writing it is Administration's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { displaySettingSchema, securitySettingsSchema } from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { changedFields, recordChange } from '../audit/record-change.ts';
import { readDisplaySetting, readSecuritySettings, writeSetting } from './settings.repository.ts';

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
      const actor = await actorOf(request);
      const before = await readSecuritySettings(app.db);
      await app.db.transaction(async (tx) => {
        await writeSetting(tx, 'security_settings', request.body, actor.ctx.actorId);
        await recordChange(tx, actor.ctx, {
          action: 'UPDATE_SECURITY_SETTINGS',
          resourceType: 'SYSTEM_SETTINGS',
          resourceId: 'security_settings',
          ...changedFields(before, request.body),
          event: 'settings',
        });
      });
      return readSecuritySettings(app.db);
    },
  );
}
