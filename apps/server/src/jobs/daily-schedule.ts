// The rule a daily job follows in the firm's time zone: which day a run at a given moment owes, if any.
// Pure (no clock, no database), so the catch-up decision is tested by passing moments, not by waiting. The
// firm's wall clock at a moment is the domain's firmClock, the one every firm-date rule reads.
import { firmClock } from '@crm/domain';

/** A time of day in the firm's zone, e.g. 07:00. */
export type TimeOfDay = { hour: number; minute: number };

/** The instant the firm's wall clock shows `at` on `date` (YYYY-MM-DD) in `timeZone`. */
function zonedInstant(date: string, at: TimeOfDay, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, at.hour, at.minute);
  // Start from the wall time read as UTC and correct by what the zone's clock shows then; a second pass
  // settles a guess that crossed a daylight-saving change.
  let guess = wall;
  for (let pass = 0; pass < 2; pass++) {
    const shown = firmClock(timeZone, new Date(guess));
    const [sy, sm, sd] = shown.date.split('-').map(Number) as [number, number, number];
    guess += wall - Date.UTC(sy, sm - 1, sd, Math.floor(shown.minutes / 60), shown.minutes % 60);
  }
  return new Date(guess);
}

/** When a daily job at `at` in the firm's zone runs next after `now` (Administration's job status). */
export function nextDailyRun(at: TimeOfDay, timeZone: string, now: Date): Date {
  const { date, minutes } = firmClock(timeZone, now);
  const today = zonedInstant(date, at, timeZone);
  if (minutes < at.hour * 60 + at.minute && today > now) return today;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return zonedInstant(new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10), at, timeZone);
}

/** The cron expression pg-boss fires a job with every day at `at` (evaluated in the schedule's zone). */
export const dailyCron = (at: TimeOfDay): string => `${at.minute} ${at.hour} * * *`;

/**
 * The firm date a run of a daily job at `now` owes, or null when it owes none. `lastRunFor` is the firm
 * date the last completed run served (null when none ever did).
 *
 * Today's run is owed from `at` until the firm's midnight, once: a trigger before `at` owes nothing, and
 * so does one after a run already served today. A day that passed with no run is not caught up the next
 * day: its mail would come before, and say less than, the one due that same morning. So a process that
 * was down at 07:00 and starts at 09:00 sends today's run once; one that starts tomorrow at 06:00 sends
 * nothing until 07:00.
 */
export function owedDailyRun(input: {
  now: Date;
  timeZone: string;
  at: TimeOfDay;
  lastRunFor: string | null;
}): string | null {
  const { date, minutes } = firmClock(input.timeZone, input.now);
  if (minutes < input.at.hour * 60 + input.at.minute) return null;
  // ISO dates compare as strings. A last run dated after today (the firm moved west) has served today.
  if (input.lastRunFor !== null && input.lastRunFor >= date) return null;
  return date;
}
