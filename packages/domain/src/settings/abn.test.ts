import { describe, expect, it } from 'vitest';
import { DEFAULT_GENERAL_SETTINGS, formatAbn, generalSettingsSchema, isValidAbn } from './security-settings.ts';

describe('the ABN check', () => {
  it('accepts the ATO example ABN and refuses a changed digit or a wrong length', () => {
    expect(isValidAbn('51 824 753 556')).toBe(true);
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('51824753557')).toBe(false);
    expect(isValidAbn('5182475355')).toBe(false);
    expect(isValidAbn('5182475355a')).toBe(false);
    expect(formatAbn('51824753556')).toBe('51 824 753 556');
  });

  it('lets the general settings leave the ABN empty but not wrong', () => {
    expect(generalSettingsSchema.safeParse(DEFAULT_GENERAL_SETTINGS).success).toBe(true);
    const wrong = generalSettingsSchema.safeParse({ ...DEFAULT_GENERAL_SETTINGS, abn: '12 345 678 901' });
    expect(wrong.success).toBe(false);
  });
});
