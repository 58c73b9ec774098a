// The typed search params of /leads-clients (and /leads, /clients): a URL reproduces the view.
import { z } from 'zod';
import {
  APPLICANT_LOCATIONS,
  CLIENT_SORT_FIELDS,
  CLIENT_STATUSES,
  LEAD_SORT_FIELDS,
  LEAD_STATUSES,
  MAX_PAGE_SIZE,
  VISAS,
} from '@crm/domain';
import { navigationSearchFields } from '../../lib/list-navigation.ts';

const list = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.enum(values)).optional().catch(undefined);

export const LEADS_TABS = ['leads', 'clients', 'records'] as const;
export type LeadsTab = (typeof LEADS_TABS)[number];

/** The record panel's tabs a link may open (spec 1 §2.1: tab=services|tasks, with view and type). */
export const PANEL_TABS = ['services', 'tasks', 'contracts', 'history'] as const;
export type PanelTab = (typeof PANEL_TABS)[number];
export const isPanelTab = (tab: string | undefined): tab is PanelTab =>
  (PANEL_TABS as readonly string[]).includes(tab ?? '');
export const isListTab = (tab: string | undefined): tab is LeadsTab =>
  (LEADS_TABS as readonly string[]).includes(tab ?? '');

/** Sort fields of either tab (the tab decides which apply). */
const SORT_FIELDS = [...new Set<string>([...LEAD_SORT_FIELDS, ...CLIENT_SORT_FIELDS])];

export const DEFAULT_SORT = 'createdAt:desc';

export const leadsSearchSchema = z.object({
  /** The list tab, or (with view and type) the open record's panel tab. */
  tab: z
    .enum([...LEADS_TABS, ...PANEL_TABS])
    .optional()
    .catch(undefined),
  search: z.string().max(200).optional().catch(undefined),
  /** Lead statuses on the leads tab, client statuses on the clients tab. */
  status: list([...LEAD_STATUSES, ...CLIENT_STATUSES]),
  location: list(APPLICANT_LOCATIONS),
  desiredVisa: list(VISAS),
  showHidden: z.boolean().optional().catch(undefined),
  /** Leads without a manager or an assistant manager (the leads tab only). */
  unassigned: z.boolean().optional().catch(undefined),
  /** Where the active tab's list is (page, after, before, last, at). */
  ...navigationSearchFields,
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional().catch(undefined),
  sort: z
    .string()
    .regex(new RegExp(`^(${SORT_FIELDS.join('|')}):(asc|desc)$`))
    .optional()
    .catch(undefined),
  /** An open record (spec 1 §2.1: view={record id}&type=lead|client). */
  view: z.string().optional().catch(undefined),
  type: z.enum(['lead', 'client']).optional().catch(undefined),
});
export type LeadsSearch = z.infer<typeof leadsSearchSchema>;

export const hasActiveFilters = (s: LeadsSearch) =>
  Boolean(s.search?.trim() || s.status?.length || s.location?.length || s.desiredVisa?.length || s.unassigned);
