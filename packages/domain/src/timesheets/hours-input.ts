// Hours as people type them (issue 26): '1.5', '1,5', '1:30', '1h 30m', '1 hr', '90m', '90 min'. What was
// understood is shown before saving; anything outside the bounds or the step is refused with the
// timesheet's own messages, never clamped or rounded into something else.
import { hoursSchema, TIMESHEET_MESSAGES } from './timesheet.ts';

export const HOURS_FORMAT_MESSAGE = 'Enter hours as 1.5, 1:30, 1h 30m or 90m';

export type HoursReading = { hours: number; error: null } | { hours: null; error: string };

const DECIMAL = /^([+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+))\s*(?:h|hr|hrs|hour|hours)?$/;
const CLOCK = /^(\d+):([0-5]\d)$/;
const PARTS = /^(?:(\d+(?:[.,]\d+)?)\s*(?:h|hr|hrs|hour|hours))?\s*(?:(\d+)\s*(?:m|min|mins|minute|minutes))?$/;

/** Exact hours from whole hours and minutes (a float only at the end, from whole minutes). */
const fromMinutes = (minutes: number) => minutes / 60;

function understood(text: string): number | null {
  const t = text.trim().toLowerCase();
  const decimal = DECIMAL.exec(t);
  if (decimal) return Number(decimal[1]!.replace(',', '.'));
  const clock = CLOCK.exec(t);
  if (clock) return fromMinutes(Number(clock[1]) * 60 + Number(clock[2]));
  const parts = PARTS.exec(t);
  if (parts && (parts[1] !== undefined || parts[2] !== undefined)) {
    const hours = Number((parts[1] ?? '0').replace(',', '.'));
    return hours + fromMinutes(Number(parts[2] ?? '0'));
  }
  return null;
}

/** The hours a text means, or the message that says why it cannot be saved. */
export function readHours(text: string): HoursReading {
  if (text.trim() === '') return { hours: null, error: TIMESHEET_MESSAGES.hoursRequired };
  const hours = understood(text);
  if (hours === null || !Number.isFinite(hours)) return { hours: null, error: HOURS_FORMAT_MESSAGE };
  const checked = hoursSchema.safeParse(hours);
  if (!checked.success) return { hours: null, error: checked.error.issues[0]!.message };
  return { hours, error: null };
}
