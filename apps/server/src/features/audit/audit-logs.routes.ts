// /api/audit-logs: Administration → Audit Logs and Security (spec 3 §2.4; issue 14 item 4). The guide's
// matrix gives audit logs and security events to account administrators only.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_EXPORT_COLUMNS,
  auditLogPageSchema,
  auditLogQuerySchema,
  neutraliseFormula,
  securityOverviewSchema,
} from '@crm/domain';
import { exportTimestamp, sendExport, streamTable } from '../../exports/table-export.ts';
import { actorOf } from '../../plugins/actor.ts';
import { readDisplaySetting, readFirmToday } from '../../platform/settings/settings.repository.ts';
import { recordChange } from '../../platform/audit/record-change.ts';
import { auditActions, auditRowsForExport, listAuditLogs, securityOverview } from './audit-logs.service.ts';

const access = {
  permission: 'admin:manage_settings',
  refusal: 'Only account administrators can read audit logs and security events',
} as const;

export async function auditLogsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];

  app.get(
    '/api/audit-logs',
    {
      config: { access },
      schema: {
        tags,
        summary: 'One page of the audit log, newest first: search on action or resource type, action, user, days',
        description: "from and to are days in the firm's time zone, both included.",
        querystring: auditLogQuerySchema,
        response: { 200: auditLogPageSchema },
      },
    },
    async (request) => {
      const { timeZone } = await readDisplaySetting(app.db);
      return listAuditLogs(app.db, (await actorOf(request)).viewer, request.query, timeZone);
    },
  );

  app.get(
    '/api/audit-logs/export',
    {
      config: { access },
      schema: {
        tags,
        summary: 'The filtered audit log as CSV, streamed: Timestamp, Action, Resource Type, Resource ID, User ID, IP',
        querystring: auditLogQuerySchema.omit({ pageSize: true, page: true, after: true, before: true, last: true }),
        produces: ['text/csv'],
        response: { 200: z.any().meta({ description: 'The CSV file', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const [{ timeZone }, today] = await Promise.all([readDisplaySetting(app.db), readFirmToday(app.db)]);
      const stamp = exportTimestamp(timeZone, true);
      async function* rows() {
        for await (const row of auditRowsForExport(app.db, request.query, timeZone)) {
          yield [
            stamp(row.createdAt),
            row.action,
            row.resourceType,
            neutraliseFormula(row.resourceId ?? ''),
            row.userId ?? '',
            neutraliseFormula(row.ipAddress ?? ''),
          ];
        }
      }
      const body = streamTable({
        format: 'csv',
        sheetName: 'Audit log',
        columns: AUDIT_EXPORT_COLUMNS.map((header) => ({ header })),
        rows: rows(),
        onDone: (count) =>
          app.afterResponse.run('export audit', () =>
            recordChange(app.db, actor.ctx, {
              action: 'EXPORT_AUDIT_LOGS',
              resourceType: 'AUDIT_LOG',
              resourceId: null,
              newValues: { count, filters: request.query },
            }),
          ),
      });
      return sendExport(reply, 'csv', `audit-logs-${today}.csv`, body);
    },
  );

  app.get(
    '/api/audit-logs/actions',
    {
      config: { access },
      schema: {
        tags,
        summary: "The action filter: the spec's audit actions and every other the log holds, in alphabetical order",
        response: { 200: z.array(z.string()) },
      },
    },
    async () => auditActions(app.db),
  );

  app.get(
    '/api/audit-logs/security',
    {
      config: { access },
      schema: {
        tags,
        summary:
          'Security: the last 24 hours counted (failed sign-ins, lockouts, resets, role and status changes) and the 20 newest events',
        response: { 200: securityOverviewSchema },
      },
    },
    async () => securityOverview(app.db),
  );
}
