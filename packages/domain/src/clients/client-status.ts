// The sixteen client statuses of spec 1 §4.2 (DECISIONS.md §2).
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

/** 'Revert to Lead' is offered for a client converted less than this many days ago (DECISIONS.md §2). */
export const REVERSION_WINDOW_DAYS = 30;

export function canRevertConversion(convertedAt: string | Date | null | undefined, now: Date = new Date()): boolean {
  if (!convertedAt) return false;
  const at = typeof convertedAt === 'string' ? new Date(convertedAt) : convertedAt;
  return now.getTime() - at.getTime() < REVERSION_WINDOW_DAYS * 86_400_000;
}
