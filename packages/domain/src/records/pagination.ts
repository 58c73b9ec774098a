// Keyset pages (issue 10, docs/decisions/0008): a list is read from the first page, from the last, or
// from a cursor next to the rows already shown — never by skipping rows, so a deep page costs what the
// first one does. Page numbers still work for the first pages (links, bookmarks).
import { z } from 'zod';

/** Page numbers beyond this are reached with Next, Previous and Last (OFFSET would read every row before). */
export const MAX_NUMBERED_PAGE = 20;

/** A list's footer offers at most this many page numbers (spec 1 §2.4: 'up to 5 page buttons'). */
export const PAGE_BUTTONS = 5;

/**
 * The page numbers a list's footer offers: a run of up to `buttons` pages with the current page as near its
 * middle as the ends allow, within the pages that are addressed by number (1–MAX_NUMBERED_PAGE) and that
 * the list has. A capped total still proves its pages exist, so it counts as known. None when the total is
 * unknown (a searched list: how many pages there are is not known), when the current page is unknown (a
 * cursor page whose position the browser has no note of) or beyond the numbered pages (a run there could
 * not be reached by number), or when the list fits one page.
 */
export function numberedPages({
  current,
  total,
  pageSize,
  buttons = PAGE_BUTTONS,
}: {
  current: number | null;
  total: number | null;
  pageSize: number;
  buttons?: number;
}): number[] {
  if (current === null || total === null || pageSize < 1 || buttons < 1) return [];
  const pages = Math.min(MAX_NUMBERED_PAGE, Math.ceil(total / pageSize));
  if (pages < 2 || current < 1 || current > pages) return [];
  const count = Math.min(buttons, pages);
  const start = Math.min(Math.max(1, current - Math.floor((count - 1) / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

export const PAGE_MESSAGES = {
  numberedPageLimit: `Pages beyond ${MAX_NUMBERED_PAGE} are reached with Next, Previous and Last.`,
  badCursor: 'This page link no longer matches the list. Start again from the first page.',
  oneNavigation: 'Use one of page, after, before or last.',
} as const;

/** An opaque cursor as the API hands it out (base64url). */
const cursorParam = () =>
  z
    .string()
    .max(2000, PAGE_MESSAGES.badCursor)
    .regex(/^[A-Za-z0-9_-]+$/, PAGE_MESSAGES.badCursor)
    .optional();

const lastParam = () =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' ? false : v),
    z.boolean().optional(),
  );

/** Where a page starts: the query string every list accepts. At most one of them. */
export const pageNavigationFields = {
  page: z.coerce.number().int().min(1).max(MAX_NUMBERED_PAGE, PAGE_MESSAGES.numberedPageLimit).optional(),
  /** The rows after this cursor (Next). */
  after: cursorParam(),
  /** The rows before this cursor (Previous). */
  before: cursorParam(),
  /** The last page (Last). */
  last: lastParam(),
};

export type PageNavigation =
  | { kind: 'page'; page: number }
  | { kind: 'after'; cursor: string }
  | { kind: 'before'; cursor: string }
  | { kind: 'last' };

/** The one navigation a query asks for (the first page when none). */
export function navigationOf(query: {
  page?: number;
  after?: string;
  before?: string;
  last?: boolean;
}): PageNavigation {
  if (query.after) return { kind: 'after', cursor: query.after };
  if (query.before) return { kind: 'before', cursor: query.before };
  if (query.last) return { kind: 'last' };
  return { kind: 'page', page: query.page ?? 1 };
}

/** Refuses a query naming more than one place to start (zod refinement for the list query schemas). */
export function oneNavigation(query: { page?: number; after?: string; before?: string; last?: boolean }): boolean {
  return (
    [query.page !== undefined, Boolean(query.after), Boolean(query.before), Boolean(query.last)].filter(Boolean)
      .length <= 1
  );
}

/** One page of a list as the API answers it. */
export type Page<T> = {
  items: T[];
  pageSize: number;
  /** The page's number when it was asked for by number (the first pages); null when reached by a cursor. */
  page: number | null;
  /** Cursors of the neighbouring pages; null at the list's ends. */
  nextCursor: string | null;
  prevCursor: string | null;
  /**
   * How many rows the list has, when that is known without counting them (maintained counts), or a
   * capped count; null for a searched or filtered list, which never counts more than it shows.
   */
  total: number | null;
  /** The total is a lower bound ('10,000+'). */
  totalCapped: boolean;
};

export const pageSchemaOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    pageSize: z.number().int(),
    page: z.number().int().nullable(),
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
    total: z.number().int().nullable(),
    totalCapped: z.boolean(),
  });

/** A count shown in a list's tab: exact, or a lower bound ('100+'). */
export const tabCountSchema = z.object({ total: z.number().int(), capped: z.boolean() });
export type TabCount = z.infer<typeof tabCountSchema>;

/**
 * A searched tab counts at most this many rows (then says '100+'): a search never counts more than the
 * largest page it can show.
 */
export const SEARCH_COUNT_CAP = 100;
