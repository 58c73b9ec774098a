// What the person tables share (leads, clients, and contacts, the archived leads): the contact number's
// stored forms and the indexes their lists search, sort and filter by, so the tables keep one definition.
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, type ExtraConfigColumn, index, type IndexBuilder, text } from 'drizzle-orm/pg-core';
import { personSearchText, prefixSearchKey, recordSearchText, textSortKey } from './columns.ts';

/** A contact number reduced to its digits: the duplicate check compares these. */
export const contactDigits = (contactNumber: AnyPgColumn): SQL =>
  sql`regexp_replace(${contactNumber}, '[^0-9]', '', 'g')`;

/** The contact number as typed and the two forms the repositories derive from it (db/contact-number-e164.ts). */
export const contactNumberColumns = () => ({
  contactNumber: text().notNull(),
  /**
   * The typed number in E.164 ('+61412345678'), null when it is not valid; the repositories set it on every
   * write. Named, as the snake_case casing would spell it contact_number_e_164.
   */
  contactNumberE164: text('contact_number_e164'),
  /**
   * The phone search's haystack (decision 0005): the E.164 digits without '+' ('61412345678') when the number
   * is valid, else the digits as typed; set with contactNumberE164 on every write.
   */
  contactNumberDigits: text(),
});

type PhoneColumns = { contactNumberE164: ExtraConfigColumn; contactNumberDigits: AnyPgColumn };

/**
 * Phone search (an exact number or its beginning: LIKE '+61412%' needs the pattern operator class, and the
 * duplicate check), and by any run of digits (LIKE '%412345678%'). Not partial: the start-up back-fill finds
 * the rows still without an E.164 number through the first, and every list reads the second, the live rows
 * and the contacts alike.
 */
export const phoneSearchIndexes = (table: string, t: PhoneColumns) => [
  index(`${table}_contact_e164_idx`).on(t.contactNumberE164.op('text_pattern_ops')),
  index(`${table}_contact_digits_trgm_idx`).using('gin', sql`${t.contactNumberDigits} gin_trgm_ops`),
];

type NameColumns = { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn };

/**
 * 1–2 letter searches match the start of a name or the email (3 and more use the trigram index); on the rows
 * `listed` selects when given.
 */
export const namePrefixIndexes = (table: string, t: NameColumns, listed?: () => SQL): IndexBuilder[] => {
  const prefix = (name: string, column: AnyPgColumn) => {
    const built = index(`${table}_${name}_prefix_idx`).on(sql`${prefixSearchKey(column)} text_pattern_ops`);
    return listed ? built.where(listed()) : built;
  };
  return [prefix('first_name', t.firstName), prefix('last_name', t.lastName), prefix('email', t.email)];
};

type ListedPersonColumns = NameColumns &
  PhoneColumns & {
    id: AnyPgColumn;
    createdAt: AnyPgColumn;
    updatedAt: AnyPgColumn;
    createdBy: AnyPgColumn;
    middleName: AnyPgColumn;
    contactNumber: AnyPgColumn;
    applicantLocation: AnyPgColumn;
    desiredVisa: AnyPgColumn;
    nationality: AnyPgColumn;
    convertedAt: AnyPgColumn;
    deletedAt: AnyPgColumn;
    managerUserId: AnyPgColumn;
    assistantManagerUserId: AnyPgColumn;
    migrationAgentUserId: AnyPgColumn;
  };

/**
 * The indexes the leads and clients lists both read, on the rows `live` selects (the partial indexes share
 * the lists' predicate), named after the table; `status` is the table's status column.
 */
export const personListIndexes = (table: string, t: ListedPersonColumns, status: AnyPgColumn, live: () => SQL) => [
  index(`${table}_search_trgm_idx`)
    .using('gin', sql`${personSearchText(t)} gin_trgm_ops`)
    .where(live()),
  // The combined record list's search (name, email, phone, status, location, desired visa, nationality).
  index(`${table}_record_search_trgm_idx`)
    .using('gin', sql`${recordSearchText(t, status)} gin_trgm_ops`)
    .where(live()),
  index(`${table}_contact_digits_idx`).on(contactDigits(t.contactNumber)).where(live()),
  ...phoneSearchIndexes(table, t),
  // Sorts (each with the id tie-breaker the list orders by) and filters.
  index(`${table}_created_idx`).on(t.createdAt, t.id).where(live()),
  index(`${table}_updated_idx`).on(t.updatedAt, t.id).where(live()),
  index(`${table}_first_name_idx`).on(t.firstName, t.id).where(live()),
  index(`${table}_last_name_idx`).on(t.lastName, t.id).where(live()),
  index(`${table}_nationality_sort_idx`).on(textSortKey(t.nationality), t.id).where(live()),
  index(`${table}_status_sort_idx`).on(status, t.id).where(live()),
  index(`${table}_location_sort_idx`).on(textSortKey(t.applicantLocation), t.id).where(live()),
  index(`${table}_desired_visa_sort_idx`).on(textSortKey(t.desiredVisa), t.id).where(live()),
  ...namePrefixIndexes(table, t, live),
  index(`${table}_status_created_idx`).on(status, t.createdAt, t.id).where(live()),
  index(`${table}_location_created_idx`).on(t.applicantLocation, t.createdAt, t.id).where(live()),
  index(`${table}_desired_visa_created_idx`).on(t.desiredVisa, t.createdAt, t.id).where(live()),
  index(`${table}_converted_at_idx`)
    .on(t.convertedAt)
    .where(sql`${t.convertedAt} is not null`),
  index(`${table}_deleted_at_idx`)
    .on(t.deletedAt)
    .where(sql`${t.deletedAt} is not null`),
  // Consultant visibility (own or assigned) and the foreign keys' set-null on user removal.
  index(`${table}_created_by_idx`).on(t.createdBy),
  index(`${table}_manager_idx`).on(t.managerUserId),
  index(`${table}_assistant_manager_idx`).on(t.assistantManagerUserId),
  index(`${table}_migration_agent_idx`).on(t.migrationAgentUserId),
];
