// Contact numbers as typed and as E.164: the one rule for normalising, comparing, searching and showing
// them (issue 9). libphonenumber's /min metadata: it runs in the browser too, and validity needs no more.
import parsePhoneNumberFromString, {
  type CountryCode,
  getCountryCallingCode,
  type PhoneNumber,
} from 'libphonenumber-js/min';

/** A number typed without '+' is read as Australian: the firm's own country (spec 1 §2.7: AU by default). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'AU';
const DEFAULT_DIAL_CODE = `+${getCountryCallingCode(DEFAULT_PHONE_COUNTRY)}`;

/**
 * The typed text as a valid phone number, or undefined. `extract: false` reads the whole text as one
 * number, so nothing but a phone number is ever taken for one.
 */
function parseValid(typed: string): PhoneNumber | undefined {
  const number = parsePhoneNumberFromString(typed.trim(), { defaultCountry: DEFAULT_PHONE_COUNTRY, extract: false });
  return number?.isValid() ? number : undefined;
}

/**
 * The number in E.164 ('0412 345 678' → '+61412345678'), or null when the text is not a valid number
 * of any country. Null is no error: the form accepts what the spec accepts (8-20 characters of digits,
 * spaces, hyphens and parentheses), and such numbers are compared by their digits instead.
 */
export function phoneToE164(typed: string): string | null {
  return parseValid(typed)?.number ?? null;
}

/** How a number is shown: international format ('+61 412 345 678'), or as typed when it is not valid. */
export function formatPhoneNumber(typed: string): string {
  return parseValid(typed)?.formatInternational() ?? typed.trim();
}

/**
 * What two contact numbers must share to be the same number (the duplicate check and its lock):
 * the E.164 number when the typed one is valid, otherwise its digits.
 */
export function contactNumberKey(typed: string): { e164: string | null; digits: string } {
  return { e164: phoneToE164(typed), digits: typed.replace(/\D/g, '') };
}

/** Digits, spaces, '+', hyphens, dots and parentheses only: a search term that may be a phone number. */
const PHONE_LIKE = /^\+?[\d\s\-().]+$/;

/**
 * Fewer digits than this are searched as text only: a shorter E.164 prefix ('+6141') matches so many
 * numbers that the index would not narrow the search.
 */
export const PHONE_SEARCH_MIN_DIGITS = 6;

/**
 * The E.164 prefixes a phone-like search term stands for, so that '0412 345 678', '+61412345678',
 * '412 345 678' and '+61 412 345 678' all find +61 412 345 678, and a number typed only in part finds
 * the numbers it begins. Empty when the term does not look like a phone number. A complete number
 * yields its E.164 form; a partial one: with '+', itself; with a leading 0, the Australian number
 * without its trunk 0; otherwise an Australian number without the 0, or an international one
 * without its '+' ('254 711 …').
 */
export function phoneSearchPrefixes(term: string): string[] {
  const text = term.trim();
  if (!PHONE_LIKE.test(text)) return [];
  const digits = text.replace(/\D/g, '');
  if (digits.length < PHONE_SEARCH_MIN_DIGITS) return [];
  const prefixes = new Set<string>();
  const e164 = phoneToE164(text);
  if (e164) prefixes.add(e164);
  if (text.startsWith('+')) {
    prefixes.add(`+${digits}`);
  } else if (digits.startsWith('0')) {
    // '00…' / '0011…' (international dialling from abroad or from Australia) parse when complete; a
    // partial one is left to the text search.
    if (!digits.startsWith('00')) prefixes.add(`${DEFAULT_DIAL_CODE}${digits.slice(1)}`);
  } else {
    prefixes.add(`${DEFAULT_DIAL_CODE}${digits}`);
    prefixes.add(`+${digits}`);
  }
  return [...prefixes];
}
