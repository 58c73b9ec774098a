// Contract Manager (issue 16 item 1; docs/decisions/0018). References 'CONT-<year>-<NNN>' come from the
// per-year row of document_counters ('contract-<year>'), taken in the inserting transaction, with a unique
// index as the last word. Only draft / active / terminated is stored; 'expired' is derived from the expiry
// date on the firm's date when read. The party's name and email are kept as the contract names them, so
// a contract still reads right when its record is purged (the link then goes, like an invoice's).
import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { bigint, boolean, check, date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { auditColumns, id, prefixSearchKey } from './columns.ts';
import { clients } from './clients.ts';
import { leads } from './leads.ts';
import { users } from './users.ts';

/** The list's search text (3+ letters, trigram): reference, title and the party's name and email. */
export const contractSearchText = (t: {
  reference: AnyPgColumn;
  title: AnyPgColumn;
  clientName: AnyPgColumn;
  clientEmail: AnyPgColumn;
}) =>
  sql`lower(${t.reference} || ' ' || ${t.title} || ' ' || ${t.clientName} || ' ' || coalesce(${t.clientEmail}, ''))`;

export const contractTemplates = pgTable(
  'contract_templates',
  {
    id: id(),
    name: text().notNull(),
    category: text().notNull().default('General'),
    description: text(),
    content: text().notNull().default(''),
    isPublic: boolean().notNull().default(true),
    ...auditColumns(),
    createdBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('contract_templates_name_idx').on(t.name, t.id)],
);

export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    reference: text().notNull(),
    title: text().notNull(),
    state: text({ enum: ['draft', 'active', 'terminated'] })
      .notNull()
      .default('draft'),
    leadId: uuid().references(() => leads.id, { onDelete: 'set null' }),
    clientId: uuid().references(() => clients.id, { onDelete: 'set null' }),
    additionalClientIds: uuid()
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    clientName: text().notNull(),
    clientEmail: text(),
    templateId: uuid().references(() => contractTemplates.id, { onDelete: 'set null' }),
    content: text().notNull().default(''),
    effectiveDate: date({ mode: 'string' }).notNull(),
    expiryDate: date({ mode: 'string' }),
    signedDate: date({ mode: 'string' }),
    signedFileKey: text(),
    signedFileName: text(),
    signedFileType: text(),
    signedFileSize: bigint({ mode: 'number' }),
    ...auditColumns(),
    createdBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('contracts_reference_idx').on(t.reference),
    check('contracts_one_record', sql`num_nonnulls(${t.leadId}, ${t.clientId}) <= 1`),
    index('contracts_created_idx').on(t.createdAt, t.id),
    index('contracts_updated_idx').on(t.updatedAt, t.id),
    index('contracts_title_idx').on(t.title, t.id),
    index('contracts_reference_sort_idx').on(t.reference, t.id),
    index('contracts_lead_idx').on(t.leadId),
    index('contracts_client_idx').on(t.clientId),
    index('contracts_search_idx').using('gin', sql`${contractSearchText(t)} gin_trgm_ops`),
    index('contracts_reference_prefix_idx').on(sql`${prefixSearchKey(t.reference)} text_pattern_ops`),
    index('contracts_title_prefix_idx').on(sql`${prefixSearchKey(t.title)} text_pattern_ops`),
    index('contracts_name_prefix_idx').on(sql`${prefixSearchKey(t.clientName)} text_pattern_ops`),
  ],
);
