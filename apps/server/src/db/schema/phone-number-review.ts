// Stored contact numbers the start-up back-fill could not read as a number of any country (decision 0005):
// left as they were, listed for administrators to correct. One row per record; the back-fill adds a row
// when it finds one and removes it once the record's number reads (edited, or a newer libphonenumber).
import { primaryKey, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

export const phoneNumberReview = pgTable(
  'phone_number_review',
  {
    /** 'lead', 'client' or 'contact'. */
    recordType: text().notNull(),
    recordId: uuid().notNull(),
    /** The number as stored when the back-fill found it. */
    contactNumber: text().notNull(),
    foundAt: timestamptz().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recordType, t.recordId] })],
);
