// The firm's display setting (DECISIONS.md §1, §6): one time zone and one date format, read by every
// screen, mail, PDF and export. Stored under the key display_settings; Administration II edits it.
import { z } from 'zod';

/** dayjs format tokens; the first is the default (DECISIONS.md §5: dd MMM yyyy). */
export const DATE_FORMATS = ['DD MMM YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export const DISPLAY_SETTING_KEY = 'display_settings';

/** Whether the runtime knows the IANA zone ('Australia/Sydney', 'UTC'); Intl refuses unknown ones. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const DEFAULT_DISPLAY_SETTING = { timeZone: 'Australia/Sydney', dateFormat: 'DD MMM YYYY' } as const satisfies {
  timeZone: string;
  dateFormat: DateFormat;
};

export const displaySettingSchema = z
  .object({
    timeZone: z.string().trim().min(1).max(64).refine(isTimeZone, 'Unknown time zone'),
    dateFormat: z.enum(DATE_FORMATS),
  })
  .meta({ example: DEFAULT_DISPLAY_SETTING });
export type DisplaySetting = z.infer<typeof displaySettingSchema>;

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
