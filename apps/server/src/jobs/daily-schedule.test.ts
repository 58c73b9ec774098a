import { describe, expect, it } from 'vitest';
import { firmToday } from '@crm/domain';
import { firmClock } from '@crm/domain';
import { dailyCron, owedDailyRun, nextDailyRun } from './daily-schedule.ts';
import { digestGroupOf } from '../features/tasks/task-reminders.job.ts';

const SYDNEY = 'Australia/Sydney';
const AT_7 = { hour: 7, minute: 0 };
// Sydney is UTC+11 in summer (AEDT) and UTC+10 in winter (AEST).
const summer = (local: string) => new Date(`${local}+11:00`);
const winter = (local: string) => new Date(`${local}+10:00`);

describe('firmClock', () => {
  it("reads the firm's date and minutes past midnight, not the server's", () => {
    expect(firmClock(SYDNEY, new Date('2026-11-23T20:30:00Z'))).toEqual({ date: '2026-11-24', minutes: 7 * 60 + 30 });
    expect(firmClock('UTC', new Date('2026-11-23T20:30:00Z'))).toEqual({ date: '2026-11-23', minutes: 20 * 60 + 30 });
  });

  it('counts midnight as minute 0, never 24:00', () => {
    expect(firmClock(SYDNEY, summer('2026-11-25T00:00:00'))).toEqual({ date: '2026-11-25', minutes: 0 });
  });

  it('follows daylight saving (first Sunday of October, first Sunday of April)', () => {
    // 2026: AEDT from 02:00 on Sunday 4 October; 2027: AEST again from 03:00 on Sunday 4 April.
    expect(firmClock(SYDNEY, new Date('2026-10-02T21:00:00Z')).minutes).toBe(7 * 60);
    expect(firmClock(SYDNEY, new Date('2026-10-03T21:00:00Z')).minutes).toBe(8 * 60);
    expect(firmClock(SYDNEY, new Date('2027-04-04T20:00:00Z')).minutes).toBe(6 * 60);
  });
});

describe('owedDailyRun: which firm date a run at `now` owes', () => {
  const owed = (now: Date, lastRunFor: string | null, timeZone = SYDNEY) =>
    owedDailyRun({ now, timeZone, at: AT_7, lastRunFor });

  it('owes nothing before 07:00, and today from 07:00 to midnight', () => {
    expect(owed(summer('2026-11-24T06:59:59'), '2026-11-23')).toBeNull();
    expect(owed(summer('2026-11-24T07:00:00'), '2026-11-23')).toBe('2026-11-24');
    expect(owed(summer('2026-11-24T23:59:00'), '2026-11-23')).toBe('2026-11-24');
  });

  it('owes today once: a run that already served today settles it', () => {
    expect(owed(summer('2026-11-24T07:00:30'), '2026-11-24')).toBeNull();
    expect(owed(summer('2026-11-24T15:00:00'), '2026-11-24')).toBeNull();
  });

  it('catches up a 07:00 missed while no process was up, the same day', () => {
    // Down from 06:30 to 09:00: the start at 09:00 owes today's run.
    expect(owed(summer('2026-11-24T09:00:00'), '2026-11-23')).toBe('2026-11-24');
    // Never run before (a new installation) counts the same.
    expect(owed(summer('2026-11-24T09:00:00'), null)).toBe('2026-11-24');
  });

  it("does not send yesterday's missed run the next morning before 07:00", () => {
    expect(owed(summer('2026-11-25T06:00:00'), '2026-11-23')).toBeNull();
    expect(owed(summer('2026-11-25T07:00:00'), '2026-11-23')).toBe('2026-11-25');
  });

  it("judges 07:00 in the firm's zone, whatever the UTC date", () => {
    // 21:00 UTC on the 23rd is 07:00 on the 24th in Sydney (winter, UTC+10).
    expect(owed(new Date('2026-06-23T21:00:00Z'), '2026-06-23')).toBe('2026-06-24');
    expect(owed(winter('2026-06-24T06:59:00'), '2026-06-23')).toBeNull();
    expect(owed(new Date('2026-06-24T07:00:00Z'), '2026-06-23', 'UTC')).toBe('2026-06-24');
  });

  it('treats a last run dated after today (the firm moved west) as done', () => {
    expect(owed(new Date('2026-11-24T23:30:00Z'), '2026-11-25', 'Australia/Perth')).toBeNull();
  });
});

describe('dailyCron', () => {
  it('is minute, hour, every day', () => {
    expect(dailyCron(AT_7)).toBe('0 7 * * *');
    expect(dailyCron({ hour: 18, minute: 30 })).toBe('30 18 * * *');
  });
});

describe('a task due today in Sydney (the digest groups by the firm date at `now`)', () => {
  const due = '2026-11-24';
  it('is due today at 23:30 Sydney time', () => {
    const today = firmToday(SYDNEY, summer('2026-11-24T23:30:00'));
    expect(today).toBe('2026-11-24');
    expect(digestGroupOf(due, today)).toBe('dueToday');
  });

  it('is overdue at 00:30 the next day, although UTC is still on the 24th', () => {
    const now = summer('2026-11-25T00:30:00');
    expect(now.toISOString().slice(0, 10)).toBe('2026-11-24');
    expect(digestGroupOf(due, firmToday(SYDNEY, now))).toBe('overdue');
  });

  it('is in no group before its day', () => {
    expect(digestGroupOf('2026-11-25', '2026-11-24')).toBeNull();
  });
});

describe('nextDailyRun', () => {
  const at = { hour: 7, minute: 0 };
  it('is today at 07:00 in the firm’s zone before then, tomorrow from then on', () => {
    // 06:59 on 26 Nov in Sydney (AEDT, UTC+11).
    expect(nextDailyRun(at, 'Australia/Sydney', new Date('2026-11-25T19:59:00Z')).toISOString()).toBe(
      '2026-11-25T20:00:00.000Z',
    );
    expect(nextDailyRun(at, 'Australia/Sydney', new Date('2026-11-25T20:00:00Z')).toISOString()).toBe(
      '2026-11-26T20:00:00.000Z',
    );
    expect(nextDailyRun(at, 'Asia/Manila', new Date('2026-11-25T20:00:00Z')).toISOString()).toBe(
      '2026-11-25T23:00:00.000Z',
    );
  });

  it('follows a daylight-saving change overnight', () => {
    // 22:00 on 3 Oct in Sydney (AEST, UTC+10); clocks go forward at 02:00, so 07:00 is AEDT (UTC+11).
    expect(nextDailyRun(at, 'Australia/Sydney', new Date('2026-10-03T12:00:00Z')).toISOString()).toBe(
      '2026-10-03T20:00:00.000Z',
    );
  });
});
