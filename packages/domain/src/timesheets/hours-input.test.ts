import { describe, expect, it } from 'vitest';
import { HOURS_FORMAT_MESSAGE, readHours } from './hours-input.ts';
import { TIMESHEET_MESSAGES } from './timesheet.ts';

describe('readHours', () => {
  it.each([
    ['1.5', 1.5],
    ['1,5', 1.5],
    ['1:30', 1.5],
    ['0:15', 0.25],
    ['1h 30m', 1.5],
    ['1h30m', 1.5],
    ['2 hours', 2],
    ['1.5h', 1.5],
    ['90m', 1.5],
    ['45 min', 0.75],
    ['.25', 0.25],
    ['24', 24],
    ['7.55', 7.55],
  ])('takes %s as %d hours', (text, hours) => {
    expect(readHours(text)).toEqual({ hours, error: null });
  });

  it.each([
    ['', TIMESHEET_MESSAGES.hoursRequired],
    ['  ', TIMESHEET_MESSAGES.hoursRequired],
    ['25', TIMESHEET_MESSAGES.hoursRange],
    ['0', TIMESHEET_MESSAGES.hoursRange],
    ['-2', TIMESHEET_MESSAGES.hoursRange],
    ['0.01', TIMESHEET_MESSAGES.hoursRange],
    ['7.555', TIMESHEET_MESSAGES.hoursStep],
    ['1:20', TIMESHEET_MESSAGES.hoursStep],
    ['130m', TIMESHEET_MESSAGES.hoursStep],
    ['24:30', TIMESHEET_MESSAGES.hoursRange],
    ['1:75', HOURS_FORMAT_MESSAGE],
    ['abc', HOURS_FORMAT_MESSAGE],
    ['1.5.5', HOURS_FORMAT_MESSAGE],
    ['1e3', HOURS_FORMAT_MESSAGE],
  ])('refuses %j with %s, never a nearby value', (text, error) => {
    expect(readHours(text)).toEqual({ hours: null, error });
  });
});
