// /api/notifications: the signed-in user's in-app list (unread count, mark read); /api/profile/notifications:
// their email and in-app switches; /api/settings/notifications: the firm's defaults for users who never
// chose (Administration).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_DEFAULTS_KEY,
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesSchema,
  okSchema,
} from '@crm/domain';
import { actorOf } from '../../plugins/actor.ts';
import { requireUser } from '../../plugins/session.ts';
import { saveSetting } from '../../platform/settings/save-setting.ts';
import {
  listNotifications,
  markRead,
  readNotificationDefaults,
  readPreferences,
  savePreferences,
} from './notifications.service.ts';

const signedIn = { signedIn: true } as const;

export async function notificationsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];

  app.get(
    '/api/notifications',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'My in-app notifications, newest first (keyset pages), with the unread count',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
    },
    async (request) => listNotifications(app.db, (await requireUser(request)).id, request.query),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: signedIn },
      schema: {
        tags,
        summary: 'Mark one of my notifications read',
        description: '404 when it is not one of mine.',
        params: z.object({ id: z.uuid('Notification not found') }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await markRead(app.db, (await requireUser(request)).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/notifications/read-all',
    {
      config: { access: signedIn },
      schema: { tags, summary: 'Mark all my notifications read', response: { 200: okSchema } },
    },
    async (request) => {
      await markRead(app.db, (await requireUser(request)).id, null);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/profile/notifications',
    {
      config: { access: signedIn },
      schema: {
        tags: ['profile'],
        summary: "My email and in-app switches (the firm's defaults until I change them)",
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => readPreferences(app.db, (await requireUser(request)).id),
  );

  app.put(
    '/api/profile/notifications',
    {
      config: { access: signedIn },
      schema: {
        tags: ['profile'],
        summary: 'Save my email and in-app switches; every mail and alert follows at once',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => savePreferences(app.db, (await requireUser(request)).id, request.body),
  );

  app.get(
    '/api/settings/notifications',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags: ['settings'],
        summary: 'The firm’s default switches, for users who have not chosen their own',
        response: { 200: notificationPreferencesSchema },
      },
    },
    async () => readNotificationDefaults(app.db),
  );

  app.put(
    '/api/settings/notifications',
    {
      config: {
        access: {
          permission: 'admin:manage_settings',
          refusal: 'Only account administrators can change system settings',
        },
      },
      schema: {
        tags: ['settings'],
        summary: 'Save the firm’s default switches (users who chose their own keep theirs)',
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (request) => {
      await saveSetting(app.db, (await actorOf(request)).ctx, {
        key: NOTIFICATION_DEFAULTS_KEY,
        action: 'UPDATE_NOTIFICATION_SETTINGS',
        before: await readNotificationDefaults(app.db),
        next: request.body,
      });
      return readNotificationDefaults(app.db);
    },
  );
}
