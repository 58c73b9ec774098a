// The names of the records audit rows point at, one kind of record at a time (audit-words.ts).
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditReferenceKind } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
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

/** The id and name of each record of the kind found among the ids. */
export function namesOfKind(
  db: Executor,
  kind: AuditReferenceKind,
  ids: string[],
): Promise<{ id: string; name: string }[]> {
  const { table, id, name } = NAMED[kind];
  return db
    .select({ id: sql<string>`${id}::text`, name })
    .from(table)
    .where(inArray(id, ids));
}
