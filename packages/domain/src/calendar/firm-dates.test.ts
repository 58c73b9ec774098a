import { describe, expect, it } from 'vitest';
import { DATE_FORMATS, type DisplaySetting } from '../settings/display-setting.ts';
import {
  formatCalendarDate,
  formatDate,
  formatDatesIn,
  formatDayMonth,
  formatLongDate,
  formatTime,
} from './firm-dates.ts';

const sydney: DisplaySetting = { timeZone: 'Australia/Sydney', dateFormat: 'DD MMM YYYY' };

describe('formatDate', () => {
  it("writes '06 Sep 2026', never Intl's 'Sept'", () => {
    expect(formatDate('2026-09-06', sydney)).toBe('06 Sep 2026');
    expect(formatDate('2026-09-06')).toBe('06 Sep 2026');
    expect(formatDate('2026-05-01', sydney)).toBe('01 May 2026');
  });

  it('shows a calendar date as it is, whatever the zone', () => {
    for (const timeZone of ['Pacific/Kiritimati', 'America/Los_Angeles', 'UTC']) {
      expect(formatDate('2026-09-06', { timeZone, dateFormat: 'DD MMM YYYY' })).toBe('06 Sep 2026');
    }
  });

  it("shows an instant as the date it was in the firm's zone", () => {
    // 20:00 UTC on 5 September is 06:00 on 6 September in Sydney.
    expect(formatDate('2026-09-05T20:00:00.000Z', sydney)).toBe('06 Sep 2026');
    expect(formatDate(new Date('2026-09-05T20:00:00Z'), { ...sydney, timeZone: 'UTC' })).toBe('05 Sep 2026');
  });

  it('follows each of the four formats', () => {
    const shown = DATE_FORMATS.map((dateFormat) => formatDate('2026-09-06', { ...sydney, dateFormat }));
    expect(shown).toEqual(['06 Sep 2026', '06/09/2026', '09/06/2026', '2026-09-06']);
  });

  it("says 'Not set' for nothing and for nonsense", () => {
    for (const value of [null, undefined, '', 'soon', '2026-02-30']) expect(formatDate(value, sydney)).toBe('Not set');
  });
});

describe('formatCalendarDate (mails, PDFs, contract text)', () => {
  it('writes a calendar date in each of the four formats, as the screens do', () => {
    const written = DATE_FORMATS.map((dateFormat) => formatCalendarDate('2026-09-06', dateFormat));
    expect(written).toEqual(['06 Sep 2026', '06/09/2026', '09/06/2026', '2026-09-06']);
    for (const dateFormat of DATE_FORMATS) {
      for (const date of ['2026-01-31', '2024-02-29', '0999-12-01'])
        expect(formatCalendarDate(date, dateFormat)).toBe(formatDate(date, { ...sydney, dateFormat }));
    }
    expect(formatCalendarDate('2026-12-01', 'DD MMM YYYY')).toBe('01 Dec 2026');
  });

  it('leaves text that is not a real date as written', () => {
    for (const text of ['', 'soon', '2026-02-30']) expect(formatCalendarDate(text, 'DD/MM/YYYY')).toBe(text);
  });
});

describe('formatDate in more zones', () => {
  it('follows daylight saving and an unknown zone reads as the default', () => {
    // 14:00 UTC on 4 October 2026 is 01:00 on 5 October in Sydney (AEDT, UTC+11).
    expect(formatDate('2026-10-04T14:00:00Z', sydney)).toBe('05 Oct 2026');
    expect(formatDate('2026-06-30T14:30:00Z', { ...sydney, timeZone: 'Nowhere/Atlantis' })).toBe('01 Jul 2026');
    expect(formatTime('2026-06-30T14:30:00Z', { ...sydney, timeZone: 'Asia/Manila' })).toBe('22:30');
  });
});

describe('formatTime and formatDayMonth', () => {
  it("give the firm's clock and short day-month labels", () => {
    expect(formatTime('2026-09-05T20:05:00Z', sydney)).toBe('06:05');
    expect(formatDayMonth('2026-09-06', sydney)).toBe('06 Sep');
    expect(formatDayMonth('2026-09-06', { ...sydney, dateFormat: 'MM/DD/YYYY' })).toBe('09/06');
  });
});

describe('formatLongDate', () => {
  it("writes the weekday and month in full, an instant on the firm's date", () => {
    expect(formatLongDate('2026-09-06')).toBe('Sunday, 6 September 2026');
    // 14:30 UTC on 5 Sep is 00:30 on the 6th in Sydney.
    expect(formatLongDate('2026-09-05T14:30:00Z', sydney)).toBe('Sunday, 6 September 2026');
    expect(formatLongDate(null)).toBe('Not set');
    expect(formatLongDate('2026-02-30')).toBe('Not set');
  });
});

describe('formatDatesIn', () => {
  it("writes every date and instant of an audit value in the firm's format, and leaves the rest", () => {
    expect(formatDatesIn('Leo Santos (child, born 2015-03-02, Philippines)', sydney)).toBe(
      'Leo Santos (child, born 02 Mar 2015, Philippines)',
    );
    expect(formatDatesIn('2026-06-30T14:30:00.000Z', sydney)).toBe('01 Jul 2026 00:30');
    expect(formatDatesIn('Amount: 10.00; Received Date: 2026-11-27', { ...sydney, dateFormat: 'DD/MM/YYYY' })).toBe(
      'Amount: 10.00; Received Date: 27/11/2026',
    );
    // Not a real day, or part of a longer number: left as written.
    expect(formatDatesIn('2026-02-30', sydney)).toBe('2026-02-30');
    expect(formatDatesIn('Passport P2026-11-270', sydney)).toBe('Passport P2026-11-270');
  });
});
