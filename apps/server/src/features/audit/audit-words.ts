// Audit rows in words (issue 29): the names and numbers of every record a batch of rows points at, read in
// one query per kind of record, for the domain's auditChanges / auditReferenceText. The Audit Logs tab, the
// Security events and a record's History all read their rows through here.
import { type AuditNameOf, type AuditReference, type AuditReferenceKind, auditReferences } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { isUuid } from '../../db/list-query.ts';
import { namesOfKind } from './audit-names.repository.ts';

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
    const rows = await namesOfKind(db, kind, [...ids]);
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
