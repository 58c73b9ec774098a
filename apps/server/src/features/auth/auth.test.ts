import { and, count, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MODULE_ACCESS, type Role, SIGN_IN_MESSAGES } from '@crm/domain';
import { apiClient } from '../../../test/api-client.ts';
import { appForFile, buildTestApp, mailText, sessionCookieOf, TEST_PASSWORD } from '../../../test/build-test-app.ts';
import { auditLogs, passwordResetTokens, sessions, users } from '../../db/schema/index.ts';
import { demoEmail } from '../../seed/demo-users.ts';

const t = appForFile();

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  apiClient(t.app).POST('/api/auth/sign-in', { body: { email, password }, headers });
/** Raw, for what the typed answer does not parse: the cookie's attributes, a proxy's header. */
const rawSignIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password }, headers });
/** The cookies an answer set. */
const setCookies = (res: { response: Response }) => res.response.headers.getSetCookie();

const session = (cookie?: string) => apiClient(t.app, cookie).GET('/api/auth/session');

async function userOf(role: Role) {
  const [row] = await t.database.db
    .select()
    .from(users)
    .where(eq(users.email, demoEmail(role)));
  if (!row) throw new Error(`no demo user for ${role}`);
  return row;
}

const auditRows = (userId: string, action: string) =>
  t.database.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.resourceId, userId), eq(auditLogs.action, action)))
    .orderBy(desc(auditLogs.createdAt));

async function tableCounts() {
  const [a] = await t.database.db.select({ n: count() }).from(auditLogs);
  const [s] = await t.database.db.select({ n: count() }).from(sessions);
  return { audit: a?.n, sessions: s?.n };
}

describe('sign-in', () => {
  it('sets an httpOnly, SameSite=Lax session cookie that is not Secure over plain http', async () => {
    const res = await rawSignIn(demoEmail('supervisor'), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user: { email: 'supervisor@example.com', role: 'supervisor', status: 'active', firstName: 'Priya' },
      moduleAccess: { guest: [...DEFAULT_MODULE_ACCESS.guest] },
    });
    const [cookie] = res.cookies;
    expect(cookie).toMatchObject({ name: 'crm_session', path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.secure).toBeUndefined();
    expect(String(res.headers['set-cookie'])).not.toMatch(/;\s*Secure/i);
    expect(cookie?.value.length).toBeGreaterThanOrEqual(40);
    expect(cookie?.expires?.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);

    // The cookie is the session: it opens /api/auth/session, and the database keeps only its hash.
    const me = await session(sessionCookieOf(res.cookies));
    expect(me.response.status).toBe(200);
    expect(me.data?.user.email).toBe('supervisor@example.com');
    const supervisor = await userOf('supervisor');
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, supervisor.id));
    expect(rows.map((r) => r.id)).not.toContain(cookie?.value);
    expect(supervisor.lastLoginAt).not.toBeNull();
  });

  it('marks the cookie Secure when the request came over https through a proxy named in TRUST_PROXY', async () => {
    const behindProxy = await buildTestApp({ trustProxy: '127.0.0.1' });
    try {
      const res = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: demoEmail('supervisor'), password: TEST_PASSWORD },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies[0]).toMatchObject({ name: 'crm_session', httpOnly: true, sameSite: 'Lax', secure: true });
    } finally {
      await behindProxy.close();
    }
  });

  it('believes no X-Forwarded-Proto when no proxy is trusted (the default)', async () => {
    const res = await rawSignIn(demoEmail('supervisor'), TEST_PASSWORD, { 'x-forwarded-proto': 'https' });
    expect(res.statusCode).toBe(200);
    expect(res.cookies[0]?.secure).toBeUndefined();
  });

  it('accepts the email in any case and with surrounding spaces', async () => {
    const res = await signIn('  SUPERVISOR@Example.com ', TEST_PASSWORD);
    expect(res.response.status).toBe(200);
  });

  it('refuses a wrong password or an unknown email with the same 401 message and no cookie', async () => {
    const wrong = await signIn(demoEmail('team_lead'), 'Not-The-Password-1!');
    expect(wrong.response.status).toBe(401);
    expect(wrong.error).toEqual({ code: 'UNAUTHENTICATED', message: 'Invalid email or password.' });
    expect(setCookies(wrong)).toHaveLength(0);

    const unknown = await signIn('nobody@example.com', TEST_PASSWORD);
    expect(unknown.response.status).toBe(401);
    expect(unknown.error).toEqual({ code: 'UNAUTHENTICATED', message: 'Invalid email or password.' });
  });

  it('writes a SIGN_IN audit row on success and SIGN_IN_FAILED rows without the password on failure', async () => {
    const member = await userOf('member');
    const signInsBefore = (await auditRows(member.id, 'SIGN_IN')).length;

    expect((await signIn(demoEmail('member'), 'Wrong-Password-9?')).response.status).toBe(401);
    expect((await signIn(demoEmail('member'), TEST_PASSWORD, { 'user-agent': 'audit-test' })).response.status).toBe(
      200,
    );

    const signIns = await auditRows(member.id, 'SIGN_IN');
    expect(signIns).toHaveLength(signInsBefore + 1);
    const [ok] = signIns;
    expect(ok).toMatchObject({
      userId: member.id,
      resourceType: 'USER',
      resourceId: member.id,
      newValues: { email: 'member@example.com' },
      userAgent: 'audit-test',
    });
    expect(ok?.ipAddress).toBeTruthy();

    const [failed] = await auditRows(member.id, 'SIGN_IN_FAILED');
    expect(failed).toMatchObject({
      userId: member.id,
      resourceType: 'USER',
      newValues: { email: 'member@example.com', reason: 'wrong password' },
    });
    expect(JSON.stringify(failed)).not.toContain('Wrong-Password-9?');

    await signIn('stranger@example.com', 'Whatever-1!');
    const [unknown] = await t.database.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'SIGN_IN_FAILED'))
      .orderBy(desc(auditLogs.createdAt))
      .limit(1);
    expect(unknown).toMatchObject({
      userId: null,
      resourceId: null,
      newValues: { email: 'stranger@example.com', reason: 'unknown email' },
    });
  });

  it('locks the account after 5 failures for 30 minutes, refusing even the right password', async () => {
    const email = demoEmail('consultant');
    for (let attempt = 1; attempt <= 4; attempt++) {
      const res = await signIn(email, `Wrong-Password-${attempt}!`);
      expect(res.response.status, `attempt ${attempt}`).toBe(401);
    }
    const fifth = await signIn(email, 'Wrong-Password-5!');
    expect(fifth.response.status).toBe(429);
    expect(fifth.error?.code).toBe('LOCKED');
    expect(fifth.error?.message).toMatch(/locked/i);
    expect(fifth.error?.message).toBe(SIGN_IN_MESSAGES.locked(30));

    const right = await signIn(email, TEST_PASSWORD);
    expect(right.response.status).toBe(429);
    expect(right.error?.message).toMatch(/locked/i);
    expect(setCookies(right)).toHaveLength(0);

    const consultant = await userOf('consultant');
    const lockedForMs = (consultant.lockedUntil?.getTime() ?? 0) - Date.now();
    expect(lockedForMs).toBeGreaterThan(29 * 60_000);
    expect(lockedForMs).toBeLessThanOrEqual(30 * 60_000);
    expect(
      (await auditRows(consultant.id, 'SIGN_IN_FAILED')).map((r) => (r.newValues as { reason: string }).reason),
    ).toContain('locked');

    // Once the lock has run out, the right password works again and the counter starts afresh.
    await t.database.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, consultant.id));
    expect((await signIn(email, TEST_PASSWORD)).response.status).toBe(200);
    expect(await userOf('consultant')).toMatchObject({ lockedUntil: null, failedLoginCount: 0 });
  });

  it('refuses a suspended user, and their open session stops working', async () => {
    const cookie = await t.signIn('guest');
    expect((await session(cookie)).response.status).toBe(200);
    await t.database.db
      .update(users)
      .set({ status: 'suspended' })
      .where(eq(users.email, demoEmail('guest')));
    try {
      const res = await signIn(demoEmail('guest'), TEST_PASSWORD);
      expect(res.response.status).toBe(403);
      expect(res.error).toEqual({ code: 'FORBIDDEN', message: SIGN_IN_MESSAGES.suspended });
      expect(setCookies(res)).toHaveLength(0);
      expect((await session(cookie)).response.status).toBe(401);
    } finally {
      await t.database.db
        .update(users)
        .set({ status: 'active' })
        .where(eq(users.email, demoEmail('guest')));
    }
  });

  it('answers bad input with 400 and the field messages, writing nothing', async () => {
    const before = await tableCounts();
    const res = await signIn('not-an-email', '');
    expect(res.response.status).toBe(400);
    expect(res.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: { email: ['Invalid email format'], password: ['Password is required'] },
    });
    // Raw: no email and no password, which the document requires.
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().fieldErrors).sort()).toEqual(['email', 'password']);
    expect(await tableCounts()).toEqual(before);
  });
});

describe('session and sign-out', () => {
  it('answers 401 on /api/auth/session without a cookie or with an unknown one', async () => {
    const none = await session();
    expect(none.response.status).toBe(401);
    expect(none.error).toMatchObject({ code: 'UNAUTHENTICATED', message: 'Authentication required' });
    expect((await session('crm_session=not-a-real-token')).response.status).toBe(401);
  });

  it('ends the session on sign-out: cookie cleared, row deleted, the old cookie refused', async () => {
    const cookie = await t.signIn('administrator');
    const other = await t.signIn('administrator');
    const administrator = await userOf('administrator');
    const sessionsOf = () => t.database.db.select().from(sessions).where(eq(sessions.userId, administrator.id));
    const before = (await sessionsOf()).length;
    // Raw: the cleared cookie's attributes are read.
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const cleared = res.cookies.find((c) => c.name === 'crm_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());

    expect((await session(cookie)).response.status).toBe(401);
    // Only this session ends: the same user's other device stays signed in.
    expect((await session(other)).response.status).toBe(200);
    expect(await sessionsOf()).toHaveLength(before - 1);
    expect(await auditRows(administrator.id, 'SIGN_OUT')).toHaveLength(1);
  });
});

describe('password reset by link', () => {
  const requestReset = (email: string) =>
    apiClient(t.app).POST('/api/auth/password-reset/request', { body: { email } });
  const confirm = (token: string, newPassword: string, confirmPassword = newPassword) =>
    apiClient(t.app).POST('/api/auth/password-reset/confirm', { body: { token, newPassword, confirmPassword } });

  it('mails a one-time link whose token sets the new password once', async () => {
    const email = demoEmail('account_administrator');
    const openSession = await t.signIn('account_administrator');
    const sent = (await t.mailsTo(email, 'Reset your Visa CRM password')).length;

    const res = await requestReset(email);
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ ok: true, message: 'Password reset email sent! Check your inbox.' });

    const outbox = await t.mailsTo(email, 'Reset your Visa CRM password');
    expect(outbox).toHaveLength(sent + 1);
    const { headers, text } = mailText(outbox.at(-1)!.content);
    expect(headers).toMatch(/^To: account_administrator@example\.com$/m);
    expect(headers).toMatch(/^Subject: Reset your Visa CRM password$/m);
    const link = text.match(/https?:\/\/\S+\/reset-password\?token=(\S+)/);
    expect(link, text).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    // The database keeps only a hash of the token.
    const account = await userOf('account_administrator');
    const tokens = await t.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, account.id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.id).not.toBe(token);

    const mismatch = await confirm(token, 'Brand-New-Pass-42!', 'Something-Else-42!');
    expect(mismatch.response.status).toBe(400);
    expect(mismatch.error?.fieldErrors).toEqual({ confirmPassword: ["Passwords don't match"] });

    const weak = await confirm(token, 'weakpassword');
    expect(weak.response.status).toBe(400);
    expect(weak.error?.fieldErrors?.newPassword).toEqual([
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);

    const first = await confirm(token, 'Brand-New-Pass-42!');
    expect(first.response.status).toBe(200);
    expect(first.data).toEqual({ ok: true, message: 'Password updated successfully' });

    const second = await confirm(token, 'Another-New-Pass-43!');
    expect(second.response.status).toBe(400);
    expect(second.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'This reset link is invalid or has expired.',
    });

    expect((await signIn(email, 'Brand-New-Pass-42!')).response.status).toBe(200);
    expect((await signIn(email, 'Another-New-Pass-43!')).response.status).toBe(401);
    expect((await signIn(email, TEST_PASSWORD)).response.status).toBe(401);
    // Sessions opened with the old password are ended.
    expect((await session(openSession)).response.status).toBe(401);
    expect(await auditRows(account.id, 'RESET_PASSWORD')).toHaveLength(1);
    expect(await auditRows(account.id, 'REQUEST_PASSWORD_RESET')).toHaveLength(1);
  });

  it('refuses an expired link', async () => {
    const sent = (await t.mailsTo(demoEmail('team_lead'), 'Reset your Visa CRM password')).length;
    expect((await requestReset(demoEmail('team_lead'))).response.status).toBe(200);
    const outbox = await t.mailsTo(demoEmail('team_lead'), 'Reset your Visa CRM password');
    expect(outbox).toHaveLength(sent + 1);
    const token = decodeURIComponent(mailText(outbox.at(-1)!.content).text.match(/token=(\S+)/)![1]!);
    const teamLead = await userOf('team_lead');
    await t.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, teamLead.id));
    const res = await confirm(token, 'Brand-New-Pass-42!');
    expect(res.response.status).toBe(400);
    expect(res.error?.message).toBe('This reset link is invalid or has expired.');
    expect((await signIn(demoEmail('team_lead'), TEST_PASSWORD)).response.status).toBe(200);
  });

  it('answers an unknown email with the same 200 and sends nothing', async () => {
    const tokenCount = async () => (await t.database.db.select({ n: count() }).from(passwordResetTokens))[0]?.n;
    const tokensBefore = await tokenCount();
    const res = await requestReset('nobody@example.com');
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ ok: true, message: 'Password reset email sent! Check your inbox.' });
    expect(await t.mailsTo('nobody@example.com')).toHaveLength(0);
    expect(await tokenCount()).toBe(tokensBefore);
  });

  it('refuses a malformed request with 400', async () => {
    const res = await requestReset('not-an-email');
    expect(res.response.status).toBe(400);
    expect(res.error?.fieldErrors).toEqual({ email: ['Invalid email address'] });
  });
});

describe('sign-in and session through the typed client', () => {
  it('signs in, reads the session with the cookie it set, and refuses the session signed out', async () => {
    const signedIn = await apiClient(t.app).POST('/api/auth/sign-in', {
      body: { email: demoEmail('supervisor'), password: TEST_PASSWORD },
    });
    expect(signedIn.response.status).toBe(200);
    expect(signedIn.data?.user.role).toBe('supervisor');
    const cookie = signedIn.response.headers.get('set-cookie')?.split(';')[0];
    const current = await apiClient(t.app, cookie).GET('/api/auth/session');
    expect(current.data?.user.email).toBe(demoEmail('supervisor'));
    expect(current.data?.moduleAccess.supervisor).toEqual(expect.arrayContaining(['leads']));
    const signedOut = await apiClient(t.app).GET('/api/auth/session');
    expect(signedOut.response.status).toBe(401);
    expect(signedOut.error?.code).toBe('UNAUTHENTICATED');
  });
});
