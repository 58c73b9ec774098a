// Reading a date typed by hand (issue 26, decision 0007): numbers in the order of the firm's date format
// (day first unless the firm writes MM/DD/YYYY) with any of / . - or spaces between them, two- or
// four-digit years, month names in any case and length ('Dec', 'sept', 'December'), and ISO 'yyyy-mm-dd'.
// Anything else, and any date that does not exist (31/02), is no date: the field keeps the text and the
// form says 'Invalid date format'.
import { type DateFormat, DEFAULT_DISPLAY_SETTING, isValidIsoDate } from '@crm/domain';

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

/** 'sep', 'Sept', 'SEPTEMBER' → 9; a word that names no month (or 'ma', too short to tell) → null. */
function monthOf(word: string): number | null {
  const lower = word.toLowerCase();
  if (lower.length < 3) return null;
  const index = MONTHS.findIndex((m) => m.startsWith(lower) || (lower === 'sept' && m === 'september'));
  return index === -1 ? null : index + 1;
}

export type DateInputContext = {
  dateFormat?: DateFormat;
  /** A birth date's two-digit year is in the past century; any other within 50 years of today. */
  kind?: 'birth' | 'document';
  /** The firm's today, YYYY-MM-DD. */
  today?: string;
};

/** The four-digit year a two-digit one means: a birth up to today, any other date within 50 years. */
function fullYear(twoDigits: number, kind: 'birth' | 'document', today: string): number {
  const thisYear = Number(today.slice(0, 4));
  const century = Math.floor(thisYear / 100) * 100;
  let year = century + twoDigits;
  if (kind === 'birth') {
    if (year > thisYear) year -= 100;
  } else if (year > thisYear + 50) {
    year -= 100;
  } else if (year < thisYear - 50) {
    year += 100;
  }
  return year;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A typed date as YYYY-MM-DD (the API's form), or null while it is not a whole, real date. */
export function parseDateInput(text: string, context: DateInputContext = {}): string | null {
  const dateFormat = context.dateFormat ?? DEFAULT_DISPLAY_SETTING.dateFormat;
  const kind = context.kind ?? 'document';
  const today = context.today ?? new Date().toISOString().slice(0, 10);
  const tokens = text
    .trim()
    .split(/[\s/.,-]+/)
    .filter(Boolean);
  if (tokens.length !== 3) return null;

  const words = tokens.filter((t) => /^[a-z]+$/i.test(t));
  const numbers = tokens.filter((t) => /^\d+$/.test(t));
  if (words.length + numbers.length !== 3) return null;

  let day: string;
  let month: number;
  let year: string;
  if (words.length === 1) {
    // A month by name: the other two are the day and the year, in the order typed ('5 Dec 2026',
    // 'Dec 5 2026'); a four-digit one is the year wherever it stands ('2026 Dec 5').
    const named = monthOf(words[0]!);
    if (named === null) return null;
    month = named;
    const yearAt = numbers.findIndex((n) => n.length === 4);
    [day, year] = yearAt === 0 ? [numbers[1]!, numbers[0]!] : [numbers[0]!, numbers[1]!];
  } else if (words.length === 0) {
    const [a, b, c] = numbers as [string, string, string];
    if (a.length === 4) {
      [year, month, day] = [a, Number(b), c];
    } else if (dateFormat === 'MM/DD/YYYY') {
      [month, day, year] = [Number(a), b, c];
    } else {
      [day, month, year] = [a, Number(b), c];
    }
  } else {
    return null;
  }

  if (day.length > 2 || (year.length !== 2 && year.length !== 4)) return null;
  const fourDigitYear = year.length === 2 ? fullYear(Number(year), kind, today) : Number(year);
  const iso = `${String(fourDigitYear).padStart(4, '0')}-${pad(month)}-${pad(Number(day))}`;
  return isValidIsoDate(iso) ? iso : null;
}
