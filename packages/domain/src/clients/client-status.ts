// The sixteen client statuses of spec 1 §4.2 (DECISIONS.md §2), their badge colours and the reversion window.
import { daysAfter } from '../calendar/calendar.ts';
import { BADGE_COLOURS, type BadgeLook, filledBadge } from '../records/badge-look.ts';

export const CLIENT_STATUSES = [
  'Active',
  'Inactive',
  'On Hold',
  'Completed',
  'Cancelled',
  'Reverted',
  'Assessment - In Progress',
  'Documents - Gathering',
  'Application - Draft',
  'Application - Lodged',
  'Application - Additional Info Required',
  'Decision - Pending',
  'Decision - Granted',
  'Decision - Refused',
  'Visa - Active',
  'Visa - Expired',
] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

export const DEFAULT_CLIENT_STATUS: ClientStatus = 'Active';
export const REVERTED_STATUS: ClientStatus = 'Reverted';

/** The clients tab's status filter offers these three (spec 1 §4.2). */
export const CLIENT_STATUS_FILTER_OPTIONS: readonly ClientStatus[] = ['Active', 'Inactive', 'Reverted'];

/** An empty status displays as Active. */
export const clientStatusLabel = (status: string | null | undefined) => status || DEFAULT_CLIENT_STATUS;

const { green, red, orange, amber, grey, blue, slate } = BADGE_COLOURS;

/** One colour per status, the same in the Clients tab, All Records and the client panel. */
export const CLIENT_STATUS_LOOKS: Record<ClientStatus, BadgeLook> = {
  Active: filledBadge(green),
  Inactive: filledBadge(grey),
  'On Hold': filledBadge(amber),
  Completed: filledBadge(blue),
  Cancelled: filledBadge(red),
  Reverted: filledBadge(orange),
  'Assessment - In Progress': filledBadge(slate),
  'Documents - Gathering': filledBadge(slate),
  'Application - Draft': filledBadge(slate),
  'Application - Lodged': filledBadge(slate),
  'Application - Additional Info Required': filledBadge(amber),
  'Decision - Pending': filledBadge(slate),
  'Decision - Granted': filledBadge(green),
  'Decision - Refused': filledBadge(red),
  'Visa - Active': filledBadge(green),
  'Visa - Expired': filledBadge(red),
};

/** The badge of a stored status; an empty one looks as Active, one this version does not know is slate. */
export const clientStatusLook = (status: string | null | undefined): BadgeLook =>
  CLIENT_STATUS_LOOKS[clientStatusLabel(status) as ClientStatus] ?? filledBadge(slate);

/** 'Revert to Lead' is offered for a client converted less than this many days ago (DECISIONS.md §2). */
export const REVERSION_WINDOW_DAYS = 30;

/** The moment 'Revert to Lead' stops being offered: the conversion plus the reversion window. */
export function reversionDeadline(convertedAt: string | Date | null | undefined): Date | null {
  if (!convertedAt) return null;
  return daysAfter(new Date(convertedAt), REVERSION_WINDOW_DAYS);
}

export function canRevertConversion(convertedAt: string | Date | null | undefined, now: Date = new Date()): boolean {
  const deadline = reversionDeadline(convertedAt);
  return deadline !== null && now.getTime() < deadline.getTime();
}
