// /api/profile: the signed-in user's own profile and password.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  currentUserSchema,
  okSchema,
  PASSWORD_RESET_MESSAGES,
  passwordChangeSchema,
  profilePatchSchema,
} from '@crm/domain';
import { notFound } from '../../plugins/errors.ts';
import { requestContext, requireUser } from '../../plugins/session.ts';
import { appUrlOf } from '../../config.ts';
import { claimResetRequest, mailPasswordReset } from '../auth/auth.service.ts';
import { findCurrentUser, toCurrentUser } from '../users/users.service.ts';
import { changePassword, updateProfile } from './profile.service.ts';

const access = { signedIn: true } as const;

export async function profileRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  app.get(
    '/api/profile',
    { config: { access }, schema: { tags, summary: 'My profile', response: { 200: currentUserSchema } } },
    async (request) => {
      const user = await findCurrentUser(app.db, (await requireUser(request)).id);
      if (!user) throw notFound('User');
      return user;
    },
  );

  app.patch(
    '/api/profile',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Update my name and phone: the fields sent (version = the one last read; a stale version gets 409)',
        body: profilePatchSchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const ctx = { ...(await requestContext(request)), actorId: user.id };
      return toCurrentUser(await updateProfile(app.db, ctx, request.body));
    },
  );

  app.post(
    '/api/profile/password',
    {
      config: { access },
      schema: {
        tags,
        summary: 'Change my password (verifies the current one)',
        body: passwordChangeSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const ctx = { ...(await requestContext(request)), actorId: user.id };
      await changePassword(app.db, ctx, app.config.limits, user.sessionId, request.body);
      return { ok: true as const, message: PASSWORD_RESET_MESSAGES.updated };
    },
  );

  app.post(
    '/api/profile/password-reset-email',
    { config: { access }, schema: { tags, summary: 'Mail me a password reset link', response: { 200: okSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const ctx = await requestContext(request);
      await claimResetRequest(app.db, ctx, app.config.limits);
      app.afterResponse.run('password reset mail', () =>
        mailPasswordReset(app.db, ctx, app.config.limits, user.email, appUrlOf(app.config)),
      );
      return { ok: true as const, message: PASSWORD_RESET_MESSAGES.sent };
    },
  );
}
