import { describe, expect, it } from 'vitest';
import { DEFAULT_SECURITY_SETTINGS } from '../settings/security-defaults.ts';
import {
  PASSWORD_MAX_LENGTH,
  passwordPolicyErrors,
  passwordPolicyFrom,
  passwordScore,
  passwordStrength,
} from './password.ts';
import { passwordChangeSchema, passwordResetSchema, profileUpdateSchema } from './profile.schema.ts';

const ALL_POLICY_ERRORS = [
  'Password must be at least 8 characters long',
  'Password must contain at least one uppercase letter',
  'Password must contain at least one lowercase letter',
  'Password must contain at least one number',
  'Password must contain at least one special character',
];

describe('password strength (spec 2 §4)', () => {
  it.each([
    ['', 0, 'weak'],
    ['abcdefg', 1, 'weak'], // lowercase only, 7 long
    ['abcdefgh', 2, 'weak'], // + length 8: 2 is still weak
    ['Abcdefgh', 3, 'fair'], // + uppercase: 3 is fair
    ['Abcdefg1', 4, 'fair'], // + digit: 4 is still fair
    ['Abcdef1!', 5, 'good'], // + special: 5 is good
    ['abcdefghijk', 2, 'weak'], // 11 long: no second length point
    ['abcdefghijkl', 3, 'fair'], // 12 long: second length point
    ['Abcdefghij1!', 6, 'strong'], // 12 long with all four kinds: above 5 is strong
    ['abcdefghijklmno', 3, 'fair'], // 15 long: no third length point
    ['abcdefghijklmnop', 4, 'fair'], // 16 long: third length point
    ['Abcdefghijklmn1!', 7, 'strong'], // the most a password can score
    ['ABCDEFGH12345678', 5, 'good'],
    ['pass word', 3, 'fair'], // a space counts as a special character
  ] as const)('%j scores %i (%s)', (password, score, strength) => {
    expect(passwordScore(password)).toBe(score);
    expect(passwordStrength(password)).toBe(strength);
  });
});

describe('password policy (spec 2 §5)', () => {
  it('accepts 8 to 128 characters with upper, lower, digit and special', () => {
    expect(passwordPolicyErrors('Abcdef1!')).toEqual([]);
    expect(passwordPolicyErrors(`Aa1!${'x'.repeat(PASSWORD_MAX_LENGTH - 4)}`)).toEqual([]);
  });

  it('lists every rule a password breaks, in the spec words', () => {
    expect(passwordPolicyErrors('')).toEqual(ALL_POLICY_ERRORS);
    expect(passwordPolicyErrors('Abcde1!')).toEqual(['Password must be at least 8 characters long']);
    expect(passwordPolicyErrors(`Aa1!${'x'.repeat(PASSWORD_MAX_LENGTH - 3)}`)).toEqual([
      'Password must be no more than 128 characters long',
    ]);
    expect(passwordPolicyErrors('abcdefgh')).toEqual([
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
    expect(passwordPolicyErrors('ABCDEFG1!')).toEqual(['Password must contain at least one lowercase letter']);
  });

  it('lets the security settings raise the minimum, never lower the profile rule', () => {
    const longer = passwordPolicyFrom({ ...DEFAULT_SECURITY_SETTINGS, passwordMinLength: 12 });
    expect(passwordPolicyErrors('Abcdef1!', longer)).toEqual(['Password must be at least 12 characters long']);
    expect(passwordPolicyErrors('Abcdefgh12!x', longer)).toEqual([]);

    const looser = passwordPolicyFrom({
      ...DEFAULT_SECURITY_SETTINGS,
      passwordMinLength: 6,
      requireUppercase: false,
      requireLowercase: false,
      requireNumbers: false,
      requireSymbols: false,
    });
    expect(passwordPolicyErrors('', looser)).toEqual(ALL_POLICY_ERRORS);
  });
});

describe('profile and password forms (spec 2 §5)', () => {
  const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

  it('needs first and last names of at least 2 characters; phone optional', () => {
    expect(issues(profileUpdateSchema.safeParse({ firstName: 'A', lastName: ' B ' }))).toEqual([
      ['firstName', 'First name must be at least 2 characters'],
      ['lastName', 'Last name must be at least 2 characters'],
    ]);
    expect(profileUpdateSchema.safeParse({ firstName: 'Al', lastName: 'Bo' }).success).toBe(true);
    expect(profileUpdateSchema.safeParse({ firstName: 'Al', lastName: 'Bo', phone: '' }).success).toBe(true);
  });

  it('checks the password change in the spec order: required, at least 8, policy, match', () => {
    expect(
      issues(
        passwordChangeSchema.safeParse({ currentPassword: '', newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' }),
      ),
    ).toEqual([['currentPassword', 'Current password is required']]);
    expect(
      issues(passwordChangeSchema.safeParse({ currentPassword: 'x', newPassword: 'Ab1!', confirmPassword: 'Ab1!' })),
    ).toEqual([['newPassword', 'Password must be at least 8 characters']]);
    expect(
      issues(
        passwordChangeSchema.safeParse({ currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }),
      ),
    ).toEqual([
      ['newPassword', 'Password must contain at least one uppercase letter'],
      ['newPassword', 'Password must contain at least one number'],
      ['newPassword', 'Password must contain at least one special character'],
    ]);
    expect(
      issues(
        passwordChangeSchema.safeParse({ currentPassword: 'x', newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1?' }),
      ),
    ).toEqual([['confirmPassword', "Passwords don't match"]]);
    expect(
      passwordChangeSchema.safeParse({ currentPassword: 'x', newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' })
        .success,
    ).toBe(true);
  });

  it('applies the same new-password rules to the reset form', () => {
    const token = 'x'.repeat(43);
    expect(issues(passwordResetSchema.safeParse({ token, newPassword: 'Abcdef1!', confirmPassword: 'nope' }))).toEqual([
      ['confirmPassword', "Passwords don't match"],
    ]);
    expect(
      issues(passwordResetSchema.safeParse({ token: 'short', newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' })),
    ).toEqual([['token', 'This reset link is invalid or has expired.']]);
  });
});
