// Where a keyset-paged list is (docs/decisions/0008): a page number for the first pages, a cursor beside the
// rows shown for Next and Previous, or the last page. Kept in the page's URL so a link or a reload shows
// the same rows; `at` is the browser's note of the first row's position (the server never needs it).
import { z } from 'zod';
import { MAX_PAGE_SIZE, numberedPages, type Page } from '@crm/domain';

export type ListNavigation = {
  page?: number | undefined;
  after?: string | undefined;
  before?: string | undefined;
  last?: boolean | undefined;
  at?: number | undefined;
};

/** Every navigation param cleared: the first page. Spread into a URL patch when the view changes. */
export const FIRST_PAGE: ListNavigation = {
  page: undefined,
  after: undefined,
  before: undefined,
  last: undefined,
  at: undefined,
};

const cursor = () =>
  z
    .string()
    .max(2000)
    .regex(/^[A-Za-z0-9_-]+$/)
    .optional()
    .catch(undefined);

/**
 * The URL search fields of a keyset-paged list (bad values are dropped: the first page). A page number past
 * the numbered pages is kept and asked for: the list then says why it cannot open it (decision 0031),
 * instead of showing page 1 as if it were the page the link named.
 */
export const navigationSearchFields = {
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  after: cursor(),
  before: cursor(),
  last: z.boolean().optional().catch(undefined),
  at: z.coerce.number().int().min(1).optional().catch(undefined),
};

/** The URL's rows-per-page choice of a list that keeps it there (left out: the role's first choice). */
export const pageSizeSearchField = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().catch(undefined);

/** What the API is sent: one of page / after / before / last (the first page when none). */
export function navigationParams(nav: ListNavigation): {
  page?: number;
  after?: string;
  before?: string;
  last?: boolean;
} {
  if (nav.after) return { after: nav.after };
  if (nav.before) return { before: nav.before };
  if (nav.last) return { last: true };
  return nav.page && nav.page > 1 ? { page: nav.page } : {};
}

/** The first row's position on the page shown (1-based), when it is known. */
export function firstRowPosition(page: Page<unknown>, nav: ListNavigation): number | null {
  if (page.page !== null) return (page.page - 1) * page.pageSize + 1;
  if (!page.nextCursor && page.total !== null && !page.totalCapped)
    return Math.max(1, page.total - page.items.length + 1);
  if (!page.prevCursor) return 1;
  return nav.at ?? null;
}

const count = (n: number) => n.toLocaleString('en-AU');

/** 'of 1,234', 'of 10,000+', or nothing when the list was not counted. */
export function totalLabel(page: Pick<Page<unknown>, 'total' | 'totalCapped'>): string | null {
  if (page.total === null) return null;
  return `${count(page.total)}${page.totalCapped ? '+' : ''}`;
}

/**
 * The footer's words for the rows shown: '51–100 of 1,234', '1–50 of many' (a search with more pages),
 * '9,951–10,000 of 10,000+', or '50 rows' when the position is not known.
 */
export function positionLabel(page: Page<unknown>, nav: ListNavigation): string {
  const shown = page.items.length;
  const total = totalLabel(page);
  const of = total ? ` of ${total}` : page.nextCursor ? ' of many' : '';
  const from = firstRowPosition(page, nav);
  if (shown === 0) return total ? `0 of ${total}` : 'No rows';
  if (from === null) return `${count(shown)} rows${of}`;
  return `${count(from)}–${count(from + shown - 1)}${of}`;
}

/** Next, Previous, First and Last as URL patches (with the position note carried along). */
export function navigationTo(page: Page<unknown>, nav: ListNavigation) {
  const from = firstRowPosition(page, nav);
  return {
    first: FIRST_PAGE,
    previous: page.prevCursor
      ? { ...FIRST_PAGE, before: page.prevCursor, at: from ? Math.max(1, from - page.pageSize) : undefined }
      : null,
    next: page.nextCursor
      ? { ...FIRST_PAGE, after: page.nextCursor, at: from ? from + page.items.length : undefined }
      : null,
    last: page.nextCursor ? { ...FIRST_PAGE, last: true } : null,
  } satisfies Record<string, ListNavigation | null>;
}

/**
 * The number of the page shown: the server's when it was asked for by number, else worked out from the first
 * row's position when that falls on a page boundary (Next from page 1 shows page 2; Last of 349 rows shows
 * page 7). Unknown for a cursor page whose position the browser has no note of.
 */
export function currentPageNumber(page: Page<unknown>, nav: ListNavigation): number | null {
  if (page.page !== null) return page.page;
  const from = firstRowPosition(page, nav);
  if (from === null || (from - 1) % page.pageSize !== 0) return null;
  return (from - 1) / page.pageSize + 1;
}

/**
 * The footer's page numbers (numberedPages, the domain's rule) and where each leads: a numbered page for the
 * others, nothing for the page shown.
 */
export function pageNumbersTo(
  page: Page<unknown>,
  nav: ListNavigation,
  buttons?: number,
): { number: number; target: ListNavigation | null }[] {
  const current = currentPageNumber(page, nav);
  return numberedPages({ current, total: page.total, pageSize: page.pageSize, buttons }).map((number) => ({
    number,
    // Page 1 is the list's plain address (no page in the URL), as First leads there.
    target: number === current ? null : number === 1 ? FIRST_PAGE : { ...FIRST_PAGE, page: number },
  }));
}
