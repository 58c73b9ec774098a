// Issue 28: the stored SMTP password stays only with the server and username it was entered for, and the
// test email's outcomes are the fixed ones.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INTEGRATION_SETTINGS,
  EMAIL_TEST_OUTCOMES,
  emailTestResult,
  emailTestResultSchema,
  smtpPasswordStays,
} from './integrations.ts';

const saved = {
  ...DEFAULT_INTEGRATION_SETTINGS.email,
  host: 'smtp.example.com',
  port: 587,
  security: 'starttls' as const,
  username: 'office@firm.example',
};

describe('the stored SMTP password', () => {
  it('stays when nothing it belongs to changes (a host in other case is the same host)', () => {
    const newSender = { ...saved, fromAddress: 'desk@firm.example' };
    expect(smtpPasswordStays(saved, newSender)).toBe(true);
    expect(smtpPasswordStays(saved, { ...saved, host: 'SMTP.Example.com' })).toBe(true);
  });

  it('goes when the host, port, security or username changes', () => {
    expect(smtpPasswordStays(saved, { ...saved, host: 'smtp.attacker.example' })).toBe(false);
    expect(smtpPasswordStays(saved, { ...saved, port: 2525 })).toBe(false);
    expect(smtpPasswordStays(saved, { ...saved, security: 'none' })).toBe(false);
    expect(smtpPasswordStays(saved, { ...saved, username: 'someone@firm.example' })).toBe(false);
  });
});

describe('the test email result', () => {
  it('is one of the fixed outcomes in fixed words; only a delivery is delivered', () => {
    for (const outcome of EMAIL_TEST_OUTCOMES) {
      const result = emailTestResult(outcome);
      expect(emailTestResultSchema.parse(result)).toEqual(result);
      expect(result.delivered).toBe(outcome === 'authenticated' || outcome === 'connected');
    }
  });
});
