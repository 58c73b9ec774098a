// The lead and client forms' contact number. In a module of its own, apart from the other field schemas,
// so that libphonenumber's metadata loads only with the forms that check a number, not with every page
// that reads a date rule (the date field, the leads list).
import { z } from 'zod';
import { PHONE_MESSAGES, phoneToE164 } from './phone-numbers.ts';

export const contactNumberField = () =>
  z
    .string({ error: 'Contact number is required' })
    .trim()
    .min(1, 'Contact number is required')
    .refine((v) => v.length >= 8 && v.length <= 20, 'Contact number must be 8-20 characters')
    .refine(
      (v) => /^\+?[0-9\s\-()]+$/.test(v),
      'Contact number may contain only digits, spaces, hyphens and parentheses',
    )
    // A number of the country chosen (a number without '+' is Australian): what the spec's pattern lets
    // through but no country would dial is refused, in one message (decision 0005). Checked only once the
    // spec's own rules pass, so a field never shows two messages.
    .refine(
      (v) => !(v.length >= 8 && v.length <= 20 && /^\+?[0-9\s\-()]+$/.test(v)) || phoneToE164(v) !== null,
      PHONE_MESSAGES.invalid,
    );
