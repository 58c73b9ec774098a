import { describe, expect, it } from 'vitest';
import { contactNumberField } from '../records/fields.ts';
import { contactNumberKey, formatPhoneNumber, phoneSearchPrefixes, phoneToE164 } from './phone-numbers.ts';

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

  it('is null for what the field accepts but no country would dial', () => {
    for (const typed of ['12345678', '+63 1234 5678', '(000) 000-0000', '+999 1234 5678', '']) {
      expect(phoneToE164(typed), typed).toBeNull();
    }
    // Still a valid field value: the spec accepts 8-20 characters of digits, spaces, hyphens, parentheses.
    expect(contactNumberField().safeParse('12345678').success).toBe(true);
  });
});

describe('formatPhoneNumber', () => {
  it('shows valid numbers of any country in international format', () => {
    expect(formatPhoneNumber('0412 345 678')).toBe('+61 412 345 678');
    expect(formatPhoneNumber('+61412345678')).toBe('+61 412 345 678');
    // libphonenumber's grouping for Kenya: three digits, then six.
    expect(formatPhoneNumber('+254 711 222 333')).toBe('+254 711 222333');
    expect(formatPhoneNumber('+639171234567')).toBe('+63 917 123 4567');
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

describe('phoneSearchPrefixes', () => {
  it('turns every common way of writing an Australian number into its E.164 form', () => {
    for (const term of ['0412 345 678', '+61412345678', '412 345 678', '+61 412 345 678', '0412-345-678']) {
      expect(phoneSearchPrefixes(term), term).toContain('+61412345678');
    }
  });

  it('finds numbers by their beginning', () => {
    expect(phoneSearchPrefixes('0412 345')).toEqual(['+61412345']);
    expect(phoneSearchPrefixes('+254 711 2')).toEqual(['+2547112']);
    expect(phoneSearchPrefixes('254711222333')).toEqual(expect.arrayContaining(['+254711222333']));
  });

  it('leaves words, short numbers and mixed terms to the text search', () => {
    for (const term of ['smith', '0412', '+61 4', 'abc 412 345 678', 'john@example.com', '', '   ']) {
      expect(phoneSearchPrefixes(term), term).toEqual([]);
    }
  });

  it('yields only "+" and digits, safe in a LIKE pattern', () => {
    for (const term of ['(02) 9876 5432', '0011 61 412 345 678', '+1 (212) 555-0100', '0412.345.678']) {
      for (const prefix of phoneSearchPrefixes(term)) expect(prefix).toMatch(/^\+\d+$/);
    }
  });
});
