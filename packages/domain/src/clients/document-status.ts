// Passport and visa status derived from expiry dates (spec 1 §2.6).
export type ExpiryStatus = 'N/A' | 'Expired' | 'Expiring Soon' | 'Valid';

export const PASSPORT_EXPIRING_DAYS = 180;
export const VISA_EXPIRING_DAYS = 30;

function expiryStatus(expiry: string | null | undefined, thresholdDays: number, today: Date): ExpiryStatus {
  if (!expiry) return 'N/A';
  const date = new Date(`${expiry.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return 'N/A';
  const startOfToday = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const days = Math.round((date.getTime() - startOfToday) / 86_400_000);
  if (days < 0) return 'Expired';
  if (days <= thresholdDays) return 'Expiring Soon';
  return 'Valid';
}

export const passportStatus = (expiry: string | null | undefined, today: Date = new Date()) =>
  expiryStatus(expiry, PASSPORT_EXPIRING_DAYS, today);

export const visaStatus = (expiry: string | null | undefined, today: Date = new Date()) =>
  expiryStatus(expiry, VISA_EXPIRING_DAYS, today);
