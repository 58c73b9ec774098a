// Display formats (DECISIONS.md §1, §5): dates as dd MMM yyyy in the firm's time zone.
export const FIRM_TIME_ZONE = 'Australia/Sydney';

const dateFormatter = new Intl.DateTimeFormat('en-AU', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: FIRM_TIME_ZONE,
});

/** '23 Nov 2026' */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return 'Not set';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return 'Not set';
  const parts = Object.fromEntries(dateFormatter.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day} ${parts.month} ${parts.year}`;
}
