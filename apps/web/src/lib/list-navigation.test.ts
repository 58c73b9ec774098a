import { describe, expect, it } from 'vitest';
import type { Page } from '@crm/domain';
import {
  currentPageNumber,
  FIRST_PAGE,
  navigationParams,
  navigationTo,
  pageNumbersTo,
  positionLabel,
} from './list-navigation.ts';

const page = (over: Partial<Page<{ id: string }>>): Page<{ id: string }> => ({
  items: Array.from({ length: 50 }, (_, i) => ({ id: String(i) })),
  pageSize: 50,
  page: 1,
  nextCursor: 'n',
  prevCursor: null,
  total: 1234,
  totalCapped: false,
  ...over,
});

describe('keyset list navigation', () => {
  it('sends the server one place to start', () => {
    expect(navigationParams({})).toEqual({});
    expect(navigationParams({ page: 1 })).toEqual({});
    expect(navigationParams({ page: 3, at: 101 })).toEqual({ page: 3 });
    expect(navigationParams({ after: 'abc', at: 51 })).toEqual({ after: 'abc' });
    expect(navigationParams({ last: true })).toEqual({ last: true });
  });

  it('says where the rows are, honestly when the list was not counted', () => {
    expect(positionLabel(page({}), {})).toBe('1–50 of 1,234');
    expect(positionLabel(page({ page: 2, prevCursor: 'p' }), { page: 2 })).toBe('51–100 of 1,234');
    expect(
      positionLabel(page({ page: null, prevCursor: 'p', nextCursor: null, items: [{ id: 'a' }] }), { last: true }),
    ).toBe('1,234–1,234 of 1,234');
    expect(positionLabel(page({ page: null, prevCursor: 'p' }), { after: 'x', at: 451 })).toBe('451–500 of 1,234');
    expect(positionLabel(page({ page: null, prevCursor: 'p' }), { after: 'x' })).toBe('50 rows of 1,234');
    expect(positionLabel(page({ total: null }), {})).toBe('1–50 of many');
    expect(positionLabel(page({ total: null, nextCursor: null, items: [{ id: 'a' }] }), {})).toBe('1–1');
    expect(positionLabel(page({ total: 10_000, totalCapped: true }), {})).toBe('1–50 of 10,000+');
  });

  it('moves by cursor and carries the position along', () => {
    const moves = navigationTo(page({ page: null, prevCursor: 'p' }), { after: 'x', at: 51 });
    expect(moves.next).toEqual({ ...FIRST_PAGE, after: 'n', at: 101 });
    expect(moves.previous).toEqual({ ...FIRST_PAGE, before: 'p', at: 1 });
    expect(moves.last).toEqual({ ...FIRST_PAGE, last: true });
    expect(navigationTo(page({ nextCursor: null }), {}).next).toBeNull();
  });

  it('knows the page shown by its number, or by a position on a page boundary', () => {
    expect(currentPageNumber(page({ page: 3, prevCursor: 'p' }), { page: 3 })).toBe(3);
    expect(currentPageNumber(page({ page: null, prevCursor: 'p' }), { after: 'x', at: 51 })).toBe(2);
    // Last of 349 rows starts at 301: page 7.
    expect(
      currentPageNumber(
        page({ page: null, prevCursor: 'p', nextCursor: null, total: 349, items: page({}).items.slice(1) }),
        {
          last: true,
        },
      ),
    ).toBe(7);
    expect(currentPageNumber(page({ page: null, prevCursor: 'p' }), { after: 'x' })).toBeNull();
    expect(currentPageNumber(page({ page: null, prevCursor: 'p' }), { after: 'x', at: 60 })).toBeNull();
  });

  it('offers the numbered pages around the page shown, each a numbered page but the current one', () => {
    const numbers = pageNumbersTo(page({ page: null, prevCursor: 'p' }), { after: 'x', at: 151 });
    expect(numbers.map((n) => n.number)).toEqual([2, 3, 4, 5, 6]);
    expect(numbers.find((n) => n.number === 4)?.target).toBeNull();
    expect(numbers.find((n) => n.number === 6)?.target).toEqual({ ...FIRST_PAGE, page: 6 });
    expect(navigationParams(numbers.find((n) => n.number === 6)!.target!)).toEqual({ page: 6 });
    // Page 1 is the list's plain address, as First is.
    const fromStart = pageNumbersTo(page({ page: 3, prevCursor: 'p' }), { page: 3 });
    expect(fromStart.map((n) => n.number)).toEqual([1, 2, 3, 4, 5]);
    expect(fromStart[0]?.target).toEqual(FIRST_PAGE);
    expect(pageNumbersTo(page({}), {}, 3).map((n) => n.number)).toEqual([1, 2, 3]);
    // A search (no total) and a deep page get none.
    expect(pageNumbersTo(page({ total: null }), {})).toEqual([]);
    expect(pageNumbersTo(page({ page: null, prevCursor: 'p', total: 100_000 }), { after: 'x', at: 1001 })).toEqual([]);
  });
});
