// The one way a paginated list is read (leads, clients, contacts; the combined records list uses its
// keyset pieces): visibility scope, search that an index serves at every length, filters, sort with a
// stable tie-breaker, keyset pages, page size limited by role, and a total that never counts a big table.
import { and, asc, type Column, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  navigationOf,
  oneNavigation,
  type Page,
  type PageNavigation,
  PAGE_MESSAGES,
  pageSizeLimit,
  parseSort,
  phoneSearchDigits,
  ROLE_RESTRICTIONS,
  type Role,
} from '@crm/domain';
import { AppError } from '../plugins/errors.ts';
import { isStorableText } from '../plugins/input-guard.ts';
import type { Executor } from './database.ts';
import { cappedCount } from './record-counts.ts';
import { taskNotes } from './schema/tasks.ts';

/** Who is asking: the role decides scope and page size. */
export type Viewer = { id: string; role: Role };

/**
 * The columns naming a record's creator and the users assigned to it, and, for a lead or a client, its id:
 * the assignee of one of its tasks sees it too (DECISIONS.md §2).
 */
export type Ownership = {
  owner: Column;
  assignees: readonly Column[];
  taskRecord?: { id: Column; via: 'lead' | 'client' };
};

/** Whether the role sees every record (the maintained counts answer for it) or only its own (consultant). */
export const seesEverything = (viewer: Viewer) => ROLE_RESTRICTIONS[viewer.role].scope === 'all';

/** Scope 'own_or_assigned' (consultant) sees records it created or is assigned to; other roles see all. */
export function visibleTo(viewer: Viewer, ownership: Ownership): SQL | undefined {
  if (ROLE_RESTRICTIONS[viewer.role].scope === 'all') return undefined;
  // The records of the viewer's tasks as an array computed once (an InitPlan), not an EXISTS per row: `id =
  // any(array)` is an index condition, so the planner can still OR it with the owner and assignee indexes
  // instead of scanning the table (test/list-guard.test.ts holds every list to that).
  const link = ownership.taskRecord;
  const taskColumn = link && (link.via === 'lead' ? taskNotes.leadId : taskNotes.clientId);
  const assignedTask =
    link && taskColumn
      ? sql`${link.id} = any(array(select ${taskColumn} from ${taskNotes} where ${taskNotes.assignedTo} = ${viewer.id} and ${taskColumn} is not null))`
      : undefined;
  return or(...[ownership.owner, ...ownership.assignees].map((column) => eq(column, viewer.id)), assignedTask);
}

/**
 * visibleTo for a lead or client reached through another row's link (a contract's), one record at a time:
 * the task link as an EXISTS probe of the assignee index. visibleTo's array is computed up front, and the
 * planner charges its cost to every probe — a page of contracts then looked dear enough to be compiled
 * with JIT (15 ms and more a request for a 6 ms read).
 */
export function visibleRecordTo(viewer: Viewer, ownership: Ownership): SQL | undefined {
  if (ROLE_RESTRICTIONS[viewer.role].scope === 'all') return undefined;
  const link = ownership.taskRecord;
  const taskColumn = link && (link.via === 'lead' ? taskNotes.leadId : taskNotes.clientId);
  const assignedTask =
    link && taskColumn
      ? sql`exists (select 1 from ${taskNotes} where ${taskNotes.assignedTo} = ${viewer.id} and ${taskColumn} = ${link.id})`
      : undefined;
  return or(...[ownership.owner, ...ownership.assignees].map((column) => eq(column, viewer.id)), assignedTask);
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Below this many letters a term matches the start of a name or the email (no trigram exists for it). */
export const TRIGRAM_MIN_LENGTH = 3;

/**
 * The search condition of a list. Three letters and more: a substring match on the lower()-ed search
 * expression the trigram index is built on (the term goes through the same SQL lower(), so both sides
 * fold case alike whatever the database's locale; LIKE then does what ILIKE would, with a cheaper
 * recheck). One or two letters: the start of a first name, last name or email (`prefixes`, each with a
 * text_pattern_ops btree index), since no trigram index can serve them.
 *
 * A term that looks like a phone number also matches the digits column (`digits`: contact_number_digits)
 * by the runs of digits the domain derives from it, so '0412 345 678', '412345678' and '3470785' find
 * '+61 412 345 678' and '+57 317 347 0785' (decision 0005). Each run is a LIKE '%run%' on the column's
 * trigram index; PostgreSQL ORs it with the text scan (BitmapOr).
 */
export function matchesSearch(
  expression: SQL,
  term: string | undefined,
  digits?: Column,
  prefixes?: readonly SQL[],
): SQL | undefined {
  const text = term?.trim();
  if (!text) return undefined;
  const byText =
    text.length < TRIGRAM_MIN_LENGTH && prefixes && prefixes.length > 0
      ? or(...prefixes.map((prefix) => sql`${prefix} like lower(${`${escapeLike(text)}%`})`))
      : sql`${expression} like lower(${`%${escapeLike(text)}%`})`;
  // The runs hold only digits: nothing to escape in a LIKE pattern.
  const byNumber = digits ? phoneSearchDigits(text).map((run) => sql`${digits} like ${`%${run}%`}`) : [];
  return byNumber.length > 0 ? or(byText, ...byNumber) : byText;
}

/** A multi-select filter: no values means no filter. */
export function anyOf(column: Column, values: readonly string[] | undefined): SQL | undefined {
  return values && values.length > 0 ? inArray(column, [...values]) : undefined;
}

/** What a list sorts by: an expression (the one its index is built on) and its SQL type (for the cursor). */
export type SortKey = { expr: SQL; type: 'timestamptz' | 'date' | 'text' };

/** A plain column as a sort key. */
export const sortKey = (column: Column, type: SortKey['type'] = 'text'): SortKey => ({ expr: sql`${column}`, type });

export type SortSpec<F extends string> = {
  /** The sortable fields and their keys; anything else falls back to `fallback`. */
  keys: Record<F, SortKey>;
  requested: string | undefined;
  fallback: F;
  /** Makes the order total so pages never repeat or skip a row (the table's uuid id). */
  tieBreaker: PgColumn;
};

export type ListQueryInput = {
  search?: string;
  pageSize: number;
  page?: number;
  after?: string;
  before?: string;
  last?: boolean;
};

export type ListSpec<TTable extends PgTable, Item, F extends string> = {
  viewer: Viewer;
  /** Which role limit applies (contacts have their own for guest). */
  limitKind?: 'records' | 'contacts';
  from: TTable;
  /** Conditions every row must meet (not deleted, not archived, ...); undefined entries are skipped. */
  conditions: (SQL | undefined)[];
  /** Whose records a role that sees only its own may list: the record's owner and assignee columns... */
  ownership?: Ownership;
  /** ...or, for a child record (a service), the condition that its record is one the viewer may see. */
  visibility?: (viewer: Viewer) => SQL | undefined;
  /** `digits`: the table's contact_number_digits column, which a phone-like term matches too. */
  search?: SearchSpec;
  sort: SortSpec<F>;
  query: ListQueryInput;
  /** A filter of the user's own is set (status, location, ...; the search counts too). */
  filtered: boolean;
  /**
   * The exact total from the maintained counts, when they can answer for this list as asked (a role that
   * sees every record, and no filter they cannot answer); otherwise the list counts what it may.
   */
  exactTotal?: () => Promise<number>;
  /** The API shape of the rows of one page (names of users, derived fields). */
  toItems: (rows: TTable['$inferSelect'][]) => Promise<Item[]>;
};

/** Where a list's search looks: the trigram expression (3+ letters), the prefix keys (1–2), the phone digits. */
export type SearchSpec = { expression: SQL; prefixes?: readonly SQL[]; term: string | undefined; digits?: Column };

/** Everything that decides which rows a list shows, as one condition (also used for its filter options). */
export function listWhere(
  spec: Pick<ListSpec<PgTable, unknown, string>, 'viewer' | 'conditions' | 'ownership' | 'visibility' | 'search'>,
): SQL | undefined {
  const visible = spec.visibility
    ? spec.visibility(spec.viewer)
    : spec.ownership
      ? visibleTo(spec.viewer, spec.ownership)
      : undefined;
  if (!seesEverything(spec.viewer) && !spec.visibility && !spec.ownership) {
    throw new Error('a list a role with its own records reads needs ownership or visibility');
  }
  return and(
    ...spec.conditions,
    visible,
    spec.search
      ? matchesSearch(spec.search.expression, spec.search.term, spec.search.digits, spec.search.prefixes)
      : undefined,
  );
}

/** The query string of a cursor: which sort it belongs to, the sort key of the row as text, the row's id. */
type Cursor = { sort: string; key: string; id: string };

const CURSOR_KEY_MAX = 500;
const KEY_FORMATS: Record<SortKey['type'], RegExp> = {
  timestamptz: /^-?infinity$|^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
  date: /^(-?infinity|\d{4}-\d{2}-\d{2})$/,
  // Any text the list could hold (checked with isStorableText: a cursor is decoded after the input guard ran).
  text: /^[\s\S]*$/,
};

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.sort, cursor.key, cursor.id]), 'utf8').toString('base64url');
}

/** The cursor, or 400 when it is not one this list handed out for this sort (tampered, stale or foreign). */
export function decodeCursor(text: string, sort: string, type: SortKey['type']): Cursor {
  const refuse = () =>
    new AppError('VALIDATION_FAILED', PAGE_MESSAGES.badCursor, { cursor: [PAGE_MESSAGES.badCursor] });
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw refuse();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3 || !parsed.every((part) => typeof part === 'string'))
    throw refuse();
  const [cursorSort, key, id] = parsed as [string, string, string];
  if (cursorSort !== sort || !isUuid(id) || key.length > CURSOR_KEY_MAX || !KEY_FORMATS[type].test(key)) throw refuse();
  if (!isStorableText(key)) throw refuse();
  return { sort: cursorSort, key, id };
}

export type Direction = 'asc' | 'desc';

/** The keyset condition: rows after (or before) the boundary in the given order. */
function beyond(key: SortKey, id: PgColumn, boundary: Cursor, direction: Direction): SQL {
  const value = sql`cast(${boundary.key} as ${sql.raw(key.type)})`;
  return direction === 'asc'
    ? sql`(${key.expr}, ${id}) > (${value}, ${boundary.id}::uuid)`
    : sql`(${key.expr}, ${id}) < (${value}, ${boundary.id}::uuid)`;
}

/** Refuses a query that names more than one place to start. */
export function assertOneNavigation(query: ListQueryInput): void {
  if (!oneNavigation(query)) {
    throw new AppError('VALIDATION_FAILED', PAGE_MESSAGES.oneNavigation, { page: [PAGE_MESSAGES.oneNavigation] });
  }
}

/** Reads up to `limit` rows in the direction, beyond the cursor when there is one, skipping `offset`. */
export type KeysetRead<R> = (
  direction: Direction,
  cursor: string | null,
  limit: number,
  offset: number,
) => Promise<R[]>;

/**
 * The rows of the page a navigation asks for, read by keyset: page N from the start (a small OFFSET), Last
 * as the reversed order, Next / Previous beyond a cursor — one row more than the page to know whether
 * another follows. A cursor with nothing after it (rows deleted meanwhile) gives the last page; one with
 * less than a page before it gives the first page, full. Shared by every list (the records UNION too).
 */
export async function keysetRows<R>(
  navigation: PageNavigation,
  pageSize: number,
  direction: Direction,
  read: KeysetRead<R>,
): Promise<{ rows: R[]; prev: boolean; next: boolean; page: number | null }> {
  const reversed: Direction = direction === 'asc' ? 'desc' : 'asc';
  const fromStart = async (page: number) => {
    const found = await read(direction, null, pageSize + 1, (page - 1) * pageSize);
    return { rows: found.slice(0, pageSize), prev: page > 1, next: found.length > pageSize, page };
  };
  const fromEnd = async () => {
    const found = await read(reversed, null, pageSize + 1, 0);
    return { rows: found.slice(0, pageSize).reverse(), prev: found.length > pageSize, next: false, page: null };
  };
  if (navigation.kind === 'page') return fromStart(navigation.page);
  if (navigation.kind === 'last') return fromEnd();
  if (navigation.kind === 'after') {
    const found = await read(direction, navigation.cursor, pageSize + 1, 0);
    if (found.length === 0) return fromEnd();
    return { rows: found.slice(0, pageSize), prev: true, next: found.length > pageSize, page: null };
  }
  const found = await read(reversed, navigation.cursor, pageSize + 1, 0);
  if (found.length <= pageSize) return fromStart(1);
  return { rows: found.slice(0, pageSize).reverse(), prev: true, next: true, page: null };
}

/**
 * One page of a list, read by keyset (docs/decisions/0008): the first pages by number (a small OFFSET),
 * then Next / Previous from the cursor beside the rows shown, and Last as the reversed order — so a deep
 * page reads no more rows than the first. One row more than the page is read to know whether another
 * page follows. The total is the maintained count when the caller has one, a capped count for an
 * unfiltered list of a role that sees only its own records, and null (unknown) for a searched or
 * filtered list, which never counts more rows than it can show.
 */
export async function listPage<TTable extends PgTable & { id: PgColumn }, Item, F extends string>(
  db: Executor,
  spec: ListSpec<TTable, Item, F>,
): Promise<Page<Item>> {
  assertOneNavigation(spec.query);
  const navigation = navigationOf(spec.query);
  const pageSize = Math.min(spec.query.pageSize, pageSizeLimit(spec.viewer.role, spec.limitKind ?? 'records'));
  const { field, direction } = parseSort(spec.sort.requested, Object.keys(spec.sort.keys) as F[], spec.sort.fallback);
  const key = spec.sort.keys[field];
  const id = spec.sort.tieBreaker;
  const sortName = `${field}:${direction}`;
  const where = listWhere(spec);
  const order = (dir: Direction) => (dir === 'asc' ? [asc(key.expr), asc(id)] : [desc(key.expr), desc(id)]);

  const read = async (dir: Direction, boundary: Cursor | null, limit: number, offset: number) => {
    const rows = await db
      .select({ row: spec.from as PgTable, key: sql<string>`(${key.expr})::text` })
      .from(spec.from as PgTable)
      .where(and(where, boundary ? beyond(key, id, boundary, dir) : undefined))
      .orderBy(...order(dir))
      .limit(limit)
      .offset(offset);
    return rows as unknown as { row: TTable['$inferSelect'] & { id: string }; key: string }[];
  };

  const {
    rows,
    prev: hasPrev,
    next: hasNext,
    page: pageNumber,
  } = await keysetRows(navigation, pageSize, direction, (dir, cursor, limit, offset) =>
    read(dir, cursor === null ? null : decodeCursor(cursor, sortName, key.type), limit, offset),
  );

  const cursorOf = (r: { row: { id: string }; key: string }) =>
    encodeCursor({ sort: sortName, key: r.key, id: r.row.id });
  const [items, counted] = await Promise.all([spec.toItems(rows.map((r) => r.row)), totalOf(db, spec, where)]);
  return {
    items,
    pageSize,
    page: pageNumber,
    nextCursor: hasNext && rows.length > 0 ? cursorOf(rows[rows.length - 1]!) : null,
    prevCursor: hasPrev && rows.length > 0 ? cursorOf(rows[0]!) : null,
    total: counted?.total ?? null,
    totalCapped: counted?.capped ?? false,
  };
}

async function totalOf(
  db: Executor,
  spec: Pick<ListSpec<PgTable, unknown, string>, 'exactTotal' | 'filtered' | 'from'>,
  where: SQL | undefined,
): Promise<{ total: number; capped: boolean } | null> {
  if (spec.exactTotal) return { total: await spec.exactTotal(), capped: false };
  if (spec.filtered) return null;
  return cappedCount(db, spec.from, where);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs and bodies: anything but a uuid matches no row (and must never reach a uuid column). */
export const isUuid = (id: string) => UUID.test(id);

/** Whether the viewer may see the row with this id, whatever its state (deleted, archived, hidden). */
export async function isVisibleRow(
  db: Executor,
  viewer: Viewer,
  table: PgTable & { id: PgColumn },
  ownership: Ownership,
  id: string,
): Promise<boolean> {
  const where = and(eq(table.id, id), visibleTo(viewer, ownership));
  const rows = await db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return rows.length > 0;
}
