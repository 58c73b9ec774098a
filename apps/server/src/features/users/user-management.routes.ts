// /api/users: Administration → User Management (spec 3 §2.4, §6; issue 14 item 2). Viewing is for every
// role that opens Administration; editing names, suspending, activating and resetting passwords for the
// administrator roles; adding, deleting, changing roles and exporting for account administrators only. Who
// may act on whom goes by rank (the domain's userManagementRefusal, issue 28), whatever modules a role opens.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserSchema,
  createdUserSchema,
  createUserSchema,
  deleteUserQuerySchema,
  fullName,
  neutraliseFormula,
  resetUserPasswordResultSchema,
  resetUserPasswordSchema,
  ROLE_LABELS,
  updateUserSchema,
  USER_ADMIN_MESSAGES,
  USER_EXPORT_COLUMNS,
  exportFileName,
  userBulkResultSchema,
  userExportQuerySchema,
  userBulkSchema,
  userListQuerySchema,
  userPageSchema,
  userStatisticsSchema,
} from '@crm/domain';
import { exportTimestamp, sendExport, streamTable } from '../../exports/table-export.ts';
import { actorOf } from '../../plugins/actor.ts';
import { recordChange } from '../../platform/audit/record-change.ts';
import { appUrlOf } from '../../config.ts';
import { readDisplaySetting, readFirmToday } from '../../platform/settings/settings.repository.ts';
import {
  bulkUpdateUsers,
  createUser,
  deleteUser,
  getUser,
  listUsers,
  resetUserPassword,
  setUserStatus,
  toAdminUser,
  updateUser,
  type UserActor,
  userStatistics,
  usersForExport,
} from './user-management.service.ts';

const params = z.object({ id: z.string().describe('User id (uuid)') });
const okSchema = z.object({ ok: z.literal(true) });

async function userActorOf(request: FastifyRequest): Promise<UserActor> {
  const actor = await actorOf(request);
  return { ctx: actor.ctx, viewer: actor.viewer, manageUsers: actor.can('admin:manage_users') };
}

export async function userManagementRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];

  app.get(
    '/api/users',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags,
        summary: 'One page of users (deleted users left out), newest first; search on name and email',
        querystring: userListQuerySchema,
        response: { 200: userPageSchema },
      },
    },
    async (request) => listUsers(app.db, (await actorOf(request)).viewer, request.query),
  );

  app.get(
    '/api/users/statistics',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags,
        summary: 'The User Management cards: total, active, inactive, pending, suspended, administrators, members',
        response: { 200: userStatisticsSchema },
      },
    },
    async () => userStatistics(app.db),
  );

  app.get(
    '/api/users/export',
    {
      config: {
        access: { permission: 'admin:manage_users', refusal: USER_ADMIN_MESSAGES.onlyAccountAdminsExport },
      },
      schema: {
        tags,
        summary: 'Every user as CSV or Excel (formula-like text neutralised); account administrators only',
        querystring: userExportQuerySchema,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { 200: z.any().meta({ description: 'The file', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const [users, today, display] = await Promise.all([
        usersForExport(app.db),
        readFirmToday(app.db),
        readDisplaySetting(app.db),
      ]);
      const when = exportTimestamp(display.timeZone);
      const text = (value: string | null) => neutraliseFormula(value ?? '');
      async function* rows() {
        for (const row of users) {
          const user = toAdminUser(row);
          // Every cell through the formula guard, the fixed labels too, so a later change cannot miss one.
          yield [
            text(fullName(user)),
            text(user.email),
            text(ROLE_LABELS[user.role]),
            text(user.status),
            text(when(row.lastLoginAt)),
          ];
        }
      }
      const format = request.query.format;
      const body = streamTable({
        format,
        sheetName: 'Users',
        columns: USER_EXPORT_COLUMNS.map((header) => ({ header, width: header === 'Email' ? 32 : 18 })),
        rows: rows(),
        onDone: (count) =>
          app.afterResponse.run('export audit', () =>
            recordChange(app.db, actor.ctx, {
              action: 'EXPORT_USERS',
              resourceType: 'USER',
              resourceId: null,
              newValues: { format, count },
            }),
          ),
      });
      return sendExport(reply, format, exportFileName('users', today, format), body);
    },
  );

  app.post(
    '/api/users/bulk',
    {
      config: { access: { permission: 'admin:edit' } },
      schema: {
        tags,
        summary: 'Activate, suspend or delete several users; each one checked on its own, refusals reported',
        description: 'Delete needs admin:manage_users (account administrators).',
        body: userBulkSchema,
        response: { 200: userBulkResultSchema },
      },
    },
    async (request) => bulkUpdateUsers(app.db, await userActorOf(request), request.body),
  );

  app.get(
    '/api/users/:id',
    {
      config: { access: { permission: 'admin:view' } },
      schema: { tags, summary: 'One user', params, response: { 200: adminUserSchema } },
    },
    async (request) => getUser(app.db, request.params.id),
  );

  app.post(
    '/api/users',
    {
      config: { access: { permission: 'admin:manage_users', refusal: USER_ADMIN_MESSAGES.onlyAccountAdminsAdd } },
      schema: {
        tags,
        summary: 'Add a user: directly with a temporary password shown once (invite false), or by an emailed link',
        description:
          'invite false: the answer carries temporaryPassword once; the user must change it at the first sign-in ' +
          '(the sign-in answer says mustChangePassword: true). invite true: the user is Pending until the link ' +
          '(valid 72 hours) is used to choose a password.',
        body: createUserSchema,
        response: { 201: createdUserSchema },
      },
    },
    async (request, reply) => {
      const created = await createUser(app.db, appUrlOf(app.config), await userActorOf(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.patch(
    '/api/users/:id',
    {
      config: { access: { permission: 'admin:edit', refusal: USER_ADMIN_MESSAGES.onlyAdministratorsEdit } },
      schema: {
        tags,
        summary: 'Edit first and last name, or change the role (account administrators only); only fields sent change',
        params,
        body: updateUserSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => updateUser(app.db, await userActorOf(request), request.params.id, request.body),
  );

  for (const [action, status] of [
    ['suspend', 'suspended'],
    ['activate', 'active'],
  ] as const) {
    app.post(
      `/api/users/:id/${action}`,
      {
        config: { access: { permission: 'admin:edit', refusal: USER_ADMIN_MESSAGES.onlyAdministratorsStatus } },
        schema: {
          tags,
          summary:
            action === 'suspend'
              ? 'Suspend a user: sign-in refused, open sessions and live streams end at once'
              : 'Activate a suspended user (clears a lockout too)',
          params,
          response: { 200: adminUserSchema },
        },
      },
      async (request) => setUserStatus(app.db, await userActorOf(request), request.params.id, status),
    );
  }

  app.post(
    '/api/users/:id/reset-password',
    {
      config: { access: { permission: 'admin:edit', refusal: USER_ADMIN_MESSAGES.onlyAdministratorsReset } },
      schema: {
        tags,
        summary: 'Reset a password: mail a link, set one (12+ characters and the policy), or a random one shown once',
        description:
          'manual and random end the user’s sessions and make the password temporary (changed at the next sign-in). ' +
          'Limited per user: 429 “Too many password reset attempts. Please wait N minutes.”',
        params,
        body: resetUserPasswordSchema,
        response: { 200: resetUserPasswordResultSchema },
      },
    },
    async (request) =>
      resetUserPassword(app.db, appUrlOf(app.config), await userActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/users/:id',
    {
      config: {
        access: { permission: 'admin:manage_users', refusal: USER_ADMIN_MESSAGES.onlyAccountAdminsDelete },
      },
      schema: {
        tags,
        summary: 'Delete a user (soft): its records and open tasks go to reassignTo, or stay Unassigned',
        params,
        querystring: deleteUserQuerySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteUser(app.db, await userActorOf(request), request.params.id, request.query.reassignTo);
      return { ok: true as const };
    },
  );
}
