// The firm's calendar: the one place that turns instants into the firm's dates and counts days. Dates are
// calendar dates 'YYYY-MM-DD' with no zone, so their arithmetic is exact in UTC; the firm's zone enters only
// through firmClock, read with Intl (the platform's zone database), never with the machine's own zone.

/** A day's length in milliseconds: only for whole days between instants, never to move a calendar date. */
export const DAY_MS = 86_400_000;

const dayNumber = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`) / DAY_MS;

/** Whole days from `from` to `to` (calendar dates 'YYYY-MM-DD'); NaN when either is not a date. */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** The calendar date `days` after `date` ('YYYY-MM-DD'); negative days go back. */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The instant `days` whole days after `instant`. */
export const daysAfter = (instant: Date, days: number) => new Date(instant.getTime() + days * DAY_MS);

/** Whole days elapsed from one instant to a later one (rounded down). */
export const wholeDaysBetween = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / DAY_MS);

// Formatters are costly to build and a zone is asked for again and again (every list row).
const clockFormatters = new Map<string, Intl.DateTimeFormat>();

function clockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      // h23, not hour12: false, which some runtimes render as '24' at midnight.
      hourCycle: 'h23',
    });
    clockFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The firm's calendar date (YYYY-MM-DD) and minutes past its midnight at `now`: what a daily job and every
 * date rule read. Intl gives only the numbers, never a display string (its month names differ from the
 * product's: en-AU writes 'Sept').
 */
export function firmClock(timeZone: string, now: Date): { date: string; minutes: number } {
  const parts = clockFormatter(timeZone).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

/**
 * The calendar date it is in the firm's time zone at `now`, as YYYY-MM-DD: the day that decides whether
 * a passport has expired or a birth date lies in the future.
 */
export function firmToday(timeZone: string, now: Date): string {
  return firmClock(timeZone, now).date;
}

/**
 * The latest date it is anywhere on earth (UTC+14, Kiribati): what a rule that cannot know the firm's zone
 * (a static request schema) may accept as "today" without refusing a date that is today somewhere.
 */
export function latestDateOnEarth(now: Date): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}
