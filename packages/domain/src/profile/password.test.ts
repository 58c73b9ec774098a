import { describe, expect, it } from 'vitest';
import { DEFAULT_SECURITY_SETTINGS } from '../settings/security-defaults.ts';
import { securitySettingsSchema } from '../settings/security-settings.ts';
import { ADMIN_SET_PASSWORD_MIN_LENGTH, adminPasswordErrors } from '../users/user-admin.ts';
import {
  DEFAULT_PASSWORD_POLICY,
  PASSWORD_MAX_LENGTH,
  passwordPolicyErrors,
  passwordPolicyFrom,
  passwordPolicyText,
  passwordScore,
  passwordStrength,
} from './password.ts';
import {
  passwordChangeSchema,
  passwordChangeSchemaFor,
  passwordResetSchema,
  passwordResetSchemaFor,
  profileUpdateSchema,
} from './profile.schema.ts';

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

  it('takes the minimum from the security settings', () => {
    const longer = passwordPolicyFrom({ ...DEFAULT_SECURITY_SETTINGS, passwordMinLength: 12 });
    expect(passwordPolicyErrors('Abcdef1!', longer)).toEqual(['Password must be at least 12 characters long']);
    expect(passwordPolicyErrors('Abcdefgh12!x', longer)).toEqual([]);
  });

  it('has all four classes on and a minimum of 8 when nothing was changed', () => {
    expect(DEFAULT_PASSWORD_POLICY).toEqual({
      passwordMinLength: 8,
      requireUppercase: true,
      requireLowercase: true,
      requireNumbers: true,
      requireSymbols: true,
    });
    expect(passwordPolicyFrom(DEFAULT_SECURITY_SETTINGS)).toEqual(DEFAULT_PASSWORD_POLICY);
  });

  it.each([
    ['requireUppercase', 'abcdef1!', 'Password must contain at least one uppercase letter'],
    ['requireLowercase', 'ABCDEF1!', 'Password must contain at least one lowercase letter'],
    ['requireNumbers', 'Abcdefg!', 'Password must contain at least one number'],
    ['requireSymbols', 'Abcdefg1', 'Password must contain at least one special character'],
  ] as const)(
    'with %s off, a password without that class is accepted; with it on, refused',
    (key, password, message) => {
      const off = passwordPolicyFrom({ ...DEFAULT_SECURITY_SETTINGS, [key]: false });
      expect(passwordPolicyErrors(password, DEFAULT_PASSWORD_POLICY)).toEqual([message]);
      expect(passwordPolicyErrors(password, off)).toEqual([]);
      // The other three classes still count.
      expect(passwordPolicyErrors('', off)).toEqual(ALL_POLICY_ERRORS.filter((m) => m !== message));
    },
  );

  it('with every switch off asks only for the length', () => {
    const lengthOnly = passwordPolicyFrom({
      ...DEFAULT_SECURITY_SETTINGS,
      requireUppercase: false,
      requireLowercase: false,
      requireNumbers: false,
      requireSymbols: false,
    });
    expect(passwordPolicyErrors('', lengthOnly)).toEqual(['Password must be at least 8 characters long']);
    expect(passwordPolicyErrors('aaaaaaaa', lengthOnly)).toEqual([]);
    expect(passwordPolicyErrors(`${'a'.repeat(PASSWORD_MAX_LENGTH + 1)}`, lengthOnly)).toEqual([
      'Password must be no more than 128 characters long',
    ]);
  });

  it('an administrator’s typed password needs 12, or the stored minimum if higher, and the switched-on classes', () => {
    expect(adminPasswordErrors('Abcdef1!')).toEqual(['Password must be at least 12 characters long']);
    expect(adminPasswordErrors('Abcdefghij1!')).toEqual([]);
    const noSymbols = passwordPolicyFrom({ ...DEFAULT_SECURITY_SETTINGS, requireSymbols: false });
    expect(adminPasswordErrors('Abcdefghijk1')).toEqual(['Password must contain at least one special character']);
    expect(adminPasswordErrors('Abcdefghijk1', noSymbols)).toEqual([]);
    const twenty = passwordPolicyFrom({ ...DEFAULT_SECURITY_SETTINGS, passwordMinLength: 20 });
    expect(adminPasswordErrors('Abcdefghij1!', twenty)).toEqual(['Password must be at least 20 characters long']);
  });

  it('describes the policy in words for the password fields', () => {
    expect(passwordPolicyText(DEFAULT_PASSWORD_POLICY)).toBe(
      'At least 8 characters with an uppercase letter, a lowercase letter, a number and a special character',
    );
    expect(passwordPolicyText(DEFAULT_PASSWORD_POLICY, ADMIN_SET_PASSWORD_MIN_LENGTH)).toMatch(/^At least 12 /);
    const some = passwordPolicyFrom({
      ...DEFAULT_SECURITY_SETTINGS,
      passwordMinLength: 10,
      requireUppercase: false,
      requireLowercase: false,
    });
    expect(passwordPolicyText(some)).toBe('At least 10 characters with a number and a special character');
    expect(passwordPolicyText({ ...some, requireNumbers: false })).toBe(
      'At least 10 characters with a special character',
    );
    expect(passwordPolicyText({ ...some, requireNumbers: false, requireSymbols: false })).toBe(
      'At least 10 characters',
    );
  });
});

describe('security settings bounds (spec 3 §5, decision 0032)', () => {
  const minLengthIssues = (passwordMinLength: unknown) =>
    (securitySettingsSchema.safeParse({ ...DEFAULT_SECURITY_SETTINGS, passwordMinLength }).error?.issues ?? []).map(
      (i) => i.message,
    );

  it('takes a minimum password length of 8 to 50', () => {
    expect(minLengthIssues(8)).toEqual([]);
    expect(minLengthIssues(50)).toEqual([]);
  });

  it.each([6, 7, 51, 8.5, '12'])('refuses %j in words that name the range', (value) => {
    expect(minLengthIssues(value)).toEqual(['Minimum password length must be between 8 and 50 characters']);
  });

  it('keeps the four switches as booleans', () => {
    expect(securitySettingsSchema.safeParse({ ...DEFAULT_SECURITY_SETTINGS, requireSymbols: 'no' }).success).toBe(
      false,
    );
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
    const passwordChangeSchema = passwordChangeSchemaFor(DEFAULT_PASSWORD_POLICY);
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
    const noSymbols = passwordResetSchemaFor({ ...DEFAULT_PASSWORD_POLICY, requireSymbols: false });
    expect(issues(noSymbols.safeParse({ token, newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' }))).toEqual([]);
    expect(
      issues(
        passwordResetSchemaFor(DEFAULT_PASSWORD_POLICY).safeParse({
          token,
          newPassword: 'Abcdefg1',
          confirmPassword: 'Abcdefg1',
        }),
      ),
    ).toEqual([['newPassword', 'Password must contain at least one special character']]);
    expect(issues(passwordResetSchema.safeParse({ token, newPassword: 'Abcdef1!', confirmPassword: 'nope' }))).toEqual([
      ['confirmPassword', "Passwords don't match"],
    ]);
    expect(
      issues(passwordResetSchema.safeParse({ token: 'short', newPassword: 'Abcdef1!', confirmPassword: 'Abcdef1!' })),
    ).toEqual([['token', 'This reset link is invalid or has expired.']]);
  });

  it('leaves the stored policy to the server in the API bodies: only the form rule of 8 to 128 and the match', () => {
    const body = { currentPassword: 'x', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' };
    expect(passwordChangeSchema.safeParse(body).success).toBe(true);
    expect(issues(passwordChangeSchema.safeParse({ ...body, newPassword: 'abc', confirmPassword: 'abc' }))).toEqual([
      ['newPassword', 'Password must be at least 8 characters'],
    ]);
    const long = 'a'.repeat(PASSWORD_MAX_LENGTH + 1);
    const longIssues = issues(passwordChangeSchema.safeParse({ ...body, newPassword: long, confirmPassword: long }));
    expect(longIssues.filter(([path]) => path === 'newPassword')).toEqual([
      ['newPassword', 'Password must be no more than 128 characters long'],
    ]);
    const token = 'x'.repeat(43);
    expect(passwordResetSchema.safeParse({ token, newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }).success).toBe(
      true,
    );
  });
});
