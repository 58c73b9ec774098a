// Reset links cannot be pointed elsewhere by a forged Host; stored security settings take effect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, mailText, TEST_PASSWORD, type TestApp } from '../../../test/build-test-app.ts';
import { writeSetting } from '../../platform/settings/settings.repository.ts';
import { DEFAULT_SECURITY_SETTINGS } from '@crm/domain';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('password reset links', () => {
  it('a signed-out request with a forged Host still mails a link to our own address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      headers: { host: 'attacker.example' },
      payload: { email: 'guest@example.com' },
    });
    expect(res.statusCode).toBe(200);
    const { text } = mailText((await t.mailsTo('guest@example.com', 'Reset your')).at(-1)!.content);
    expect(text).toContain(`http://localhost:${t.app.config.port}/reset-password?token=`);
    expect(text).not.toContain('attacker.example');
  });
});

describe('stored security settings', () => {
  it('a raised minimum password length is enforced on password change', async () => {
    await writeSetting(t.app.db, 'security_settings', { ...DEFAULT_SECURITY_SETTINGS, passwordMinLength: 20 }, null);
    const cookie = await t.signIn('member');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/profile/password',
      headers: { cookie },
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Short-But-Ok-1!', confirmPassword: 'Short-But-Ok-1!' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.newPassword).toContain('Password must be at least 20 characters long');
    await writeSetting(t.app.db, 'security_settings', DEFAULT_SECURITY_SETTINGS, null);
  });

  it('a lower lockout threshold from the settings locks sooner', async () => {
    await writeSetting(t.app.db, 'security_settings', { ...DEFAULT_SECURITY_SETTINGS, maxLoginAttempts: 3 }, null);
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'team_lead@example.com', password: 'wrong' },
      });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    const third = await attempt();
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toMatch(/locked/);
    await writeSetting(t.app.db, 'security_settings', DEFAULT_SECURITY_SETTINGS, null);
  });
});
