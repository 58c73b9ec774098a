// The security settings' defaults (spec 3 §3), apart from their schema: the password rules every page
// with a password field checks (the sign-in page first) need these values, not the settings' validation.
import type { SecuritySettings } from './security-settings.ts';

export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = {
  passwordMinLength: 8,
  requireUppercase: true,
  requireLowercase: true,
  requireNumbers: true,
  // Spec 3 §3 says false, but spec 2 §5 demands a special character and the server always has: all four
  // classes stay on until an administrator turns one off (decision 0032).
  requireSymbols: true,
  sessionTimeoutHours: 24,
  maxLoginAttempts: 5,
  lockoutDurationMinutes: 30,
  twoFactorRequired: false,
  passwordExpiryDays: 90,
};
