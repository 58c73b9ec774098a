// Audit rows in words (issue 29): the names and numbers of every record a batch of rows points at, read in
// one query per kind of record, for the domain's auditChanges / auditReferenceText. The Audit Logs tab, the
// Security events and a record's History all read their rows through here.
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type AuditNameOf, type AuditReference, type AuditReferenceKind, auditReferences } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { isUuid } from '../../db/list-query.ts';
import {
  clients,
  contacts,
  contractTemplates,
  contracts,
  creditNotes,
  documents,
  invoiceTemplates,
  invoices,
  leads,
  receipts,
  services,
  taskNotes,
  users,
} from '../../db/schema/index.ts';

type Named = { table: PgTable; id: PgColumn; name: SQL<string> };

const personName = (t: { firstName: PgColumn; lastName: PgColumn }) =>
  sql<string>`trim(${t.firstName} || ' ' || ${t.lastName})`;

/** How each kind of record is named: a person by name, an invoice by its number, a contract by reference and title. */
const NAMED: Record<AuditReferenceKind, Named> = {
  user: { table: users, id: users.id, name: personName(users) },
  lead: { table: leads, id: leads.id, name: personName(leads) },
  client: { table: clients, id: clients.id, name: personName(clients) },
  contact: { table: contacts, id: contacts.id, name: personName(contacts) },
  invoice: { table: invoices, id: invoices.id, name: sql<string>`${invoices.invoiceNumber}` },
  creditNote: { table: creditNotes, id: creditNotes.id, name: sql<string>`${creditNotes.creditNoteNumber}` },
  receipt: { table: receipts, id: receipts.id, name: sql<string>`${receipts.receiptNumber}` },
  service: { table: services, id: services.id, name: sql<string>`${services.serviceName}` },
  task: {
    table: taskNotes,
    id: taskNotes.id,
    name: sql<string>`coalesce(${taskNotes.taskName}, ${taskNotes.taskType})`,
  },
  contract: {
    table: contracts,
    id: contracts.id,
    name: sql<string>`${contracts.reference} || ' ' || ${contracts.title}`,
  },
  contractTemplate: {
    table: contractTemplates,
    id: contractTemplates.id,
    name: sql<string>`${contractTemplates.name}`,
  },
  invoiceTemplate: { table: invoiceTemplates, id: invoiceTemplates.id, name: sql<string>`${invoiceTemplates.name}` },
  document: {
    table: documents,
    id: documents.id,
    name: sql<string>`${documents.controlNumber} || ' ' || ${documents.title}`,
  },
};

const keyOf = (reference: AuditReference) => `${reference.kind}:${reference.id}`;

/** Names every record the references point at; what is not found (deleted for ever, or not an id) reads as gone. */
export async function auditNames(db: Executor, references: readonly AuditReference[]): Promise<AuditNameOf> {
  const wanted = new Map<AuditReferenceKind, Set<string>>();
  for (const reference of references) {
    if (!isUuid(reference.id)) continue;
    wanted.set(reference.kind, (wanted.get(reference.kind) ?? new Set()).add(reference.id));
  }
  const names = new Map<string, string>();
  // One after another: inside a transaction they share one connection.
  for (const [kind, ids] of wanted) {
    const { table, id, name } = NAMED[kind];
    const rows = await db
      .select({ id: sql<string>`${id}::text`, name })
      .from(table)
      .where(inArray(id, [...ids]));
    for (const row of rows) names.set(keyOf({ kind, id: row.id }), row.name);
  }
  return (reference) => names.get(keyOf(reference)) ?? null;
}

/** The names for a batch of audit rows, with the actors'. */
export function auditRowNames(
  db: Executor,
  rows: readonly {
    userId: string | null;
    resourceType: string;
    resourceId: string | null;
    oldValues: unknown;
    newValues: unknown;
  }[],
  more: readonly AuditReference[] = [],
): Promise<AuditNameOf> {
  return auditNames(db, [
    ...more,
    ...rows.flatMap((row) => [
      ...(row.userId ? [{ kind: 'user' as const, id: row.userId }] : []),
      ...auditReferences(row),
    ]),
  ]);
}
