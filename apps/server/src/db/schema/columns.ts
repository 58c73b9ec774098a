// Columns every business table carries: who and when, and a version for stale-edit detection (409).
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, integer, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid().primaryKey().defaultRandom();

export const timestamptz = () => timestamp({ withTimezone: true, mode: 'date' });

export const auditColumns = () => ({
  createdAt: timestamptz().notNull().defaultNow(),
  updatedAt: timestamptz().notNull().defaultNow(),
  createdBy: uuid(),
  updatedBy: uuid(),
  version: integer().notNull().default(1),
});

/** The audit columns' values for a change by `actorId`: who and when, and the version bumped (a stale edit's 409). */
export const changedBy = (table: { version: AnyPgColumn }, actorId: string | null) => ({
  updatedBy: actorId,
  updatedAt: new Date(),
  version: sql`${table.version} + 1`,
});

type PersonSearchColumns = {
  firstName: AnyPgColumn;
  middleName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
  contactNumber: AnyPgColumn;
};

/**
 * The text a list search matches for a person record (name, email, phone). The trigram index is built
 * on exactly this expression and the query goes through this same helper, or PostgreSQL would not use
 * the index (STACK.md: immutable `||` and coalesce, never concat()). Single spaces between the parts,
 * so 'John Smith' finds John Smith whether or not a middle name is stored.
 */
export const personSearchText = (t: PersonSearchColumns): SQL =>
  sql`lower(${t.firstName} || ' ' || coalesce(${t.middleName} || ' ', '') || ${t.lastName} || ' ' || ${t.email} || ' ' || ${t.contactNumber})`;

type RecordSearchColumns = PersonSearchColumns & {
  applicantLocation: AnyPgColumn;
  desiredVisa: AnyPgColumn;
  nationality: AnyPgColumn;
};

/**
 * The combined record list's search text (spec 1 §2.4): the person's text, then status, location, desired
 * visa and nationality, each after ' | ' so an ordinary term never matches across two of them. One
 * expression per table, so one trigram index serves the whole search (an OR over several columns
 * cannot use an index and read every row).
 */
export const recordSearchText = (t: RecordSearchColumns, status: AnyPgColumn): SQL =>
  sql`lower(${t.firstName} || ' ' || coalesce(${t.middleName} || ' ', '') || ${t.lastName} || ' ' || ${t.email} || ' ' || ${t.contactNumber} || ' | ' || ${status} || ' | ' || coalesce(${t.applicantLocation}, '') || ' | ' || coalesce(${t.desiredVisa}, '') || ' | ' || coalesce(${t.nationality}, ''))`;

/**
 * A nullable text column as a sort key: empty first (ascending). Keyset pages compare (key, id) row
 * values, which NULL would break; the list's sort and its index use this same expression.
 */
export const textSortKey = (column: AnyPgColumn): SQL => sql`coalesce(${column}, '')`;

/** A nullable date column as a sort key (see textSortKey): no date first. */
export const dateSortKey = (column: AnyPgColumn): SQL => sql`coalesce(${column}, '-infinity'::date)`;

/** A nullable timestamp column as a sort key (see textSortKey): no time first. */
export const timeSortKey = (column: AnyPgColumn): SQL => sql`coalesce(${column}, '-infinity'::timestamptz)`;

/** A person's name or email, lower-cased, for 1–2 letter prefix searches (a btree text_pattern_ops index each). */
export const prefixSearchKey = (column: AnyPgColumn): SQL => sql`lower(${column})`;
