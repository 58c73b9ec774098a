// Field schemas shared by the lead and client forms.
import { z } from 'zod';
import { latestDateOnEarth } from '../calendar/calendar.ts';

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

/** The message for a date of the kind, or null when it is a valid one; `today` bounds a birth date. */
export function dateProblem(value: string, kind: DateKind, today: string): string | null {
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
      // An empty value already has its 'required' message. The schema cannot know the firm's zone: it
      // refuses only birth dates no one has reached yet; firmBirthDateErrors applies the firm's today.
      const problem = value === '' ? null : dateProblem(value, kind, latestDateOnEarth(new Date()));
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    // A birth date is further bounded by today, which no static document can say. The bounds are
    // vendor extensions: OpenAPI 3.1 has no date bounds, and an unknown keyword fails its validation.
    .meta({ format: 'date', 'x-formatMinimum': DATE_BOUNDS.earliest, 'x-formatMaximum': DATE_BOUNDS.latest });

export const requiredDate = (message: string, kind: DateKind = 'document') =>
  dateString(z.string({ error: message }).trim().min(1, message), kind);

export const optionalDate = (kind: DateKind = 'document') =>
  z.preprocess(emptyToUndefined, dateString(z.string().trim(), kind).optional());

/** A date of birth: 1900-01-01 up to today. */
export const requiredBirthDate = (message: string) => requiredDate(message, 'birth');
export const optionalBirthDate = () => optionalDate('birth');

type WithBirthDates = {
  dateOfBirth?: string | null;
  spouseDateOfBirth?: string | null;
  dependents?: readonly { dateOfBirth?: string | null }[];
};

/**
 * The birth dates of a lead or client (spouse and dependents too) that lie after the firm's today, as
 * field errors keyed by path ('dependents.0.dateOfBirth'). The server refuses them, the forms show them.
 */
export function firmBirthDateErrors(values: WithBirthDates, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const check = (path: string, value: string | null | undefined) => {
    if (value && isValidIsoDate(value) && value > today) errors[path] = DATE_MESSAGES.birthInFuture;
  };
  check('dateOfBirth', values.dateOfBirth);
  check('spouseDateOfBirth', values.spouseDateOfBirth);
  values.dependents?.forEach((d, i) => check(`dependents.${i}.dateOfBirth`, d.dateOfBirth));
  return errors;
}

/** A key the browser makes up for a list entry (a dependent's id): free text, but short. */
export const optionalKey = (max = 64) => z.string().max(max, `Must be ${max} characters or fewer`).optional();

export const optionalUuid = () => z.preprocess(emptyToUndefined, z.uuid('Invalid user').optional());

/** A user the form must name: missing says `message`, anything but a uuid 'Invalid user'. */
export const requiredUuid = (message: string) =>
  z.preprocess(emptyToUndefined, z.uuid({ error: (issue) => (issue.input === undefined ? message : 'Invalid user') }));

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

export const requiredChoice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message });

export const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(emptyToUndefined, z.enum(values).optional());

/**
 * The fields of a form schema that must be filled: those it refuses empty (''), as an emptied input holds
 * them. The forms mark these with an asterisk, so the mark cannot drift from what the server refuses.
 */
export function requiredFieldsOf(schema: z.ZodObject): ReadonlySet<string> {
  return new Set(
    Object.entries(schema.shape)
      .filter(([, field]) => !field.safeParse('').success)
      .map(([key]) => key),
  );
}
