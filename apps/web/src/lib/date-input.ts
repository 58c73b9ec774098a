// Reading a typed date (the DateInput of the forms): the firm's format, the month-name forms, ISO and
// numbers in the firm's day/month order. dayjs's strict parser does the work; this module loads with the
// forms, not with the first page.
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { type DateFormat, DEFAULT_DISPLAY_SETTING } from '@crm/domain';

dayjs.extend(customParseFormat);

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
