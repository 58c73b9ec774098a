// Every firm date the product writes goes through here (DECISIONS.md §1, §5, §6): screens, mails, PDFs and
// filled contract text, in the firm's date format and time zone from the display setting. The firm's clock
// comes from firmClock; the month names are our own ('Sep', where Intl's en-AU prints 'Sept'). No date
// library: the web runs this on its first page load.
import {
  type DateFormat,
  DEFAULT_DISPLAY_SETTING,
  type DisplaySetting,
  isTimeZone,
} from '../settings/display-setting.ts';
import { firmClock } from './calendar.ts';

const NOT_SET = 'Not set';
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

type CalendarParts = { year: number; month: number; day: number };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function writeDate({ year, month, day }: CalendarParts, dateFormat: DateFormat): string {
  const dd = pad(day);
  const mm = pad(month);
  const yyyy = pad(year, 4);
  switch (dateFormat) {
    case 'DD MMM YYYY':
      return `${dd} ${MONTH_ABBREVIATIONS[month - 1]} ${yyyy}`;
    case 'DD/MM/YYYY':
      return `${dd}/${mm}/${yyyy}`;
    case 'MM/DD/YYYY':
      return `${mm}/${dd}/${yyyy}`;
    case 'YYYY-MM-DD':
      return `${yyyy}-${mm}-${dd}`;
  }
}

/** A real calendar date ('2026-02-30' is not), as its parts. */
function calendarDate(iso: string): CalendarParts | null {
  const match = ISO_DATE.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? { year, month, day } : null;
}

// Whether the runtime knows the firm's zone is asked once per zone (building a formatter to find out is costly).
const usableZones = new Map<string, string>();

/** The firm's zone, or the default one when the runtime does not know it: a screen still shows dates. */
function usableZone(timeZone: string): string {
  let zone = usableZones.get(timeZone);
  if (zone === undefined) {
    zone = isTimeZone(timeZone) ? timeZone : DEFAULT_DISPLAY_SETTING.timeZone;
    usableZones.set(timeZone, zone);
  }
  return zone;
}

/** The calendar date and clock of an instant in the firm's zone, or null for no valid instant. */
function zonedParts(value: string | number | Date, timeZone: string) {
  const instant = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(instant.getTime())) return null;
  const { date, minutes } = firmClock(usableZone(timeZone), instant);
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return { year, month, day, hour: Math.floor(minutes / 60), minute: minutes % 60 };
}

/**
 * A calendar date ('2026-09-06': a due date, a contract's start) in the firm's date format ('06 Sep 2026'), as
 * mails and PDFs write it; text that is not a real date is left as written.
 */
export function formatCalendarDate(isoDate: string, dateFormat: DateFormat): string {
  const date = calendarDate(isoDate);
  return date ? writeDate(date, dateFormat) : isoDate;
}

/**
 * A date as the firm writes it ('06 Sep 2026'). A calendar date ('2026-09-06': a birth or expiry date)
 * is shown as it is; an instant (an ISO timestamp or a Date: created, converted, archived) as the date
 * it was in the firm's time zone.
 */
export function formatDate(
  value: string | Date | null | undefined,
  setting: DisplaySetting = DEFAULT_DISPLAY_SETTING,
): string {
  if (!value) return NOT_SET;
  if (typeof value === 'string' && ISO_DATE.test(value)) {
    const date = calendarDate(value);
    return date ? writeDate(date, setting.dateFormat) : NOT_SET;
  }
  const parts = zonedParts(value, setting.timeZone);
  return parts ? writeDate(parts, setting.dateFormat) : NOT_SET;
}

/**
 * A date in long form, the same in every date format ('Monday, 6 September 2026'), for details dialogs; a
 * calendar date as it is, an instant as the date it was in the firm's time zone.
 */
export function formatLongDate(
  value: string | Date | null | undefined,
  setting: DisplaySetting = DEFAULT_DISPLAY_SETTING,
): string {
  if (!value) return NOT_SET;
  const parts =
    typeof value === 'string' && ISO_DATE.test(value) ? calendarDate(value) : zonedParts(value, setting.timeZone);
  if (!parts) return NOT_SET;
  const weekday = WEEKDAYS[new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay()];
  return `${weekday}, ${parts.day} ${MONTH_NAMES[parts.month - 1]} ${parts.year}`;
}

/** The time of an instant in the firm's time zone, 24-hour ('14:05'). */
export function formatTime(value: string | number | Date, setting: DisplaySetting = DEFAULT_DISPLAY_SETTING): string {
  const parts = zonedParts(value, setting.timeZone);
  return parts ? `${pad(parts.hour)}:${pad(parts.minute)}` : '';
}

/** Day and month only, in the firm's order, for tight spaces such as chart axes ('06 Sep', '06/09', '09-06'). */
export function formatDayMonth(isoDate: string, setting: DisplaySetting = DEFAULT_DISPLAY_SETTING): string {
  const date = calendarDate(isoDate);
  if (!date) return '';
  const dd = pad(date.day);
  const mm = pad(date.month);
  switch (setting.dateFormat) {
    case 'DD MMM YYYY':
      return `${dd} ${MONTH_ABBREVIATIONS[date.month - 1]}`;
    case 'DD/MM/YYYY':
      return `${dd}/${mm}`;
    case 'MM/DD/YYYY':
      return `${mm}/${dd}`;
    case 'YYYY-MM-DD':
      return `${mm}-${dd}`;
  }
}

/** A calendar date or an instant as the server writes them, wherever they stand in a text. */
const ISO_DATES_IN_TEXT = /\b\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?(?![\d:])/g;

/**
 * A text with every ISO date in it written as the firm writes dates, an instant with its time ('Born
 * 2015-03-02' → 'Born 02 Mar 2015'): an audit value in words may hold dates anywhere.
 */
export function formatDatesIn(text: string, setting: DisplaySetting = DEFAULT_DISPLAY_SETTING): string {
  return text.replace(ISO_DATES_IN_TEXT, (found) => {
    if (found.length === 10) return calendarDate(found) ? formatDate(found, setting) : found;
    const time = formatTime(found, setting);
    return time ? `${formatDate(found, setting)} ${time}` : found;
  });
}
