import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * Sliding-window limits shared by every server process (sign-in failures per client address, reset
 * mails, lead creations): one row per key holding the times of its recent hits. Counting is one
 * upsert, so concurrent requests on any process serialise on the row.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text().primaryKey(),
    hits: timestamptz().array().notNull(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_updated_idx').on(t.updatedAt)],
);
