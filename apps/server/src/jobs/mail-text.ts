// Plain-text pieces of the job mails. Mails carry no HTML at all, so nothing a user typed can become
// markup or script in a mail client (SECURITY.md); text from the database is only made one tidy line.
import type { DateFormat } from '@crm/domain';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date ('2026-09-06') in the firm's date format ('06 Sep 2026'); the web's format.ts does the same. */
export function formatCalendarDate(isoDate: string, format: DateFormat): string {
  const [year = '', month = '', day = ''] = isoDate.split('-');
  switch (format) {
    case 'DD MMM YYYY':
      return `${day} ${MONTHS[Number(month) - 1] ?? month} ${year}`;
    case 'DD/MM/YYYY':
      return `${day}/${month}/${year}`;
    case 'MM/DD/YYYY':
      return `${month}/${day}/${year}`;
    case 'YYYY-MM-DD':
      return isoDate;
  }
}

/**
 * Stored text as one line of a plain-text mail: control characters (line breaks included, so a name
 * cannot forge lines of its own) become spaces, runs of space one, and a long value is cut.
 */
export function oneLine(value: string | null | undefined, maxLength = 200): string {
  const line = (value ?? '')
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}

/** The app's own address for links in mails (APP_URL, else this server on localhost). */
export function myTasksLink(appUrl: string): string {
  return `${appUrl.replace(/\/$/, '')}/my-tasks`;
}
