import { describe, expect, it } from 'vitest';
import { MAX_NUMBERED_PAGE, numberedPages, PAGE_BUTTONS } from './pagination.ts';

describe('numbered pages', () => {
  const of = (current: number | null, total: number | null, buttons?: number) =>
    numberedPages({ current, total, pageSize: 50, buttons });

  it('offers up to five pages with the current one in the middle, shifted at the ends', () => {
    expect(PAGE_BUTTONS).toBe(5);
    expect(of(1, 1234)).toEqual([1, 2, 3, 4, 5]);
    expect(of(2, 1234)).toEqual([1, 2, 3, 4, 5]);
    expect(of(3, 1234)).toEqual([1, 2, 3, 4, 5]);
    expect(of(4, 1234)).toEqual([2, 3, 4, 5, 6]);
    expect(of(10, 1234)).toEqual([8, 9, 10, 11, 12]);
    // 349 rows are 7 pages: the run ends at the last.
    expect(of(7, 349)).toEqual([3, 4, 5, 6, 7]);
    expect(of(6, 349)).toEqual([3, 4, 5, 6, 7]);
  });

  it('stays within the pages addressed by number', () => {
    expect(of(MAX_NUMBERED_PAGE, 100_000)).toEqual([16, 17, 18, 19, 20]);
    expect(of(19, 100_000)).toEqual([16, 17, 18, 19, 20]);
    expect(of(18, 100_000)).toEqual([16, 17, 18, 19, 20]);
    // A deep page (a cursor or Last of a long list) gets no numbers: a run there could not be reached by one.
    expect(of(MAX_NUMBERED_PAGE + 1, 100_000)).toEqual([]);
    expect(of(2000, 100_000)).toEqual([]);
  });

  it('offers fewer pages when the list has fewer, and none for one page', () => {
    expect(of(1, 120)).toEqual([1, 2, 3]);
    expect(of(3, 120)).toEqual([1, 2, 3]);
    expect(of(2, 51)).toEqual([1, 2]);
    expect(of(1, 50)).toEqual([]);
    expect(of(1, 0)).toEqual([]);
  });

  it('offers none when the total or the current page is not known', () => {
    expect(of(1, null)).toEqual([]);
    expect(of(null, 1234)).toEqual([]);
    // A page past the end (the list shrank since the position was noted).
    expect(of(8, 349)).toEqual([]);
  });

  it('fits fewer buttons where room is short, still around the current page', () => {
    expect(of(1, 1234, 3)).toEqual([1, 2, 3]);
    expect(of(5, 1234, 3)).toEqual([4, 5, 6]);
    expect(of(20, 100_000, 3)).toEqual([18, 19, 20]);
    expect(of(4, 1234, 1)).toEqual([4]);
  });

  it('counts a capped total as pages that exist', () => {
    // '10,000+': at least 200 pages, so every numbered page exists.
    expect(numberedPages({ current: 20, total: 10_001, pageSize: 100 })).toEqual([16, 17, 18, 19, 20]);
  });
});
