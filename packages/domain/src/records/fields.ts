// Field schemas shared by the lead and client forms.
import { z } from 'zod';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * PostgreSQL's integer range. A number outside it must be refused here with a 400: the database would
 * refuse it too, but as an error (SQLSTATE 22003) after the request got that far.
 */
export const PG_INTEGER = { min: -2_147_483_648, max: 2_147_483_647 } as const;

/** The version a form read (optimistic locking): a positive integer column. */
export const versionField = () => z.number().int().min(1).max(PG_INTEGER.max);

/**
 * The dates a record may carry. PostgreSQL reads '0000-01-01' as an error and '9999-12-31' as a date, but
 * neither is a birth or a passport expiry anyone means; the bounds catch slips of the keyboard as well.
 */
export const DATE_BOUNDS = { earliest: '1900-01-01', latest: '2100-12-31' } as const;

export const DATE_MESSAGES = {
  invalid: 'Invalid date format',
  outOfRange: 'Date must be between 01 Jan 1900 and 31 Dec 2100',
  birthInFuture: 'Date of birth must be in the past',
  birthTooEarly: 'Date of birth must be on or after 01 Jan 1900',
} as const;

/** Today as YYYY-MM-DD (UTC), the latest date of birth. */
export const todayIsoDate = () => new Date().toISOString().slice(0, 10);

export function isValidIsoDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Empty strings and nulls become undefined (spec 1 §2.7: empty lead values are not stored). */
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const optionalText = (max: number) =>
  z.preprocess(emptyToUndefined, z.string().trim().max(max, `Must be ${max} characters or fewer`).optional());

type DateKind = 'document' | 'birth';

/** The message for a date of the kind, or null when it is a valid one. */
export function dateProblem(value: string, kind: DateKind, today = todayIsoDate()): string | null {
  if (!isValidIsoDate(value)) return DATE_MESSAGES.invalid;
  if (kind === 'birth') {
    if (value < DATE_BOUNDS.earliest) return DATE_MESSAGES.birthTooEarly;
    return value > today ? DATE_MESSAGES.birthInFuture : null;
  }
  return value < DATE_BOUNDS.earliest || value > DATE_BOUNDS.latest ? DATE_MESSAGES.outOfRange : null;
}

/** A YYYY-MM-DD string within the kind's bounds; the format and bounds are in the OpenAPI document too. */
const dateString = (base: z.ZodString, kind: DateKind) =>
  base
    .superRefine((value, ctx) => {
      // An empty value already has its 'required' message.
      const problem = value === '' ? null : dateProblem(value, kind);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    // A birth date is further bounded by today, which no static document can say.
    .meta({ format: 'date', formatMinimum: DATE_BOUNDS.earliest, formatMaximum: DATE_BOUNDS.latest });

export const requiredDate = (message: string, kind: DateKind = 'document') =>
  dateString(z.string({ error: message }).trim().min(1, message), kind);

export const optionalDate = (kind: DateKind = 'document') =>
  z.preprocess(emptyToUndefined, dateString(z.string().trim(), kind).optional());

/** A date of birth: 1900-01-01 up to today. */
export const requiredBirthDate = (message: string) => requiredDate(message, 'birth');
export const optionalBirthDate = () => optionalDate('birth');

/** A key the browser makes up for a list entry (a dependent's id): free text, but short. */
export const optionalKey = (max = 64) => z.string().max(max, `Must be ${max} characters or fewer`).optional();

export const optionalUuid = () => z.preprocess(emptyToUndefined, z.uuid('Invalid user').optional());

/** 2–50 characters, no digits (spec 1 §5.1 service-level checks). */
export const personName = (label: 'First name' | 'Last name', requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .refine(
      (v) => v.length >= 2 && v.length <= 50 && !/\d/.test(v),
      `${label} must be 2-50 characters and contain no numbers`,
    );

export const emailField = () =>
  z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Invalid email format')
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Invalid email format');

export const contactNumberField = () =>
  z
    .string({ error: 'Contact number is required' })
    .trim()
    .min(1, 'Contact number is required')
    .refine((v) => v.length >= 8 && v.length <= 20, 'Contact number must be 8-20 characters')
    .refine(
      (v) => /^\+?[0-9\s\-()]+$/.test(v),
      'Contact number may contain only digits, spaces, hyphens and parentheses',
    );

export const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

export const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(emptyToUndefined, z.enum(values).optional());
