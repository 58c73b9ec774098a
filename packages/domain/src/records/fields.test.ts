import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CLIENT_EXAMPLE, clientInputSchema, updateClientSchema } from '../clients/client.schema.ts';
import { createLeadSchema, LEAD_EXAMPLE, updateLeadSchema } from '../leads/lead.schema.ts';
import { listQueryBase } from './list-query.ts';
import { MAX_NUMBERED_PAGE } from './pagination.ts';
import {
  DATE_MESSAGES,
  dateProblem,
  firmBirthDateErrors,
  optionalDate,
  PG_INTEGER,
  optionalText,
  requiredBirthDate,
  requiredFieldsOf,
  versionField,
} from './fields.ts';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues.map((i) => i.message).join('; ');
};

describe('date bounds', () => {
  it('keeps document dates between 1900-01-01 and 2100-12-31', () => {
    const date = optionalDate();
    expect(messageOf(date, '1900-01-01')).toBeNull();
    expect(messageOf(date, '2100-12-31')).toBeNull();
    for (const value of ['0000-01-01', '1899-12-31', '2101-01-01', '9999-12-31']) {
      expect(messageOf(date, value), value).toBe(DATE_MESSAGES.outOfRange);
    }
    expect(DATE_MESSAGES.outOfRange).toBe('Date must be between 01 Jan 1900 and 31 Dec 2100');
  });

  it('keeps a birth date between 1900-01-01 and today', () => {
    const birth = requiredBirthDate('Date of birth is required');
    expect(messageOf(birth, '')).toBe('Date of birth is required');
    expect(messageOf(birth, '1994-02-30')).toBe('Invalid date format');
    expect(messageOf(birth, '1899-12-31')).toBe('Date of birth must be on or after 01 Jan 1900');
    expect(messageOf(birth, '0000-01-01')).toBe('Date of birth must be on or after 01 Jan 1900');
    expect(messageOf(birth, '9999-12-31')).toBe('Date of birth must be in the past');
    expect(dateProblem('2026-11-24', 'birth', '2026-11-23')).toBe('Date of birth must be in the past');
    expect(dateProblem('2026-11-23', 'birth', '2026-11-23')).toBeNull();
  });

  it('applies to leads and clients alike, spouse and dependents included', () => {
    const lead = { ...LEAD_EXAMPLE, dateOfBirth: '1800-01-01' };
    expect(messageOf(createLeadSchema, lead)).toBe('Date of birth must be on or after 01 Jan 1900');
    const paths = (value: unknown) =>
      (clientInputSchema.safeParse(value).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(paths({ ...CLIENT_EXAMPLE, spouseDateOfBirth: '9999-12-31' })).toEqual(['spouseDateOfBirth']);
    expect(paths({ ...CLIENT_EXAMPLE, passportExpiryDate: '0000-01-01' })).toEqual(['passportExpiryDate']);
    const dependent = { ...CLIENT_EXAMPLE.dependents[0], dateOfBirth: '3000-01-01', passportExpiryDate: '2200-01-01' };
    expect(paths({ ...CLIENT_EXAMPLE, dependents: [dependent] })).toEqual([
      'dependents.0.dateOfBirth',
      'dependents.0.passportExpiryDate',
    ]);
  });

  it("refuses birth dates after the firm's today, spouse and dependents included", () => {
    const today = '2026-03-06';
    expect(firmBirthDateErrors({ dateOfBirth: today }, today)).toEqual({});
    expect(
      firmBirthDateErrors(
        {
          dateOfBirth: '2026-03-07',
          spouseDateOfBirth: '1990-01-01',
          dependents: [{ dateOfBirth: '2020-01-01' }, { dateOfBirth: '2026-03-07' }, {}],
        },
        today,
      ),
    ).toEqual({ dateOfBirth: DATE_MESSAGES.birthInFuture, 'dependents.1.dateOfBirth': DATE_MESSAGES.birthInFuture });
    // A date that is today somewhere on earth passes the request schema; the firm's today decides.
    expect(messageOf(requiredBirthDate('Date of birth is required'), new Date().toISOString().slice(0, 10))).toBeNull();
  });

  it('says the format and the bounds in the JSON schema', () => {
    expect(z.toJSONSchema(optionalDate(), { io: 'input' })).toMatchObject({
      type: 'string',
      format: 'date',
      'x-formatMinimum': '1900-01-01',
      'x-formatMaximum': '2100-12-31',
    });
  });
});

describe('integer bounds', () => {
  it("refuses numbers outside PostgreSQL's integer range", () => {
    expect(messageOf(versionField(), PG_INTEGER.max)).toBeNull();
    expect(messageOf(versionField(), PG_INTEGER.max + 1)).not.toBeNull();
    expect(messageOf(versionField(), 1.5)).not.toBeNull();
    expect(messageOf(versionField(), 0)).not.toBeNull();
    expect(listQueryBase.safeParse({ page: '99999999999' }).success).toBe(false);
    // Deep pages are reached by cursor (pagination.ts): page numbers stop at MAX_NUMBERED_PAGE.
    expect(listQueryBase.safeParse({ page: String(MAX_NUMBERED_PAGE) }).success).toBe(true);
    expect(listQueryBase.safeParse({ page: String(MAX_NUMBERED_PAGE + 1) }).success).toBe(false);
    expect(listQueryBase.safeParse({ pageSize: '-1' }).success).toBe(false);
  });
});

describe('the examples the OpenAPI document shows', () => {
  it('are valid, so the bad-input test can change one field at a time', () => {
    expect(createLeadSchema.safeParse(LEAD_EXAMPLE).error?.issues).toBeUndefined();
    expect(updateLeadSchema.safeParse({ ...LEAD_EXAMPLE, version: 1 }).error?.issues).toBeUndefined();
    expect(clientInputSchema.safeParse(CLIENT_EXAMPLE).error?.issues).toBeUndefined();
    expect(updateClientSchema.safeParse({ ...CLIENT_EXAMPLE, version: 1 }).error?.issues).toBeUndefined();
  });

  it('refuse a dependent id over 64 characters', () => {
    const dependent = { ...CLIENT_EXAMPLE.dependents[0], id: 'x'.repeat(65) };
    expect(clientInputSchema.safeParse({ ...CLIENT_EXAMPLE, dependents: [dependent] }).success).toBe(false);
  });
});

describe('requiredFieldsOf', () => {
  it('names the fields a schema refuses empty; a default does not make a field optional in a form', () => {
    const schema = z.object({
      name: z.string().trim().min(1, 'Name is required'),
      nickname: optionalText(20),
      born: optionalDate(),
      kind: z.enum(['a', 'b']).default('a'),
    });
    expect([...requiredFieldsOf(schema)].sort()).toEqual(['kind', 'name']);
  });
});
