// /api/settings: the firm-wide settings every signed-in screen needs. The display setting (time zone and
// date format) is read by every user; writing it is Administration's.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { displaySettingSchema } from '@crm/domain';
import { readDisplaySetting } from './settings.repository.ts';

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
}
