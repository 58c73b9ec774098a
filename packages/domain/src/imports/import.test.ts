import { describe, expect, it } from 'vitest';
import {
  autoMapping,
  importCellValue,
  importDate,
  importMappingSchema,
  importQuerySchema,
  normaliseHeader,
} from './import.ts';

describe('autoMapping', () => {
  it('matches headers by label, key or a common other name, whatever their case and punctuation', () => {
    expect(
      autoMapping('leads', ['First name', 'SURNAME', 'e-mail', 'Mobile', 'date_of_birth', 'Notes', 'Lead Status']),
    ).toEqual(['firstName', 'lastName', 'email', 'contactNumber', 'dateOfBirth', null, 'leadStatus']);
  });

  it('fills a field from the first matching column only', () => {
    expect(autoMapping('clients', ['Email', 'Email address', 'Status'])).toEqual(['email', null, 'status']);
  });

  it("reads 'Status' as the lead status for leads and the client status for clients", () => {
    expect(autoMapping('leads', ['Status'])).toEqual(['leadStatus']);
    expect(autoMapping('clients', ['Status'])).toEqual(['status']);
  });

  it('normalises headers to letters and digits', () => {
    expect(normaliseHeader(' Date of Birth (DD/MM/YYYY) ')).toBe('dateofbirthddmmyyyy');
  });
});

describe('cell values', () => {
  it('reads dates as Australian spreadsheets hold them', () => {
    expect(importDate('2026-3-1')).toBe('2026-03-01');
    expect(importDate('1/3/2026')).toBe('2026-03-01');
    expect(importDate('01.03.2026')).toBe('2026-03-01');
    expect(importDate('01 Mar 2026')).toBe('2026-03-01');
    expect(importDate('1 March 2026')).toBe('2026-03-01');
    expect(importDate('March 1st')).toBe('March 1st');
  });

  it('gives a choice its listed spelling and leaves other text trimmed', () => {
    expect(importCellValue('nationality', ' india ')).toBe('India');
    expect(importCellValue('leadSource', 'WEBSITE')).toBe('Website');
    expect(importCellValue('leadSource', 'Carrier pigeon')).toBe('Carrier pigeon');
    expect(importCellValue('firstName', '  Amira ')).toBe('Amira');
    expect(importCellValue('visaExpiryDate', '30/06/2027')).toBe('2027-06-30');
  });
});

describe('request schemas', () => {
  it('refuses a field mapped twice or unknown', () => {
    expect(importMappingSchema('leads').safeParse(['email', null, 'firstName']).success).toBe(true);
    expect(importMappingSchema('leads').safeParse(['email', 'email']).error?.issues[0]?.message).toBe(
      'Email is mapped from more than one column.',
    );
    expect(importMappingSchema('leads').safeParse(['status']).success).toBe(false);
  });

  it('defaults to all or nothing, not a dry run', () => {
    expect(importQuerySchema.parse({})).toEqual({ mode: 'all_or_nothing', dryRun: false });
    expect(importQuerySchema.parse({ mode: 'skip_invalid', dryRun: 'true' })).toEqual({
      mode: 'skip_invalid',
      dryRun: true,
    });
  });
});
