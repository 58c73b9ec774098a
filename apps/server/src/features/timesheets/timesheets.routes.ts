// /api/timesheets: Timesheet (DECISIONS.md §3; issue 16 item 2; docs/decisions/0019-timesheets.md). Everyone
// but guest logs and submits their own weeks and reads their own timesheet and report; supervisors and above
// read everyone's and approve or reject submitted weeks; the CSV export is for the roles that may export.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  neutraliseFormula,
  TIMESHEET_EXPORT_COLUMNS,
  TIMESHEET_WEEK_STATUS_LABELS,
  TIMESHEET_MESSAGES,
  timesheetEntryInputSchema,
  timesheetEntryPatchSchema,
  timesheetEntrySchema,
  timesheetExportFileName,
  timesheetRangeQuerySchema,
  timesheetRejectSchema,
  timesheetReportSchema,
  timesheetWeekParamsSchema,
  timesheetWeekQuerySchema,
  timesheetWeekSchema,
  timesheetApprovalQueueSchema,
  type TimesheetWeekStatus,
  weekStartOf,
} from '@crm/domain';
import { sendExport, streamTable } from '../../exports/table-export.ts';
import { actorOf } from '../../plugins/actor.ts';
import { recordChange } from '../../platform/audit/record-change.ts';
import {
  createEntry,
  decideWeek,
  deleteEntry,
  entriesForExport,
  approvalQueue,
  readWeek,
  submitWeek,
  timesheetReport,
  updateEntry,
} from './timesheets.service.ts';

const entryParams = z.object({ id: z.string().describe('Timesheet entry id (uuid)') });
export async function timesheetsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const tags = ['timesheets'];

  app.get(
    '/api/timesheets',
    {
      config: { access: { permission: 'timesheet:view' } },
      schema: {
        tags,
        summary: "One user's week (Monday to Sunday on the firm's calendar): its entries, status and total",
        description: "Own week by default; another user's for supervisors and above (403 for others).",
        querystring: timesheetWeekQuerySchema,
        response: { 200: timesheetWeekSchema },
      },
    },
    async (request) => readWeek(app.db, await actorOf(request), request.query),
  );

  app.post(
    '/api/timesheets',
    {
      config: { access: { permission: 'timesheet:create' } },
      schema: {
        tags,
        summary: 'Log time on a date against a lead or a client (and optionally one of its tasks)',
        description:
          "Always the caller's own entry. 409 when its week is submitted or approved; 404 when the lead or " +
          'client is not one the caller sees; 400 when the day would hold more than 24 hours.',
        body: timesheetEntryInputSchema,
        response: { 201: timesheetEntrySchema },
      },
    },
    async (request, reply) => reply.status(201).send(await createEntry(app.db, await actorOf(request), request.body)),
  );

  app.patch(
    '/api/timesheets/:id',
    {
      config: { access: { permission: 'timesheet:edit' } },
      schema: {
        tags,
        summary: 'Change the hours, task or description of an own entry, with the version last read',
        description: '409 when its week is locked or the version is stale; 403 for another user’s entry.',
        params: entryParams,
        body: timesheetEntryPatchSchema,
        response: { 200: timesheetEntrySchema },
      },
    },
    async (request) => updateEntry(app.db, await actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/timesheets/:id',
    {
      config: { access: { permission: 'timesheet:edit' } },
      schema: {
        tags,
        summary: 'Delete an own entry while its week is editable',
        description: '409 when its week is locked; 403 for another user’s entry.',
        params: entryParams,
        response: { 200: z.object({ message: z.string() }) },
      },
    },
    async (request) => {
      await deleteEntry(app.db, await actorOf(request), request.params.id);
      return { message: TIMESHEET_MESSAGES.entryDeleted };
    },
  );

  app.get(
    '/api/timesheets/weeks',
    {
      config: { access: { permission: 'timesheet:approve' } },
      schema: {
        tags,
        summary: 'The approval queue: the oldest submitted weeks of all users (at most 100) and how many wait',
        description: 'Each approval or rejection takes a week off the queue, so the next ones move up.',
        response: { 200: timesheetApprovalQueueSchema },
      },
    },
    async () => approvalQueue(app.db),
  );

  app.post(
    '/api/timesheets/weeks/:userId/:weekStart/submit',
    {
      config: { access: { permission: 'timesheet:create' } },
      schema: {
        tags,
        summary: 'Submit an own week: consultants and team leads wait for approval, other roles lock at once',
        description: '409 when the week is already submitted or approved, or has no entries.',
        params: timesheetWeekParamsSchema,
        response: { 200: timesheetWeekSchema },
      },
    },
    async (request) => submitWeek(app.db, await actorOf(request), request.params.userId, request.params.weekStart),
  );

  app.post(
    '/api/timesheets/weeks/:userId/:weekStart/approve',
    {
      config: { access: { permission: 'timesheet:approve' } },
      schema: {
        tags,
        summary: "Approve another user's submitted week; it is locked and its author is told",
        description: '409 when the week is not submitted; 403 for an own week.',
        params: timesheetWeekParamsSchema,
        response: { 200: timesheetWeekSchema },
      },
    },
    async (request) =>
      decideWeek(app.db, await actorOf(request), request.params.userId, request.params.weekStart, { approve: true }),
  );

  app.post(
    '/api/timesheets/weeks/:userId/:weekStart/reject',
    {
      config: { access: { permission: 'timesheet:approve' } },
      schema: {
        tags,
        summary: "Send another user's submitted week back with a reason; its author is told and may change it",
        description: '409 when the week is not submitted; 403 for an own week.',
        params: timesheetWeekParamsSchema,
        body: timesheetRejectSchema,
        response: { 200: timesheetWeekSchema },
      },
    },
    async (request) =>
      decideWeek(app.db, await actorOf(request), request.params.userId, request.params.weekStart, {
        approve: false,
        reason: request.body.reason,
      }),
  );

  app.get(
    '/api/timesheets/report',
    {
      config: { access: { permission: 'timesheet:view' } },
      schema: {
        tags,
        summary: 'Hours per record and per user in a date range (own hours; everyone’s for supervisors and above)',
        querystring: timesheetRangeQuerySchema,
        response: { 200: timesheetReportSchema },
      },
    },
    async (request) => timesheetReport(app.db, await actorOf(request), request.query),
  );

  app.get(
    '/api/timesheets/export',
    {
      config: { access: { permission: 'timesheet:export' } },
      schema: {
        tags,
        summary: 'The entries of a date range as CSV (own entries; everyone’s for supervisors and above)',
        querystring: timesheetRangeQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.any().meta({ description: 'The file', format: 'binary' }) },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request);
      const { from, to } = request.query;
      const text = (value: string | null) => neutraliseFormula(value ?? '');
      async function* rows() {
        for await (const week of entriesForExport(app.db, actor, request.query))
          for (const row of week) {
            const status = (row.weekStatus ?? 'draft') as TimesheetWeekStatus;
            yield [
              row.entry.entryDate,
              weekStartOf(row.entry.entryDate),
              text(row.userName),
              row.entry.leadId ? 'Lead' : 'Client',
              text(row.recordName),
              text(row.taskName),
              Number(row.entry.hours).toFixed(2),
              text(row.entry.description),
              TIMESHEET_WEEK_STATUS_LABELS[status],
            ];
          }
      }
      const body = streamTable({
        format: 'csv',
        sheetName: 'Timesheet',
        columns: TIMESHEET_EXPORT_COLUMNS.map((header) => ({ header })),
        rows: rows(),
        onDone: (count) =>
          app.afterResponse.run('export audit', () =>
            recordChange(app.db, actor.ctx, {
              action: 'EXPORT_TIMESHEETS',
              resourceType: 'TIMESHEET',
              resourceId: null,
              newValues: { from, to, count },
            }),
          ),
      });
      return sendExport(reply, 'csv', timesheetExportFileName(from, to), body);
    },
  );
}
