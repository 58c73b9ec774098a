// Client money (issue 25; docs/decisions/0023): one ledger per lead or client and currency, holding money
// received for the client and not yet earned. Its balance is kept with its entries in each writing
// transaction (the row lock queues concurrent writes) and can never go below zero: the check refuses it.
// Conversion and reversion move ledgers with their record (features/record-kit/child-records.repository.ts); a purge
// deletes them only when they are empty (the purge refuses a record that still holds money).
import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clients } from './clients.ts';
import { id, timestamptz } from './columns.ts';
import { leads } from './leads.ts';

export const clientLedgers = pgTable(
  'client_ledgers',
  {
    id: id(),
    leadId: uuid().references(() => leads.id, { onDelete: 'cascade' }),
    clientId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    currency: text().notNull(),
    balance: numeric({ precision: 14, scale: 2 }).notNull().default('0'),
    /** 0 until the first entry: a ledger is created when its first money arrives. */
    version: integer().notNull().default(0),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [
    check('client_ledgers_one_record', sql`num_nonnulls(${t.leadId}, ${t.clientId}) = 1`),
    check('client_ledgers_not_negative', sql`${t.balance} >= 0`),
    uniqueIndex('client_ledgers_lead_key').on(t.leadId, t.currency),
    uniqueIndex('client_ledgers_client_key').on(t.clientId, t.currency),
  ],
);
