// Contact numbers: the one rule for reading, storing (international form), comparing, searching and showing
// them (issue 9, issue 26; decision 0005). libphonenumber's /min metadata: it runs in the browser too, and
// validity needs no more.
import parsePhoneNumberFromString, { type CountryCode, type PhoneNumber } from 'libphonenumber-js/min';

/** What a contact number must be; the forms and the server say it in these words (decision 0005). */
export const PHONE_MESSAGES = {
  invalid: 'Enter a valid phone number for the country chosen',
  countryRequired: 'Choose the country of the phone number',
} as const;

/** A number typed without '+' is read as Australian: the firm's own country (spec 1 §2.7: AU by default). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'AU';

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
 * of any country. The forms refuse such a number (PHONE_MESSAGES.invalid); older rows and numbers the
 * start-up back-fill could not read may still hold one, and are compared by their digits instead.
 */
export function phoneToE164(typed: string): string | null {
  return parseValid(typed)?.number ?? null;
}

/**
 * How a number is stored and shown: international format without the trunk 0 ('0412 345 678' →
 * '+61 412 345 678'), or as typed when it is not valid.
 */
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
 * Fewer digits than this are searched as text only: a shorter run ('41234') matches so many numbers that
 * the index would not narrow the search.
 */
export const PHONE_SEARCH_MIN_DIGITS = 6;

/**
 * What the contact_number_digits column holds, the phone search's haystack: the E.164 number's digits
 * without '+' ('61412345678') when the number is valid, so that its national significant number
 * ('412345678') and any run of its digits are substrings of it; otherwise the digits as typed (a number
 * that is not valid is still found by its digits). Empty when the text has none.
 */
export function contactNumberDigits(typed: string): string {
  return phoneToE164(typed)?.slice(1) ?? typed.replace(/\D/g, '');
}

/**
 * The runs of digits a phone-like search term stands for; a record matches when its contact_number_digits
 * contains one of them. So a number is found by its E.164 form ('+61412345678'), its national form with
 * or without the trunk 0 ('0412 345 678', '412345678', and '0917 555 1234' for +63 917 555 1234 whatever
 * the firm's country), and any run of at least six of its digits ('3470785' for +57 317 347 0785). Empty
 * when the term does not look like a phone number or has fewer than six digits. The runs hold digits only:
 * nothing to escape in a LIKE pattern.
 */
export function phoneSearchDigits(term: string): string[] {
  const text = term.trim();
  if (!PHONE_LIKE.test(text)) return [];
  const digits = text.replace(/\D/g, '');
  if (digits.length < PHONE_SEARCH_MIN_DIGITS) return [];
  const runs = new Set<string>([digits]);
  // A complete number written any way ('+61 (0)412 …', '0011 61 412 …') as its E.164 digits.
  const e164 = phoneToE164(text);
  if (e164) runs.add(e164.slice(1));
  if (!text.startsWith('+')) {
    // International dialling prefixes (from Australia, from most countries), else a trunk 0: the digits
    // after them are the number's. The trunk 0 counts among the six digits, so five may remain.
    const rest = digits.startsWith('0011')
      ? digits.slice(4)
      : digits.startsWith('00')
        ? digits.slice(2)
        : digits.startsWith('0')
          ? digits.slice(1)
          : '';
    if (rest.length >= PHONE_SEARCH_MIN_DIGITS - 1) runs.add(rest);
  }
  // A run holding another adds nothing to a substring search.
  const all = [...runs];
  return all.filter((run) => !all.some((other) => other !== run && run.includes(other)));
}
