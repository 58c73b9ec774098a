// Field schemas shared by the lead and client forms.
import { z } from 'zod';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isValidIsoDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Empty strings and nulls become undefined (spec 1 §2.7: empty lead values are not stored). */
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const optionalText = (max: number) =>
  z.preprocess(emptyToUndefined, z.string().trim().max(max, `Must be ${max} characters or fewer`).optional());

export const requiredDate = (message: string) =>
  z.string({ error: message }).trim().min(1, message).refine(isValidIsoDate, 'Invalid date format');

export const optionalDate = () =>
  z.preprocess(emptyToUndefined, z.string().trim().refine(isValidIsoDate, 'Invalid date format').optional());

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
