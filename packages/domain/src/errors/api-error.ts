// The one JSON error shape of the API (DECISIONS.md §4).
import { z } from 'zod';

export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'LOCKED',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const apiErrorSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

export const GENERIC_MESSAGES = {
  validation: 'Please check all required fields and try again.',
  unauthenticated: 'Authentication required',
  notFound: 'Not found',
  conflict: 'This record was changed by someone else. Please reload it and try again.',
  /** Spec 1 §8, code 23505: a unique index caught what the duplicate checks could not (two saves at once). */
  duplicateRecord: 'Duplicate record detected. Please check the provided information.',
  internal: 'Something went wrong on the server. Please try again.',
} as const;

/** The plain success answer of an action that returns nothing else. */
export const okSchema = z.object({ ok: z.literal(true), message: z.string().optional() });
