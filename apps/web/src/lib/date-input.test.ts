import { describe, expect, it } from 'vitest';
import { parseDateInput } from './date-input.ts';

const today = '2026-11-26';

describe('parseDateInput', () => {
  it("reads numbers in the firm's day/month order, with any separator", () => {
    for (const text of ['05.12.2026', '5-12-2026', '5/12/2026', '05 12 2026', '5.12.26']) {
      expect(parseDateInput(text, { dateFormat: 'DD/MM/YYYY', today }), text).toBe('2026-12-05');
      expect(parseDateInput(text, { dateFormat: 'DD MMM YYYY', today }), text).toBe('2026-12-05');
    }
    expect(parseDateInput('12/5/26', { dateFormat: 'MM/DD/YYYY', today })).toBe('2026-12-05');
    expect(parseDateInput('12/5/26', { dateFormat: 'DD/MM/YYYY', today })).toBe('2026-05-12');
    expect(parseDateInput('1/1/27', { today })).toBe('2027-01-01');
  });

  it('reads month names in any case and length, in either order, and ISO dates', () => {
    for (const text of [
      '06 Sep 2026',
      '6 sep 2026',
      '6 Sept 2026',
      ' 6  SEPTEMBER 2026 ',
      'Sep 6 2026',
      'September 6, 2026',
      '2026-09-06',
      '6-sep-26',
    ]) {
      expect(parseDateInput(text, { today }), text).toBe('2026-09-06');
    }
    expect(parseDateInput('Dec 5 2026', { dateFormat: 'MM/DD/YYYY', today })).toBe('2026-12-05');
  });

  it('takes a two-digit year of a birth date in the past century, any other within 50 years', () => {
    expect(parseDateInput('1/1/27', { kind: 'birth', today })).toBe('1927-01-01');
    expect(parseDateInput('1/1/26', { kind: 'birth', today })).toBe('2026-01-01');
    expect(parseDateInput('1/1/85', { kind: 'birth', today })).toBe('1985-01-01');
    expect(parseDateInput('1/1/76', { kind: 'document', today })).toBe('2076-01-01');
    expect(parseDateInput('1/1/77', { kind: 'document', today })).toBe('1977-01-01');
  });

  it('gives nothing for a part-typed, unreadable or impossible date', () => {
    for (const text of [
      '',
      '0',
      '05/09/202',
      '31/02/2026',
      '29/02/2027',
      '05/09/20255',
      '06 Sep',
      'next week',
      '5 Foo 2026',
      '13/13/2026',
      '1/2/3/4',
    ]) {
      expect(parseDateInput(text, { today }), text).toBeNull();
    }
  });
});
