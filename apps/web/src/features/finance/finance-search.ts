// The search params of /finance: the tab, and the Services Overview's filters, sort and page (spec 3 §2.1),
// so a URL reproduces the view. Unknown or broken values are dropped, never an error page. Also the
// filters every overview request shares.
import { z } from 'zod';
import {
  CURRENCIES,
  dateProblem,
  MAX_PAGE_SIZE,
  PAYMENT_STATUSES,
  SERVICE_ENTITY_TYPES,
  SERVICE_SORT_FIELDS,
  SERVICE_STATUSES,
} from '@crm/domain';
import { navigationSearchFields } from '../../lib/list-navigation.ts';

export const FINANCE_TABS = ['invoices', 'receipts', 'templates', 'services'] as const;
export type FinanceTab = (typeof FINANCE_TABS)[number];
/** Spec 3 §2: Services is the default tab (and stays out of the URL). */
export const DEFAULT_FINANCE_TAB: FinanceTab = 'services';

export const DEFAULT_OVERVIEW_SORT = 'createdAt:desc';

/** A calendar date as the API takes it, within the dates a record may carry. */
const isoDate = z.string().refine((value) => dateProblem(value, 'document', '') === null);
const dropInvalid = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const financeSearchSchema = z.object({
  tab: dropInvalid(z.enum(FINANCE_TABS)),
  search: dropInvalid(z.string().max(200)),
  /** The start-date range (a service without a start date passes, as the server reads it). */
  from: dropInvalid(isoDate),
  until: dropInvalid(isoDate),
  currency: dropInvalid(z.enum(CURRENCIES)),
  status: dropInvalid(z.enum(SERVICE_STATUSES)),
  paymentStatus: dropInvalid(z.enum(PAYMENT_STATUSES)),
  type: dropInvalid(z.enum(SERVICE_ENTITY_TYPES)),
  sort: dropInvalid(z.string().regex(new RegExp(`^(${SERVICE_SORT_FIELDS.join('|')}):(asc|desc)$`))),
  pageSize: dropInvalid(z.coerce.number().int().min(1).max(MAX_PAGE_SIZE)),
  /** Where the list is: page / after / before / last, and the first row's position (lib/list-navigation.ts). */
  ...navigationSearchFields,
});
export type FinanceSearch = z.infer<typeof financeSearchSchema>;

/** The overview's filters (the list, the summary and the export take the same ones). */
export type OverviewFilter = Pick<
  FinanceSearch,
  'search' | 'from' | 'until' | 'currency' | 'status' | 'paymentStatus' | 'type'
>;

export const FILTER_KEYS = ['search', 'from', 'until', 'currency', 'status', 'paymentStatus', 'type'] as const;

export function overviewFilter(search: FinanceSearch): OverviewFilter {
  return {
    search: search.search?.trim() || undefined,
    from: search.from,
    until: search.until,
    currency: search.currency,
    status: search.status,
    paymentStatus: search.paymentStatus,
    type: search.type,
  };
}

export const hasFilters = (search: FinanceSearch) => FILTER_KEYS.some((key) => Boolean(overviewFilter(search)[key]));

/** Every filter cleared ('Clear filters'). */
export const NO_FILTERS: Record<keyof OverviewFilter, undefined> = {
  search: undefined,
  from: undefined,
  until: undefined,
  currency: undefined,
  status: undefined,
  paymentStatus: undefined,
  type: undefined,
};
