import { describe, expect, it } from 'vitest';
import { dialCodeOf, joinPhoneNumber, phoneCountries, splitPhoneNumber } from './phone-countries.ts';

describe('phone countries', () => {
  it('offers every country libphonenumber knows, Australia first, the common ones next', () => {
    const list = phoneCountries();
    expect(list.length).toBeGreaterThan(240);
    expect(list[0]).toEqual({ iso: 'AU', dialCode: '+61', name: 'Australia' });
    expect(list.slice(0, 3).map((c) => c.iso)).toEqual(['AU', 'NZ', 'PH']);
    expect(list.find((c) => c.iso === 'KE')).toEqual({ iso: 'KE', dialCode: '+254', name: 'Kenya' });
    expect(new Set(list.map((c) => c.iso)).size).toBe(list.length);
    expect(dialCodeOf('KE')).toBe('+254');
  });

  it('splits a stored number of any country into country and national number', () => {
    expect(splitPhoneNumber('+254 711 222 333')).toEqual({ iso: 'KE', number: '711 222 333' });
    expect(splitPhoneNumber('+61 412 345 678')).toEqual({ iso: 'AU', number: '412 345 678' });
    expect(splitPhoneNumber('+61412345678')).toEqual({ iso: 'AU', number: '412345678' });
    expect(splitPhoneNumber('+977 1234 5678')).toEqual({ iso: 'NP', number: '1234 5678' });
    expect(splitPhoneNumber('+1 212 555 0100')).toEqual({ iso: 'US', number: '212 555 0100' });
    expect(splitPhoneNumber('+1 416 555 0100')).toEqual({ iso: 'CA', number: '416 555 0100' });
    expect(splitPhoneNumber('+7 912 345 67 89')).toEqual({ iso: 'RU', number: '912 345 67 89' });
    // A number without its dial code is a national number of the chosen country.
    expect(splitPhoneNumber('0412 345 678')).toEqual({ iso: 'AU', number: '0412 345 678' });
    expect(splitPhoneNumber('')).toEqual({ iso: 'AU', number: '' });
  });

  it('keeps the chosen country while the number fits it', () => {
    expect(splitPhoneNumber('+1 212 555 0100', 'CA')).toEqual({ iso: 'CA', number: '212 555 0100' });
    expect(splitPhoneNumber('+61 4', 'CX')).toEqual({ iso: 'CX', number: '4' });
    expect(splitPhoneNumber('+254 7', 'AU')).toEqual({ iso: 'KE', number: '7' });
  });

  it('joins country and number into the stored form, dropping the trunk 0, and round-trips', () => {
    expect(joinPhoneNumber('AU', '0412 345 678')).toBe('+61 412 345 678');
    expect(joinPhoneNumber('AU', '412345678')).toBe('+61 412 345 678');
    expect(joinPhoneNumber('PH', '0917 555 1234')).toBe('+63 917 555 1234');
    expect(joinPhoneNumber('KE', '711 222 333')).toBe('+254 711 222333');
    // Not (yet) a valid number: what was typed stays after the dial code, for the form to refuse.
    expect(joinPhoneNumber('AU', '0412 34')).toBe('+61 0412 34');
    expect(joinPhoneNumber('KE', '  ')).toBe('');
    for (const value of ['+254 711 222333', '+61 412 345 678', '+63 917 123 4567', '+44 20 7946 0958']) {
      const { iso, number } = splitPhoneNumber(value);
      expect(joinPhoneNumber(iso, number)).toBe(value);
    }
  });
});
