import { bigint, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Counts kept exact by triggers in the same transaction as every write (migration 0008): live leads by
 * status, hidden and converted; live clients by status and hidden; contacts by status and revertible.
 * Tab counts, unfiltered list totals and the dashboard read these instead of counting a big table.
 */
export const recordCounts = pgTable(
  'record_counts',
  {
    /** 'leads' | 'clients' | 'contacts' */
    list: text().notNull(),
    /** The bucket, e.g. 'New Lead Received|false|false' (see the trigger functions for each list). */
    key: text().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.list, t.key] })],
);
