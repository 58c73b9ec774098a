// Passport and visa status derived from expiry dates (spec 1 §2.6), counted in whole days from the
// firm's today (firmToday), so a passport expires at midnight where the firm is, not at midnight UTC.
import { daysBetween } from '../calendar/calendar.ts';
import { BADGE_COLOURS, type BadgeLook, filledBadge } from '../records/badge-look.ts';

export type ExpiryStatus = 'N/A' | 'Expired' | 'Expiring Soon' | 'Valid';

/** The passport status badge of the clients list, the overview card and the form. */
export const EXPIRY_STATUS_LOOKS: Record<ExpiryStatus, BadgeLook> = {
  'N/A': filledBadge(BADGE_COLOURS.grey),
  Expired: filledBadge(BADGE_COLOURS.red),
  'Expiring Soon': filledBadge(BADGE_COLOURS.amber),
  Valid: filledBadge(BADGE_COLOURS.green),
};

export const PASSPORT_EXPIRING_DAYS = 180;
export const VISA_EXPIRING_DAYS = 30;

function expiryStatus(expiry: string | null | undefined, thresholdDays: number, today: string): ExpiryStatus {
  if (!expiry) return 'N/A';
  const days = daysBetween(today, expiry);
  if (Number.isNaN(days)) return 'N/A';
  if (days < 0) return 'Expired';
  if (days <= thresholdDays) return 'Expiring Soon';
  return 'Valid';
}

/** `today` is the firm's date, YYYY-MM-DD (firmToday). */
export const passportStatus = (expiry: string | null | undefined, today: string) =>
  expiryStatus(expiry, PASSPORT_EXPIRING_DAYS, today);

/** `today` is the firm's date, YYYY-MM-DD (firmToday). */
export const visaStatus = (expiry: string | null | undefined, today: string) =>
  expiryStatus(expiry, VISA_EXPIRING_DAYS, today);
