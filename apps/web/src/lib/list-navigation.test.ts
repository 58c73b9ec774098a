import { describe, expect, it } from 'vitest';
import type { Page } from '@crm/domain';
import { FIRST_PAGE, navigationParams, navigationTo, positionLabel } from './list-navigation.ts';

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
});
