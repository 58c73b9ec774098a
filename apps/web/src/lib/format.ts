// Every date the app shows or reads goes through here (DECISIONS.md §1, §5, §6): the firm's date format
// and time zone from the display setting, dayjs's English month names ('Sep'; Intl's en-AU prints
// 'Sept', so it never formats a display string here).
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { useMemo } from 'react';
import { type DateFormat, DEFAULT_DISPLAY_SETTING, type DisplaySetting, firmToday } from '@crm/domain';
import { useDisplaySetting } from '../features/settings/api/display-setting.ts';

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

const NOT_SET = 'Not set';
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

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
    const date = dayjs.utc(value, 'YYYY-MM-DD', true);
    return date.isValid() ? date.format(setting.dateFormat) : NOT_SET;
  }
  const instant = dayjs(value);
  return instant.isValid() ? instant.tz(setting.timeZone).format(setting.dateFormat) : NOT_SET;
}

/** The time of an instant in the firm's time zone, 24-hour ('14:05'). */
export function formatTime(value: string | number | Date, setting: DisplaySetting = DEFAULT_DISPLAY_SETTING): string {
  const instant = dayjs(value);
  return instant.isValid() ? instant.tz(setting.timeZone).format('HH:mm') : '';
}

/** Day and month only, in the firm's order, for tight spaces such as chart axes ('06 Sep', '06/09', '09-06'). */
export function formatDayMonth(isoDate: string, setting: DisplaySetting = DEFAULT_DISPLAY_SETTING): string {
  const date = dayjs.utc(isoDate, 'YYYY-MM-DD', true);
  if (!date.isValid()) return '';
  const format: Record<DateFormat, string> = {
    'DD MMM YYYY': 'DD MMM',
    'DD/MM/YYYY': 'DD/MM',
    'MM/DD/YYYY': 'MM/DD',
    'YYYY-MM-DD': 'MM-DD',
  };
  return date.format(format[setting.dateFormat]);
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** 'sept', 'SEPTEMBER', 'sep' → 'Sep', the only spelling dayjs's strict parser reads. */
function normaliseMonthNames(text: string): string {
  return text.replace(/[a-z]+/gi, (word) => {
    const lower = word.toLowerCase();
    const month = lower.length >= 3 ? MONTHS.find((m) => m.startsWith(lower)) : undefined;
    return month ? `${month[0]!.toUpperCase()}${month.slice(1, 3)}` : word;
  });
}

/**
 * What a typed date may look like: the firm's format, the month-name forms, ISO, and numbers in the
 * firm's day/month order (STACK.md: '05/09/2025' is 5 September unless the firm writes MM/DD/YYYY).
 */
function inputFormats(dateFormat: DateFormat): string[] {
  const numeric = dateFormat === 'MM/DD/YYYY' ? ['MM/DD/YYYY', 'M/D/YYYY'] : ['DD/MM/YYYY', 'D/M/YYYY'];
  return ['DD MMM YYYY', 'D MMM YYYY', ...numeric, 'YYYY-MM-DD'];
}

/** A typed date as YYYY-MM-DD (the API's form), or null while it is not a whole, real date. */
export function parseDateInput(
  text: string,
  dateFormat: DateFormat = DEFAULT_DISPLAY_SETTING.dateFormat,
): string | null {
  const cleaned = normaliseMonthNames(text.trim().replace(/\s+/g, ' '));
  if (!cleaned) return null;
  const date = dayjs(cleaned, inputFormats(dateFormat), 'en', true);
  return date.isValid() ? date.format('YYYY-MM-DD') : null;
}

/** The firm's display setting and the formatters bound to it, for components. */
export function useDateFormat() {
  const setting = useDisplaySetting();
  return useMemo(
    () => ({
      setting,
      formatDate: (value: string | Date | null | undefined) => formatDate(value, setting),
      formatTime: (value: string | number | Date) => formatTime(value, setting),
      formatDayMonth: (isoDate: string) => formatDayMonth(isoDate, setting),
      parseDateInput: (text: string) => parseDateInput(text, setting.dateFormat),
      /** Today in the firm's time zone, YYYY-MM-DD; a function, so a screen left open past midnight moves on. */
      today: () => firmToday(setting.timeZone, new Date()),
    }),
    [setting],
  );
}
