// GET /api/{leads|clients|contacts}/export (issue 15 item 6): what the list shows for the same filters, as
// CSV or Excel through the one export streamer; refused for consultant and guest (their roles have no
// export). Each export is audited with its filters and row count.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLIENT_EXPORT_COLUMNS,
  clientExportQuerySchema,
  CONTACT_EXPORT_COLUMNS,
  contactExportQuerySchema,
  exportFileName,
  LEAD_EXPORT_COLUMNS,
  leadExportQuerySchema,
  neutraliseFormula,
} from '@crm/domain';
import { type Cell, exportTimestamp, sendExport, streamTable } from '../../exports/table-export.ts';
import { actorOf } from '../../plugins/actor.ts';
import { recordChange } from '../../platform/audit/record-change.ts';
import { readDisplaySetting, readFirmToday } from '../../platform/settings/settings.repository.ts';
import { clientsToExport, contactsToExport, leadsToExport } from './record-export.service.ts';

const produces = ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'];
const file = { 200: z.any().meta({ description: 'The file', format: 'binary' }) };
const text = (value: string | null | undefined): Cell => neutraliseFormula(value ?? '');
const name = (ref: { fullName: string } | null | undefined) => ref?.fullName ?? 'Unassigned';

export async function recordExportRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** The firm's today (the file name) and a formatter of timestamps in its zone, and the audit on completion. */
  async function exportContext(request: Parameters<typeof actorOf>[0], list: string, filters: object) {
    const actor = await actorOf(request);
    const [today, { timeZone }] = await Promise.all([readFirmToday(app.db), readDisplaySetting(app.db)]);
    const onDone = (count: number) =>
      app.afterResponse.run('export audit', () =>
        recordChange(app.db, actor.ctx, {
          action: `EXPORT_${list.toUpperCase()}`,
          resourceType: list.toUpperCase().replace(/S$/, ''),
          resourceId: null,
          newValues: { count, filters },
        }),
      );
    return { actor, today, stamp: exportTimestamp(timeZone), onDone };
  }

  app.get(
    '/api/leads/export',
    {
      config: { access: { permission: 'leads:export' } },
      schema: {
        tags: ['leads'],
        summary: "The Leads tab's rows for the same filters and search, as CSV or Excel, streamed",
        querystring: leadExportQuerySchema,
        produces,
        response: file,
      },
    },
    async (request, reply) => {
      const { actor, today, stamp, onDone } = await exportContext(request, 'leads', request.query);
      async function* rows() {
        for await (const lead of leadsToExport(app.db, actor.viewer, request.query)) {
          yield [
            lead.displayId,
            text(lead.firstName),
            text(lead.middleName),
            text(lead.lastName),
            text(lead.email),
            text(lead.contactNumberDisplay),
            lead.dateOfBirth ?? '',
            text(lead.nationality),
            text(lead.countryOfResidence),
            text(lead.applicantLocation),
            text(lead.currentVisaSubclass),
            lead.visaExpiryDate ?? '',
            text(lead.desiredVisa),
            lead.leadStatus,
            text(lead.leadSource),
            text(name(lead.manager)),
            text(name(lead.assistantManager)),
            text(lead.migrationAgent?.fullName ?? ''),
            stamp(new Date(lead.createdAt)),
          ];
        }
      }
      const format = request.query.format;
      const body = streamTable({
        format,
        sheetName: 'Leads',
        columns: LEAD_EXPORT_COLUMNS.map((header) => ({ header, width: header === 'Email' ? 32 : 18 })),
        rows: rows(),
        onDone,
      });
      return sendExport(reply, format, exportFileName('leads', today, format), body);
    },
  );

  app.get(
    '/api/clients/export',
    {
      config: { access: { permission: 'clients:export' } },
      schema: {
        tags: ['clients'],
        summary: "The Clients tab's rows for the same filters and search, as CSV or Excel, streamed",
        querystring: clientExportQuerySchema,
        produces,
        response: file,
      },
    },
    async (request, reply) => {
      const { actor, today, stamp, onDone } = await exportContext(request, 'clients', request.query);
      async function* rows() {
        for await (const client of clientsToExport(app.db, actor.viewer, request.query)) {
          yield [
            client.displayId,
            text(client.firstName),
            text(client.middleName),
            text(client.lastName),
            text(client.email),
            text(client.contactNumberDisplay),
            client.dateOfBirth ?? '',
            text(client.nationality),
            text(client.passportNumber),
            client.passportExpiryDate ?? '',
            text(client.currentVisaSubclass),
            client.visaExpiryDate ?? '',
            text(client.desiredVisa),
            text(client.status),
            text(name(client.manager)),
            text(name(client.assistantManager)),
            text(client.migrationAgent?.fullName ?? ''),
            stamp(new Date(client.createdAt)),
          ];
        }
      }
      const format = request.query.format;
      const body = streamTable({
        format,
        sheetName: 'Clients',
        columns: CLIENT_EXPORT_COLUMNS.map((header) => ({ header, width: header === 'Email' ? 32 : 18 })),
        rows: rows(),
        onDone,
      });
      return sendExport(reply, format, exportFileName('clients', today, format), body);
    },
  );

  app.get(
    '/api/contacts/export',
    {
      config: { access: { permission: 'contacts:export' } },
      schema: {
        tags: ['contacts'],
        summary: 'The contacts for the same search, as CSV or Excel, streamed',
        querystring: contactExportQuerySchema,
        produces,
        response: file,
      },
    },
    async (request, reply) => {
      const { actor, today, stamp, onDone } = await exportContext(request, 'contacts', request.query);
      async function* rows() {
        for await (const contact of contactsToExport(app.db, actor.viewer, request.query)) {
          yield [
            text(contact.firstName),
            text(contact.middleName),
            text(contact.lastName),
            text(contact.email),
            text(contact.contactNumberDisplay),
            text(contact.company),
            text(contact.countryOfResidence),
            text(contact.contactStatus),
            stamp(contact.movedFromLeadsAt ? new Date(contact.movedFromLeadsAt) : null),
          ];
        }
      }
      const format = request.query.format;
      const body = streamTable({
        format,
        sheetName: 'Contacts',
        columns: CONTACT_EXPORT_COLUMNS.map((header) => ({ header, width: header === 'Email' ? 32 : 18 })),
        rows: rows(),
        onDone,
      });
      return sendExport(reply, format, exportFileName('contacts', today, format), body);
    },
  );
}
