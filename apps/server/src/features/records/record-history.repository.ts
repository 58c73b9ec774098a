// The SQL of a record's History (record-history.ts): whether the viewer may see the lead or client, and
// its audit rows newest first.
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { isVisibleRow, type Viewer } from '../../db/list-query.ts';
import { auditLogs, clientOwnership, clients, leadOwnership, leads } from '../../db/schema/index.ts';

const TABLES = {
  lead: { table: leads, ownership: leadOwnership },
  client: { table: clients, ownership: clientOwnership },
};

export function isVisibleRecord(db: Executor, viewer: Viewer, type: 'lead' | 'client', id: string): Promise<boolean> {
  const { table, ownership } = TABLES[type];
  return isVisibleRow(db, viewer, table, ownership, id);
}

export const auditRowsOf = (db: Executor, resourceType: string, id: string, limit: number) =>
  db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.resourceType, resourceType), eq(auditLogs.resourceId, id)))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit);
