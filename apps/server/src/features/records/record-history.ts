// GET /api/leads/:id/history and /api/clients/:id/history (issue 14 item 5): the record's audit rows,
// newest first, as its History tab shows them — only to a user who may see the record. Among them, for a
// role with Finance, the mails about its invoices (issue 27), as the Mail log has them now.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  auditChanges,
  auditReferenceText,
  HISTORY_LIMIT,
  historyTitle,
  type MailOutcome,
  type MailStatus,
  type Module,
  type RecordHistoryEntry,
  recordHistoryEntrySchema,
} from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { isUuid } from '../../db/list-query.ts';
import { type Actor, actorOf } from '../../plugins/actor.ts';
import { AppError } from '../../plugins/errors.ts';
import { invoiceMailsOf } from '../mail/mail-log.repository.ts';
import { auditRowNames } from '../audit/audit-words.ts';
import { auditRowsOf, isVisibleRecord } from './record-history.repository.ts';

type HistoryOf = {
  path: string;
  module: Module;
  type: 'lead' | 'client';
  resourceType: 'LEAD' | 'CLIENT';
  noun: string;
};

const RECORDS: HistoryOf[] = [
  {
    path: '/api/leads',
    module: 'leads',
    type: 'lead',
    resourceType: 'LEAD',
    noun: 'Lead',
  },
  {
    path: '/api/clients',
    module: 'clients',
    type: 'client',
    resourceType: 'CLIENT',
    noun: 'Client',
  },
];

export async function recordHistory(
  db: Executor,
  actor: Pick<Actor, 'viewer' | 'can'>,
  of: HistoryOf,
  id: string,
): Promise<RecordHistoryEntry[]> {
  if (!isUuid(id) || !(await isVisibleRecord(db, actor.viewer, of.type, id))) {
    throw new AppError('NOT_FOUND', `${of.noun} not found`);
  }
  const rows = await auditRowsOf(db, of.resourceType, id, HISTORY_LIMIT);
  // Invoice mails are finance information: a role without the Finance module sees only the changes.
  const mails = actor.can('finance:view') ? await invoiceMailsOf(db, { type: of.type, id }, HISTORY_LIMIT) : [];
  // Names of the actors and of every record a row points at (people, invoices, services …): one query a kind.
  const nameOf = await auditRowNames(
    db,
    rows,
    mails.flatMap((mail) => (mail.createdBy ? [{ kind: 'user' as const, id: mail.createdBy }] : [])),
  );
  const actorName = (id: string | null) => (id ? auditReferenceText({ kind: 'user', id }, nameOf) : null);
  const mailEntries = mails.map((mail): RecordHistoryEntry => ({
    id: mail.id,
    at: mail.createdAt.toISOString(),
    action: 'MAIL',
    title: `Mailed: ${mail.subject}`,
    actorName: actorName(mail.createdBy),
    changes: [],
    mail: {
      id: mail.id,
      to: mail.to,
      status: mail.status as MailStatus,
      outcome: (mail.outcome as MailOutcome | null) ?? null,
    },
  }));
  const changeEntries = rows.map((row): RecordHistoryEntry => ({
    id: row.id,
    at: row.createdAt.toISOString(),
    action: row.action,
    title: historyTitle(row.action),
    actorName: actorName(row.userId),
    changes: auditChanges(row, nameOf),
  }));
  return [...changeEntries, ...mailEntries]
    .sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? 1 : -1))
    .slice(0, HISTORY_LIMIT);
}

export async function recordHistoryRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  for (const of of RECORDS) {
    app.get(
      `${of.path}/:id/history`,
      {
        config: { access: { permission: `${of.module}:view` } },
        schema: {
          tags: [of.module],
          summary: `The ${of.noun.toLowerCase()}'s history from the audit log, with the mails about its invoices, newest first (at most ${HISTORY_LIMIT})`,
          description: `404 when the ${of.noun.toLowerCase()} is not one the user may see.`,
          params: z.object({ id: z.string().describe(`${of.noun} id (uuid)`) }),
          response: { 200: z.array(recordHistoryEntrySchema) },
        },
      },
      async (request) => recordHistory(app.db, await actorOf(request), of, request.params.id),
    );
  }
}
