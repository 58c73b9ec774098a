// /api/auth: sign-in, sign-out, the current session, and password reset by link.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appUrlOf } from '../../config.ts';
import {
  PASSWORD_RESET_MESSAGES,
  passwordPolicyFrom,
  passwordPolicySchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  signInSchema,
  okSchema,
} from '@crm/domain';
import { AppError } from '../../plugins/errors.ts';
import { clearSessionCookie, requestContext, requireUser, setSessionCookie } from '../../plugins/session.ts';
import { readSecuritySettings } from '../../platform/settings/settings.repository.ts';
import { findCurrentUser, toCurrentUser } from '../users/users.service.ts';
import { moduleAccessResponse, sessionResponseSchema } from './auth.schemas.ts';
import { claimResetRequest, mailPasswordReset, resetPassword, signIn, signOut } from './auth.service.ts';

export async function authRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  app.post(
    '/api/auth/sign-in',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: signInSchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const { session, user } = await signIn(app.db, request.context(), request.body, app.config.limits);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      return { user: toCurrentUser(user), moduleAccess: moduleAccessResponse(app.accessPolicy.moduleAccess()) };
    },
  );

  app.post(
    '/api/auth/sign-out',
    {
      config: { access: { signedIn: true } },
      schema: { tags, summary: 'Sign out of this session', response: { 200: okSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await signOut(app.db, request.context(), user.id, user.sessionId);
      clearSessionCookie(request, reply);
      return { ok: true as const };
    },
  );

  app.get(
    '/api/auth/session',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags,
        summary: 'The signed-in user and the module access the server enforces',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request) => {
      const sessionUser = await requireUser(request);
      const user = await findCurrentUser(app.db, sessionUser.id);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Authentication required');
      return { user, moduleAccess: moduleAccessResponse(app.accessPolicy.moduleAccess()) };
    },
  );

  app.get(
    '/api/auth/password-policy',
    {
      // Public: the reset link's page checks a new password before anyone is signed in. The policy is what
      // each password form tells its user anyway.
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'The password policy every password set must meet (minimum length and character classes)',
        response: { 200: passwordPolicySchema },
      },
    },
    async () => passwordPolicyFrom(await readSecuritySettings(app.db)),
  );

  app.post(
    '/api/auth/password-reset/request',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'Mail a one-time password reset link',
        description:
          'Answers the same whether or not the address has an account; the mail goes out after the answer. At most 3 ' +
          'mails per address an hour (beyond that the answer is unchanged and no mail is sent); 429 when one client ' +
          'address sends too many requests.',
        body: passwordResetRequestSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const ctx = await requestContext(request);
      await claimResetRequest(app.db, ctx, app.config.limits);
      const { email } = request.body;
      app.afterResponse.run('password reset mail', () =>
        mailPasswordReset(app.db, ctx, app.config.limits, email, appUrlOf(app.config)),
      );
      return { ok: true as const, message: PASSWORD_RESET_MESSAGES.sent };
    },
  );

  app.post(
    '/api/auth/password-reset/confirm',
    {
      config: { access: { public: true } },
      schema: {
        tags,
        summary: 'Set a new password with a reset link token',
        body: passwordResetSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await resetPassword(app.db, request.context(), request.body.token, request.body.newPassword);
      return { ok: true as const, message: PASSWORD_RESET_MESSAGES.updated };
    },
  );
}
