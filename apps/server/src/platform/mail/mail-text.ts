// Plain-text pieces of the job mails. Mails carry no HTML at all, so nothing a user typed can become
// markup or script in a mail client (SECURITY.md); text from the database is only made one tidy line. Dates
// in mails are the domain's formatCalendarDate (calendar/firm-dates.ts), the same rule the screens use.

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
