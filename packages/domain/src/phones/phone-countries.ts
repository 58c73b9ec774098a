// The phone input's countries and how a stored number splits into country and national number and back.
import parsePhoneNumberFromString, {
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
} from 'libphonenumber-js/min';
import { DIAL_CODES, sanitizePhoneNumber } from '../reference/countries.ts';
import { DEFAULT_PHONE_COUNTRY } from './phone-numbers.ts';

export type PhoneCountry = { iso: string; dialCode: string; name: string };

/** English region names from the runtime (Node and every current browser carry them). */
function regionNames(): (iso: string) => string {
  try {
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
    return (iso) => names.of(iso) ?? iso;
  } catch {
    return (iso) => iso;
  }
}

let countries: readonly PhoneCountry[] | undefined;

/**
 * Every country libphonenumber knows (about 245): Australia first (the default), then the spec's common
 * ones in its order (§2.7's 26, Philippines third), then the rest by name. Built on first use.
 */
export function phoneCountries(): readonly PhoneCountry[] {
  if (countries) return countries;
  const nameOf = regionNames();
  const common = new Map<string, string>(DIAL_CODES.map((d) => [d.iso, d.country]));
  const all = getCountries().map((iso) => ({
    iso,
    dialCode: `+${getCountryCallingCode(iso)}`,
    name: common.get(iso) ?? nameOf(iso),
  }));
  const rank = (iso: string) => {
    const index = DIAL_CODES.findIndex((d) => d.iso === iso);
    return index === -1 ? DIAL_CODES.length : index;
  };
  countries = all.sort((a, b) => rank(a.iso) - rank(b.iso) || a.name.localeCompare(b.name, 'en'));
  return countries;
}

let byDialCode: Map<string, string[]> | undefined;

/** Dial code digits ('61') → the countries sharing it, in the list's order (AU before CX and CC). */
function countriesByDialCode(): Map<string, string[]> {
  if (byDialCode) return byDialCode;
  byDialCode = new Map();
  for (const c of phoneCountries()) {
    const digits = c.dialCode.slice(1);
    byDialCode.set(digits, [...(byDialCode.get(digits) ?? []), c.iso]);
  }
  return byDialCode;
}

export function dialCodeOf(iso: string): string {
  return phoneCountries().find((c) => c.iso === iso)?.dialCode ?? `+${getCountryCallingCode(DEFAULT_PHONE_COUNTRY)}`;
}

/**
 * Splits a stored number into its country and the number after the dial code, as typed:
 * '+254 711 222 333' → KE and '711 222 333'. The chosen country stays while it fits (+1 is the US's and
 * Canada's, +61 Australia's and Christmas Island's); otherwise the number's own country, else the first
 * country with that code. Dial codes are prefix-free (ITU E.164), so at most one of the first one to
 * three digits is a code. A number without '+' is a national one of the chosen country.
 */
export function splitPhoneNumber(
  value: string,
  preferredIso: string = DEFAULT_PHONE_COUNTRY,
): { iso: string; number: string } {
  const text = value.trim();
  const match = /^\+\s*(\d+)/.exec(text);
  const run = match?.[1] ?? '';
  for (let length = 1; length <= Math.min(3, run.length); length++) {
    const code = run.slice(0, length);
    const sharing = countriesByDialCode().get(code);
    if (!sharing) continue;
    const codeEnd = (match?.[0].length ?? 0) - run.length + length;
    const number = sanitizePhoneNumber(text.slice(codeEnd)).trimStart();
    const own = parsePhoneNumberFromString(text)?.country;
    const iso = sharing.includes(preferredIso)
      ? preferredIso
      : own && sharing.includes(own)
        ? own
        : (sharing[0] ?? preferredIso);
    return { iso, number };
  }
  return { iso: preferredIso, number: sanitizePhoneNumber(text) };
}

/**
 * The stored form of a country and the number typed after it. A valid number is written in international
 * format, so a trunk 0 typed out of habit goes ('0412 345 678' with AU → '+61 412 345 678'; decision 0005);
 * a number not (yet) valid keeps what was typed after its dial code ('+61 0412 34'). Empty without a number.
 */
export function joinPhoneNumber(iso: string, number: string): string {
  const text = number.trim();
  if (!text) return '';
  const dialCode = dialCodeOf(iso);
  const parsed = isSupportedCountry(iso)
    ? parsePhoneNumberFromString(text, { defaultCountry: iso, extract: false })
    : undefined;
  if (parsed?.isValid() && `+${parsed.countryCallingCode}` === dialCode) return parsed.formatInternational();
  return `${dialCode} ${number}`;
}
