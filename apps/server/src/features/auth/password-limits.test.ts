// Password attempts are counted before they are checked, in the database: parallel bursts lock an
// account exactly, a locked account never signs in, one client address cannot try many accounts, and
// the password change shares the same counters. Reset mails: per-address limits, one live link.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_MESSAGES, type Role, SIGN_IN_MESSAGES } from '@crm/domain';
import { apiClient } from '../../../test/api-client.ts';
import { buildTestApp, mailText, TEST_PASSWORD, type TestApp } from '../../../test/build-test-app.ts';
import { auditLogs, passwordResetTokens, users } from '../../db/schema/index.ts';
import { demoEmail } from '../../seed/demo-users.ts';

let t: TestApp;
beforeAll(async () => {
  // A generous address limit, so that the account tests below never meet it; its own test builds its own app.
  t = await buildTestApp({
    limits: {
      signInFailuresPerAddress: { count: 1000, windowMs: 15 * 60_000 },
      resetMailsPerEmail: { count: 3, windowMs: 60 * 60_000 },
      resetRequestsPerAddress: { count: 1000, windowMs: 60 * 60_000 },
    },
  });
});
afterAll(async () => t?.close());

const signIn = (app: TestApp, role: Role, password: string) =>
  apiClient(app.app).POST('/api/auth/sign-in', { body: { email: demoEmail(role), password } });
/** Raw: from a client address of the test's choosing, which the typed client does not send. */
const signInFrom = (app: TestApp, remoteAddress: string, email: string, password: string) =>
  app.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, remoteAddress });
/** The cookies an answer set. */
const setCookies = (res: { response: Response }) => res.response.headers.getSetCookie();

async function userRow(role: Role) {
  const [row] = await t.database.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail(role)));
  return row!;
}

/** How many wrong passwords were really checked (each writes one audit row saying so). */
async function verifiedWrongPasswords(role: Role): Promise<number> {
  const user = await userRow(role);
  const rows = await t.database.db
    .select({ newValues: auditLogs.newValues })
    .from(auditLogs)
    .where(and(eq(auditLogs.resourceId, user.id), eq(auditLogs.action, 'SIGN_IN_FAILED')));
  return rows.filter((r) => (r.newValues as { reason?: string }).reason === 'wrong password').length;
}

describe('account lockout under parallel attempts', () => {
  it('100 parallel wrong passwords verify at most 5, lock the account, and a correct one afterwards is refused', async () => {
    const answers = await Promise.all(Array.from({ length: 100 }, () => signIn(t, 'team_lead', 'Wrong-Password-9!')));
    expect(answers.every((a) => a.response.status === 401 || a.response.status === 429)).toBe(true);
    expect(answers.filter((a) => a.response.status === 429).length).toBeGreaterThanOrEqual(95);
    expect(await verifiedWrongPasswords('team_lead')).toBeLessThanOrEqual(5);

    const user = await userRow('team_lead');
    expect(user.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    const correct = await signIn(t, 'team_lead', TEST_PASSWORD);
    expect(correct.response.status).toBe(429);
    expect(correct.error?.message).toBe(SIGN_IN_MESSAGES.locked(30));
    expect(setCookies(correct)).toHaveLength(0);
  });

  it('once five wrong passwords are counted, a right one never signs in, however many run in parallel', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn(t, 'consultant', 'Wrong-Password-9!');
      expect(wrong.response.status).toBe(i < 4 ? 401 : 429);
    }
    const burst = await Promise.all([
      ...Array.from({ length: 20 }, () => signIn(t, 'consultant', 'Wrong-Password-9!')),
      ...Array.from({ length: 20 }, () => signIn(t, 'consultant', TEST_PASSWORD)),
    ]);
    expect(burst.map((a) => a.response.status)).toEqual(Array.from({ length: 40 }, () => 429));
    expect(burst.every((a) => setCookies(a).length === 0)).toBe(true);
  });

  it('a burst with the right password in it ends locked, having verified at most the allowed number', async () => {
    const burst = await Promise.all([
      ...Array.from({ length: 39 }, () => signIn(t, 'member', 'Wrong-Password-9!')),
      signIn(t, 'member', TEST_PASSWORD),
    ]);
    expect(burst.every((a) => [200, 401, 429].includes(a.response.status))).toBe(true);
    expect(await verifiedWrongPasswords('member')).toBeLessThanOrEqual(5);
    // More than five attempts were made: the account is locked whatever the timing, and stays so.
    expect((await userRow('member')).lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect((await signIn(t, 'member', TEST_PASSWORD)).response.status).toBe(429);
  });

  it('a lock that has run out lets the right password in and starts a fresh count', async () => {
    await t.database.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.email, demoEmail('member')));
    const res = await signIn(t, 'member', TEST_PASSWORD);
    expect(res.response.status).toBe(200);
    expect(await userRow('member')).toMatchObject({ failedLoginCount: 0, lockedUntil: null });
  });

  it('wrong current passwords on the password change count against the same lock', async () => {
    const supervisor = apiClient(t.app, await t.signIn('supervisor'));
    const change = (currentPassword: string) =>
      supervisor.POST('/api/profile/password', {
        body: { currentPassword, newPassword: 'Brand-New-Pass-42!', confirmPassword: 'Brand-New-Pass-42!' },
      });
    const answers = await Promise.all(Array.from({ length: 30 }, () => change('Wrong-Password-9!')));
    expect(answers.every((a) => a.response.status === 400 || a.response.status === 429)).toBe(true);
    expect(answers.filter((a) => a.response.status === 400).length).toBeLessThanOrEqual(5);
    const right = await change(TEST_PASSWORD);
    expect(right.response.status).toBe(429);
    // The password is unchanged, and the account cannot sign in until the lock ends.
    expect((await signIn(t, 'supervisor', TEST_PASSWORD)).response.status).toBe(429);
  });
});

describe('failures from one client address', () => {
  it('after the limit, any account from that address gets 429; other addresses and successes do not count', async () => {
    const limited = await buildTestApp({
      limits: {
        signInFailuresPerAddress: { count: 6, windowMs: 15 * 60_000 },
        resetMailsPerEmail: { count: 3, windowMs: 60 * 60_000 },
        resetRequestsPerAddress: { count: 1000, windowMs: 60 * 60_000 },
      },
    });
    try {
      const roles: Role[] = ['guest', 'member', 'consultant'];
      const from = (address: string, role: Role, password: string) =>
        signInFrom(limited, address, demoEmail(role), password);
      for (const role of roles) expect((await from('10.1.1.1', role, 'Wrong-Password-9!')).statusCode).toBe(401);
      // A successful sign-in takes its own attempt back.
      expect((await from('10.1.1.1', 'guest', TEST_PASSWORD)).statusCode).toBe(200);
      const unknown = await signInFrom(limited, '10.1.1.1', 'nobody@example.com', 'Wrong-Password-9!');
      expect(unknown.statusCode).toBe(401);
      for (const role of ['team_lead', 'supervisor'] as const)
        expect((await from('10.1.1.1', role, 'Wrong-Password-9!')).statusCode).toBe(401);

      const refused = await from('10.1.1.1', 'administrator', TEST_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: SIGN_IN_MESSAGES.tooManyFromAddress(15) });

      // Another address is not affected.
      expect((await from('10.2.2.2', 'administrator', TEST_PASSWORD)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('believes no X-Forwarded-For unless a proxy is trusted, so a header cannot dodge the limit', async () => {
    const limited = await buildTestApp({
      limits: {
        signInFailuresPerAddress: { count: 2, windowMs: 15 * 60_000 },
        resetMailsPerEmail: { count: 3, windowMs: 60 * 60_000 },
        resetRequestsPerAddress: { count: 1000, windowMs: 60 * 60_000 },
      },
    });
    try {
      // Raw: the X-Forwarded-For header is the point.
      const attempt = (n: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: `nobody${n}@example.com`, password: 'Wrong-Password-9!' },
          headers: { 'x-forwarded-for': `203.0.113.${n}` },
        });
      expect((await attempt(1)).statusCode).toBe(401);
      expect((await attempt(2)).statusCode).toBe(401);
      expect((await attempt(3)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('password reset', () => {
  const requestReset = (email: string) =>
    apiClient(t.app).POST('/api/auth/password-reset/request', { body: { email } });
  /** Raw: the answers' bytes and header names are compared. */
  const rawRequestReset = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email } });
  const confirm = (token: string, newPassword: string) =>
    apiClient(t.app).POST('/api/auth/password-reset/confirm', {
      body: { token, newPassword, confirmPassword: newPassword },
    });
  const tokenOf = (eml: string) => decodeURIComponent(mailText(eml).text.match(/token=(\S+)/)![1]!);

  it('using one link ends every other unused link of that user', async () => {
    const before = (await t.mailsTo(demoEmail('guest'), 'Reset your Visa CRM password')).length;
    expect((await requestReset(demoEmail('guest'))).response.status).toBe(200);
    expect((await requestReset(demoEmail('guest'))).response.status).toBe(200);
    const mails = (await t.mailsTo(demoEmail('guest'), 'Reset your Visa CRM password')).slice(before);
    expect(mails).toHaveLength(2);
    const [first, second] = mails.map((m) => tokenOf(m.content));
    expect((await confirm(second!, 'Second-Link-Pass-7!')).response.status).toBe(200);
    const stale = await confirm(first!, 'First-Link-Pass-7!');
    expect(stale.response.status).toBe(400);
    expect(stale.error?.message).toBe(PASSWORD_RESET_MESSAGES.invalidLink);
    const guest = await userRow('guest');
    const live = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(
        and(
          eq(passwordResetTokens.userId, guest.id),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      );
    expect(live).toHaveLength(0);
  });

  it('mails at most 3 links an hour to one address, with the same answer every time', async () => {
    const email = demoEmail('administrator');
    const before = (await t.mailsTo(email, 'Reset your Visa CRM password')).length;
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await requestReset(email));
    for (const answer of answers) {
      expect(answer.response.status).toBe(200);
      expect(answer.data).toEqual({ ok: true, message: PASSWORD_RESET_MESSAGES.sent });
    }
    const mails = (await t.mailsTo(email, 'Reset your Visa CRM password')).slice(before);
    expect(mails).toHaveLength(3);
  });

  it('answers a known address exactly as an unknown one; the mail is queued after the answer', async () => {
    const before = (await t.mailsTo(demoEmail('account_administrator'), 'Reset your Visa CRM password')).length;
    const known = await rawRequestReset(demoEmail('account_administrator'));
    const unknown = await rawRequestReset('nobody.at.all@example.com');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    // The token and its mail are written after the answer (AfterResponse), in one transaction.
    expect(await t.mailsTo(demoEmail('account_administrator'), 'Reset your Visa CRM password')).toHaveLength(
      before + 1,
    );
    expect(await t.mailsTo('nobody.at.all@example.com')).toHaveLength(0);
  });

  it('limits requests from one client address with the spec message', async () => {
    const limited = await buildTestApp({
      limits: {
        signInFailuresPerAddress: { count: 1000, windowMs: 15 * 60_000 },
        resetMailsPerEmail: { count: 3, windowMs: 60 * 60_000 },
        resetRequestsPerAddress: { count: 2, windowMs: 60 * 60_000 },
      },
    });
    try {
      const ask = (n: number) =>
        apiClient(limited.app).POST('/api/auth/password-reset/request', {
          body: { email: `someone${n}@example.com` },
        });
      expect((await ask(1)).response.status).toBe(200);
      expect((await ask(2)).response.status).toBe(200);
      const third = await ask(3);
      expect(third.response.status).toBe(429);
      expect(third.error).toEqual({ code: 'RATE_LIMITED', message: PASSWORD_RESET_MESSAGES.tooMany(60) });
    } finally {
      await limited.close();
    }
  });

  it('builds links from APP_URL only, whatever Host or X-Forwarded-Host the request names', async () => {
    const before = (await t.mailsTo(demoEmail('team_lead'), 'Reset your Visa CRM password')).length;
    // Raw: the Host and X-Forwarded-Host headers are the point.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/request',
      payload: { email: demoEmail('team_lead') },
      headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example' },
    });
    const mails = await t.mailsTo(demoEmail('team_lead'), 'Reset your Visa CRM password');
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1);
    const { text } = mailText(mail!.content);
    expect(text).toContain(`http://localhost:${t.app.config.port}/reset-password?token=`);
    expect(text).not.toContain('attacker.example');
  });
});
