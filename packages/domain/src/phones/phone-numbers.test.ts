import { describe, expect, it } from 'vitest';
import { contactNumberField } from './contact-number-field.ts';
import {
  contactNumberDigits,
  contactNumberKey,
  formatPhoneNumber,
  PHONE_MESSAGES,
  phoneSearchDigits,
  phoneToE164,
} from './phone-numbers.ts';

describe('phoneToE164', () => {
  it.each([
    ['0412 345 678', '+61412345678'],
    ['+61412345678', '+61412345678'],
    ['412 345 678', '+61412345678'],
    ['+61 412 345 678', '+61412345678'],
    ['+61 (0)412 345 678', '+61412345678'],
    ['0011 61 412 345 678', '+61412345678'],
    ['(02) 9876 5432', '+61298765432'],
    ['+254 711 222 333', '+254711222333'],
    ['+254 0711 222 333', '+254711222333'],
    ['+63 917 123 4567', '+639171234567'],
    ['+1 212 555 0100', '+12125550100'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s → %s', (typed, e164) => {
    expect(phoneToE164(typed)).toBe(e164);
  });

  it("is null for what the spec's pattern lets through but no country would dial", () => {
    for (const typed of ['12345678', '+63 1234 5678', '(000) 000-0000', '+999 1234 5678', '']) {
      expect(phoneToE164(typed), typed).toBeNull();
    }
  });
});

describe('contactNumberField', () => {
  const field = contactNumberField();
  const errorsOf = (typed: string) => {
    const result = field.safeParse(typed);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('refuses a number no country would dial, in one stated message', () => {
    expect(PHONE_MESSAGES.invalid).toBe('Enter a valid phone number for the country chosen');
    for (const typed of ['12345678', '+63 1234 5678', '+61 412 345', '+999 1234 5678']) {
      expect(errorsOf(typed), typed).toEqual([PHONE_MESSAGES.invalid]);
    }
    // The Philippine number typed without its country is read as Australian, and is no Australian number.
    expect(errorsOf('0917 555 1234')).toEqual([PHONE_MESSAGES.invalid]);
  });

  it("accepts a valid number of the chosen country, and keeps the spec's own messages first", () => {
    for (const typed of [
      '+61 412 345 678',
      '+61 0412 345 678',
      '0412 345 678',
      '+63 917 555 1234',
      '+57 317 347 0785',
    ]) {
      expect(errorsOf(typed), typed).toEqual([]);
    }
    expect(errorsOf('1234')).toEqual(['Contact number must be 8-20 characters']);
    expect(errorsOf('+61 412 abc 678')).toEqual([
      'Contact number may contain only digits, spaces, hyphens and parentheses',
    ]);
  });
});

describe('formatPhoneNumber', () => {
  it('stores and shows valid numbers of any country in international format, without the trunk 0', () => {
    expect(formatPhoneNumber('0412 345 678')).toBe('+61 412 345 678');
    expect(formatPhoneNumber('+61 0412 345 678')).toBe('+61 412 345 678');
    expect(formatPhoneNumber('+61412345678')).toBe('+61 412 345 678');
    // libphonenumber's grouping for Kenya: three digits, then six.
    expect(formatPhoneNumber('+254 711 222 333')).toBe('+254 711 222333');
    expect(formatPhoneNumber('+639171234567')).toBe('+63 917 123 4567');
    expect(formatPhoneNumber('+63 0917 555 1234')).toBe('+63 917 555 1234');
  });

  it('shows anything else as typed', () => {
    expect(formatPhoneNumber(' 12345678 ')).toBe('12345678');
    expect(formatPhoneNumber('+63 1234 5678')).toBe('+63 1234 5678');
  });
});

describe('contactNumberKey', () => {
  it('is the E.164 number however it was written, else the digits', () => {
    const key = contactNumberKey('+61 412 345 678');
    expect(contactNumberKey('0412 345 678')).toEqual({ e164: key.e164, digits: '0412345678' });
    expect(contactNumberKey('412-345-678').e164).toBe('+61412345678');
    expect(contactNumberKey('(1234) 5678')).toEqual({ e164: null, digits: '12345678' });
  });
});

describe('contactNumberDigits', () => {
  it('is the E.164 digits without "+" for a valid number, the typed digits otherwise', () => {
    expect(contactNumberDigits('0412 345 678')).toBe('61412345678');
    expect(contactNumberDigits('+57 317 347 0785')).toBe('573173470785');
    expect(contactNumberDigits('+63 917 555 1234')).toBe('639175551234');
    expect(contactNumberDigits('0917 555 1234')).toBe('09175551234');
  });
});

describe('phoneSearchDigits', () => {
  /** Whether a search for `term` finds the stored number (the list's LIKE '%run%' on the digits column). */
  const finds = (stored: string, term: string) =>
    phoneSearchDigits(term).some((run) => contactNumberDigits(stored).includes(run));

  it.each([
    // An Australian number: E.164, national with and without the trunk 0, international, a run of six.
    [
      '+61 412 345 678',
      [
        '+61412345678',
        '0412 345 678',
        '412345678',
        '412 345 678',
        '+61 412 345 678',
        '0412-345-678',
        '345678',
        '0011 61 412 345 678',
      ],
    ],
    // A Colombian one: any run of six digits of its national number or of its full E.164 digits.
    ['+57 317 347 0785', ['+573173470785', '317 347 0785', '3470785', '573173', '+57 317 347 0785']],
    // A Philippine one, by its local form with the trunk 0 and without.
    ['+63 917 555 1234', ['+639175551234', '09175551234', '0917 555 1234', '9175551234', '5551234']],
  ])('%s is found by each way of writing it', (stored, terms) => {
    for (const term of terms) expect(finds(stored, term), term).toBe(true);
  });

  it('finds a number stored without its country by the digits typed', () => {
    expect(finds('0917 555 1234', '09175551234')).toBe(true);
    expect(finds('0917 555 1234', '917 555 1234')).toBe(true);
  });

  it('does not find other numbers', () => {
    expect(finds('+61 412 345 678', '0412 345 679')).toBe(false);
    expect(finds('+57 317 347 0785', '0412 345 678')).toBe(false);
  });

  it('leaves words, short numbers and mixed terms to the text search', () => {
    for (const term of ['smith', '0412', '+61 4', '41234', 'abc 412 345 678', 'john@example.com', '', '   ']) {
      expect(phoneSearchDigits(term), term).toEqual([]);
    }
  });

  it('yields digits only, the fewest runs that find the same rows', () => {
    expect(phoneSearchDigits('0412 345 678')).toEqual(['412345678']);
    expect(phoneSearchDigits('+61 412 345 678')).toEqual(['61412345678']);
    for (const term of ['(02) 9876 5432', '0011 61 412 345 678', '+1 (212) 555-0100', '0412.345.678']) {
      for (const run of phoneSearchDigits(term)) expect(run).toMatch(/^\d{5,}$/);
    }
  });
});
