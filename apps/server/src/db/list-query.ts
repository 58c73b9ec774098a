// The one way a paginated list is read (leads now; clients and contacts reuse it): visibility scope,
// free-text search, filters, sort with a stable tie-breaker, page size limited by role, and the total.
import { and, asc, type Column, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type Page, pageSizeLimit, parseSort, phoneSearchPrefixes, ROLE_RESTRICTIONS, type Role } from '@crm/domain';
import type { Executor } from './database.ts';

/** Who is asking: the role decides scope and page size. */
export type Viewer = { id: string; role: Role };

/** The columns naming a record's creator and the users assigned to it. */
export type Ownership = { owner: Column; assignees: readonly Column[] };

/** Scope 'own_or_assigned' (consultant) sees records it created or is assigned to; other roles see all. */
export function visibleTo(viewer: Viewer, ownership: Ownership): SQL | undefined {
  if (ROLE_RESTRICTIONS[viewer.role].scope === 'all') return undefined;
  return or(...[ownership.owner, ...ownership.assignees].map((column) => eq(column, viewer.id)));
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Substring match on a search expression that is already lower()-ed (the one the trigram index is built
 * on). The term goes through the same SQL lower(), so both sides fold case alike whatever the database's
 * locale; plain LIKE then does what ILIKE would, with a cheaper recheck of each candidate row.
 *
 * A term that looks like a phone number also matches the E.164 column (`e164`) by the prefixes the
 * domain derives from it, so '0412 345 678' finds '+61 412 345 678'. Each prefix is a LIKE 'p%' on the
 * column's text_pattern_ops btree, an index range scan; PostgreSQL ORs it with the trigram scan.
 */
export function matchesSearch(expression: SQL, term: string | undefined, e164?: Column): SQL | undefined {
  const text = term?.trim();
  if (!text) return undefined;
  const byText = sql`${expression} like lower(${`%${escapeLike(text)}%`})`;
  // The prefixes hold only '+' and digits: nothing to escape in a LIKE pattern.
  const byNumber = e164 ? phoneSearchPrefixes(text).map((prefix) => sql`${e164} like ${`${prefix}%`}`) : [];
  return byNumber.length > 0 ? or(byText, ...byNumber) : byText;
}

/** A multi-select filter: no values means no filter. */
export function anyOf(column: Column, values: readonly string[] | undefined): SQL | undefined {
  return values && values.length > 0 ? inArray(column, [...values]) : undefined;
}

export type SortSpec<F extends string> = {
  /** The sortable fields and their columns; anything else falls back to `fallback`. */
  columns: Record<F, Column>;
  requested: string | undefined;
  fallback: F;
  /** Makes the order total so pages never repeat or skip a row. */
  tieBreaker: Column;
};

export function orderByOf<F extends string>(spec: SortSpec<F>): SQL[] {
  const { field, direction } = parseSort(spec.requested, Object.keys(spec.columns) as F[], spec.fallback);
  const dir = direction === 'asc' ? asc : desc;
  return [dir(spec.columns[field]), dir(spec.tieBreaker)];
}

export type ListSpec<T, F extends string> = {
  viewer: Viewer;
  /** Which role limit applies (contacts have their own for guest). */
  limitKind?: 'records' | 'contacts';
  from: PgTable;
  /** Conditions every row must meet (not deleted, not archived, ...); undefined entries are skipped. */
  conditions: (SQL | undefined)[];
  ownership: Ownership;
  /** `e164`: the table's E.164 contact-number column, which a phone-like term matches too. */
  search?: { expression: SQL; term: string | undefined; e164?: Column };
  sort: SortSpec<F>;
  page: number;
  pageSize: number;
  /** Reads one page of rows (the caller adds its joins and columns). */
  rows: (query: { where: SQL | undefined; orderBy: SQL[]; limit: number; offset: number }) => Promise<T[]>;
};

/** Everything that decides which rows a list shows, as one condition (also used for its filter options). */
export function listWhere(
  spec: Pick<ListSpec<unknown, string>, 'viewer' | 'conditions' | 'ownership' | 'search'>,
): SQL | undefined {
  return and(
    ...spec.conditions,
    visibleTo(spec.viewer, spec.ownership),
    spec.search ? matchesSearch(spec.search.expression, spec.search.term, spec.search.e164) : undefined,
  );
}

export async function listPage<T, F extends string>(db: Executor, spec: ListSpec<T, F>): Promise<Page<T>> {
  const where = listWhere(spec);
  const pageSize = Math.min(spec.pageSize, pageSizeLimit(spec.viewer.role, spec.limitKind ?? 'records'));
  const page = Math.max(1, spec.page);
  const [items, total] = await Promise.all([
    spec.rows({ where, orderBy: orderByOf(spec.sort), limit: pageSize, offset: (page - 1) * pageSize }),
    db
      .select({ n: count() })
      .from(spec.from)
      .where(where)
      .then(([row]) => row?.n ?? 0),
  ]);
  return { items, total, page, pageSize };
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
