import { describe, expect, it } from 'vitest';
import { ageInYears } from '../records/display.ts';
import { passportStatus, visaStatus } from '../clients/document-status.ts';
import { DATE_FORMATS, DEFAULT_DISPLAY_SETTING, displaySettingSchema, isTimeZone } from './display-setting.ts';
import { firmToday, latestDateOnEarth } from '../calendar/calendar.ts';

describe('the display setting (DECISIONS.md §6)', () => {
  it('defaults to Sydney and DD MMM YYYY, with the four formats', () => {
    expect(DEFAULT_DISPLAY_SETTING).toEqual({ timeZone: 'Australia/Sydney', dateFormat: 'DD MMM YYYY' });
    expect(DATE_FORMATS).toEqual(['DD MMM YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD']);
    expect(displaySettingSchema.parse(DEFAULT_DISPLAY_SETTING)).toEqual(DEFAULT_DISPLAY_SETTING);
  });

  it('accepts known IANA zones and refuses the rest', () => {
    for (const zone of ['Australia/Sydney', 'Asia/Manila', 'UTC', 'America/New_York'])
      expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['Mars/Olympus', 'Sydney', '']) expect(isTimeZone(zone), zone).toBe(false);
    expect(displaySettingSchema.safeParse({ timeZone: 'Mars/Olympus', dateFormat: 'DD MMM YYYY' }).success).toBe(false);
    expect(displaySettingSchema.safeParse({ timeZone: 'UTC', dateFormat: 'D/M/YY' }).success).toBe(false);
  });
});

describe('firmToday', () => {
  // 13:30 UTC on 5 March is 00:30 on 6 March in Sydney (AEDT, UTC+11) and 08:30 on 5 March in New York.
  const justAfterSydneyMidnight = new Date('2026-03-05T13:30:00Z');

  it("gives the calendar date in the firm's zone, not in UTC", () => {
    expect(firmToday('Australia/Sydney', justAfterSydneyMidnight)).toBe('2026-03-06');
    expect(firmToday('UTC', justAfterSydneyMidnight)).toBe('2026-03-05');
    expect(firmToday('America/New_York', new Date('2026-03-06T03:00:00Z'))).toBe('2026-03-05');
  });

  it('follows daylight saving (Sydney is UTC+10 in July)', () => {
    expect(firmToday('Australia/Sydney', new Date('2026-07-05T13:59:59Z'))).toBe('2026-07-05');
    expect(firmToday('Australia/Sydney', new Date('2026-07-05T14:00:00Z'))).toBe('2026-07-06');
  });

  it('never lags the latest date on earth', () => {
    const now = new Date('2026-12-31T10:30:00Z');
    expect(latestDateOnEarth(now)).toBe('2027-01-01');
    for (const zone of ['Pacific/Kiritimati', 'Australia/Sydney', 'Pacific/Pago_Pago']) {
      expect(firmToday(zone, now) <= latestDateOnEarth(now), zone).toBe(true);
    }
  });
});

describe("rules on the firm's date", () => {
  const now = new Date('2026-03-05T13:30:00Z');
  it('expires a passport at midnight where the firm is', () => {
    expect(passportStatus('2026-03-05', firmToday('Australia/Sydney', now))).toBe('Expired');
    expect(passportStatus('2026-03-05', firmToday('UTC', now))).toBe('Expiring Soon');
    expect(visaStatus('2026-04-05', firmToday('Australia/Sydney', now))).toBe('Expiring Soon');
    expect(visaStatus('2026-04-05', firmToday('UTC', now))).toBe('Valid');
  });
  it('counts a birthday from the firm’s date', () => {
    expect(ageInYears('1990-03-06', firmToday('Australia/Sydney', now))).toBe(36);
    expect(ageInYears('1990-03-06', firmToday('UTC', now))).toBe(35);
  });
});
