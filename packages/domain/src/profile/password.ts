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
 * The profile's policy (spec 2 §5): 8 to 128 characters with upper, lower, digit and special.
 * The stored security settings may raise the minimum; they never lower the profile's own rule.
 */
export function passwordPolicyFrom(settings: SecuritySettings = DEFAULT_SECURITY_SETTINGS): PasswordPolicy {
  return {
    passwordMinLength: Math.max(8, settings.passwordMinLength),
    requireUppercase: true,
    requireLowercase: true,
    requireNumbers: true,
    requireSymbols: true,
  };
}

export function passwordPolicyErrors(password: string, policy: PasswordPolicy = passwordPolicyFrom()): string[] {
  const errors: string[] = [];
  if (password.length < policy.passwordMinLength)
    errors.push(`Password must be at least ${policy.passwordMinLength} characters long`);
  if (password.length > PASSWORD_MAX_LENGTH)
    errors.push(`Password must be no more than ${PASSWORD_MAX_LENGTH} characters long`);
  if (policy.requireUppercase && !/[A-Z]/.test(password))
    errors.push('Password must contain at least one uppercase letter');
  if (policy.requireLowercase && !/[a-z]/.test(password))
    errors.push('Password must contain at least one lowercase letter');
  if (policy.requireNumbers && !/\d/.test(password)) errors.push('Password must contain at least one number');
  if (policy.requireSymbols && !/[^A-Za-z0-9]/.test(password))
    errors.push('Password must contain at least one special character');
  return errors;
}
