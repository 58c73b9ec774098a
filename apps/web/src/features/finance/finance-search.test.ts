import { describe, expect, it } from 'vitest';
import { financeSearchSchema, hasFilters, NO_FILTERS, overviewFilter } from './finance-search.ts';

describe('the /finance search params', () => {
  it('keep what the overview knows and drop broken values rather than fail', () => {
    const search = financeSearchSchema.parse({
      tab: 'services',
      search: 'smith',
      from: '2026-02-30',
      until: '2026-03-31',
      currency: 'XYZ',
      status: 'Active',
      paymentStatus: 'Partially Paid',
      type: 'client',
      sort: 'entityName:asc',
      pageSize: '100',
      page: '3',
      after: 'not a cursor!',
      last: 'yes',
      at: '101',
      unknown: 'kept out',
    });
    expect(search).toEqual({
      tab: 'services',
      search: 'smith',
      until: '2026-03-31',
      status: 'Active',
      paymentStatus: 'Partially Paid',
      type: 'client',
      sort: 'entityName:asc',
      pageSize: 100,
      page: 3,
      at: 101,
    });
  });

  it('know the Receipts & Credits tab, and drop a tab the page does not have', () => {
    expect(financeSearchSchema.parse({ tab: 'receipts' })).toEqual({ tab: 'receipts' });
    expect(financeSearchSchema.parse({ tab: 'refunds' })).toEqual({});
  });

  it('refuse a sort the API does not offer and a page size beyond the largest', () => {
    expect(financeSearchSchema.parse({ sort: 'fee:asc', pageSize: 500 })).toEqual({});
  });

  it('give the filters every request shares, blank search left out', () => {
    const search = financeSearchSchema.parse({ search: '   ', currency: 'PHP', page: 2 });
    expect(overviewFilter(search)).toEqual({
      search: undefined,
      from: undefined,
      until: undefined,
      currency: 'PHP',
      status: undefined,
      paymentStatus: undefined,
      type: undefined,
    });
    expect(hasFilters(search)).toBe(true);
    expect(hasFilters(financeSearchSchema.parse({ search: ' ', page: 4 }))).toBe(false);
    expect(hasFilters({ ...search, ...NO_FILTERS })).toBe(false);
  });
});
