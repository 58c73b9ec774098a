import { describe, expect, it } from 'vitest';
import {
  isMonday,
  isWeekEditable,
  roundHours,
  TIMESHEET_MESSAGES,
  timesheetEntryInputSchema,
  weekDates,
  weekNeedsApproval,
  weekStartOf,
} from './timesheet.ts';

const lead = '0b9f2a4e-7c1d-4e2a-9f3b-1a2b3c4d5e6f';

describe('weeks', () => {
  it('starts every week on its Monday, across months and years', () => {
    expect(weekStartOf('2026-03-02')).toBe('2026-03-02');
    expect(weekStartOf('2026-03-08')).toBe('2026-03-02');
    expect(weekStartOf('2026-01-01')).toBe('2025-12-29');
    expect(weekDates('2025-12-29')).toEqual([
      '2025-12-29',
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
    ]);
  });

  it('knows a Monday, and that nonsense is none', () => {
    expect(isMonday('2026-11-23')).toBe(true);
    expect(isMonday('2026-11-24')).toBe(false);
    expect(isMonday('2026-02-30')).toBe(false);
    expect(isMonday('not a date')).toBe(false);
  });

  it('lets only draft and rejected weeks change; consultants and team leads need approval', () => {
    expect(['draft', 'submitted', 'approved', 'rejected'].map((s) => isWeekEditable(s as never))).toEqual([
      true,
      false,
      false,
      true,
    ]);
    expect(weekNeedsApproval('consultant')).toBe(true);
    expect(weekNeedsApproval('team_lead')).toBe(true);
    expect(weekNeedsApproval('supervisor')).toBe(false);
    expect(weekNeedsApproval('member')).toBe(false);
  });

  it('adds hours without floating point drift', () => {
    expect(roundHours(0.1 + 0.2)).toBe(0.3);
  });
});

describe('an entry', () => {
  const valid = { date: '2026-03-02', hours: 7.5, leadId: lead };
  const messages = (input: unknown) => {
    const r = timesheetEntryInputSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('takes a quarter hour up to 24 hours, with 2 decimals at most', () => {
    expect(messages(valid)).toEqual([]);
    expect(messages({ ...valid, hours: 0.25 })).toEqual([]);
    expect(messages({ ...valid, hours: 24 })).toEqual([]);
    expect(messages({ ...valid, hours: 0.2 })).toEqual([TIMESHEET_MESSAGES.hoursRange]);
    expect(messages({ ...valid, hours: 24.01 })).toEqual([TIMESHEET_MESSAGES.hoursRange]);
    expect(messages({ ...valid, hours: 1.005 })).toEqual([TIMESHEET_MESSAGES.hoursStep]);
  });

  it('names exactly one lead or client', () => {
    expect(messages({ date: valid.date, hours: 1 })).toEqual([TIMESHEET_MESSAGES.recordRequired]);
    expect(messages({ ...valid, clientId: lead })).toEqual([TIMESHEET_MESSAGES.oneRecord]);
  });
});
