// Password strength (spec 2 §4) and the password policy (spec 2 §5, spec 3 security settings).
import type { SecuritySettings } from '../settings/security-settings.ts';
import { DEFAULT_SECURITY_SETTINGS } from '../settings/security-defaults.ts';

export type PasswordStrength = 'weak' | 'fair' | 'good' | 'strong';

export const PASSWORD_MAX_LENGTH = 128;

export function passwordScore(password: string): number {
  let score = 0;
  if (password.length >= 8) score++;
  if (password.length >= 12) score++;
  if (password.length >= 16) score++;
  if (/[A-Z]/.test(password)) score++;
  if (/[a-z]/.test(password)) score++;
  if (/\d/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  return score;
}

export function passwordStrength(password: string): PasswordStrength {
  const score = passwordScore(password);
  if (score <= 2) return 'weak';
  if (score <= 4) return 'fair';
  if (score === 5) return 'good';
  return 'strong';
}

export type PasswordPolicy = Pick<
  SecuritySettings,
  'passwordMinLength' | 'requireUppercase' | 'requireLowercase' | 'requireNumbers' | 'requireSymbols'
>;

/**
 * The policy every password set must meet: the stored security settings' minimum (8 to 50, so never below
 * the profile form's 8) and the character classes whose switches are on (decision 0032).
 */
export function passwordPolicyFrom(settings: SecuritySettings = DEFAULT_SECURITY_SETTINGS): PasswordPolicy {
  return {
    passwordMinLength: settings.passwordMinLength,
    requireUppercase: settings.requireUppercase,
    requireLowercase: settings.requireLowercase,
    requireNumbers: settings.requireNumbers,
    requireSymbols: settings.requireSymbols,
  };
}

/** All four classes and a minimum of 8: spec 2 §5's rule, and what a firm that changed nothing has. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = passwordPolicyFrom();

const CLASSES = [
  { key: 'requireUppercase', test: /[A-Z]/, message: 'Password must contain at least one uppercase letter' },
  { key: 'requireLowercase', test: /[a-z]/, message: 'Password must contain at least one lowercase letter' },
  { key: 'requireNumbers', test: /\d/, message: 'Password must contain at least one number' },
  { key: 'requireSymbols', test: /[^A-Za-z0-9]/, message: 'Password must contain at least one special character' },
] as const;

/**
 * Every rule of `policy` the password breaks, in spec 2 §5's words. `minLength` raises the policy's minimum
 * where a way of setting a password asks for more (an administrator's typed password: 12).
 */
export function passwordPolicyErrors(
  password: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
  minLength: number = policy.passwordMinLength,
): string[] {
  const errors: string[] = [];
  const min = Math.max(minLength, policy.passwordMinLength);
  if (password.length < min) errors.push(`Password must be at least ${min} characters long`);
  if (password.length > PASSWORD_MAX_LENGTH)
    errors.push(`Password must be no more than ${PASSWORD_MAX_LENGTH} characters long`);
  for (const kind of CLASSES) if (policy[kind.key] && !kind.test.test(password)) errors.push(kind.message);
  return errors;
}

const CLASS_WORDS = {
  requireUppercase: 'an uppercase letter',
  requireLowercase: 'a lowercase letter',
  requireNumbers: 'a number',
  requireSymbols: 'a special character',
} as const;

/** The policy in a sentence for a field's description: 'At least 8 characters with a number and a special character'. */
export function passwordPolicyText(policy: PasswordPolicy, minLength: number = policy.passwordMinLength): string {
  const min = `At least ${Math.max(minLength, policy.passwordMinLength)} characters`;
  const kinds = CLASSES.filter((kind) => policy[kind.key]).map((kind) => CLASS_WORDS[kind.key]);
  if (kinds.length === 0) return min;
  const last = kinds.pop()!;
  return `${min} with ${kinds.length > 0 ? `${kinds.join(', ')} and ${last}` : last}`;
}
