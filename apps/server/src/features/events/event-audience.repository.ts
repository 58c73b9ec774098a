// The one read behind a record's change event: whether the viewer sees that lead, client or contact.
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.ts';
import { isVisibleRow, type Ownership, type Viewer } from '../../db/list-query.ts';
import { clientOwnership, clients, contactOwnership, contacts, leadOwnership, leads } from '../../db/schema/index.ts';

export type RecordResource = 'lead' | 'client' | 'contact';

const RECORD_TABLES: Record<RecordResource, { table: PgTable & { id: PgColumn }; ownership: Ownership }> = {
  lead: { table: leads, ownership: leadOwnership },
  client: { table: clients, ownership: clientOwnership },
  contact: { table: contacts, ownership: contactOwnership },
};

export async function isRecordVisible(
  db: Executor,
  viewer: Viewer,
  resource: RecordResource,
  id: string,
): Promise<boolean> {
  const { table, ownership } = RECORD_TABLES[resource];
  return isVisibleRow(db, viewer, table, ownership, id);
}
