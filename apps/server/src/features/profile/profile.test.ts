import { and, count, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiClient, type JsonBody } from '../../../test/api-client.ts';
import { appForFile, mailText, TEST_PASSWORD } from '../../../test/build-test-app.ts';
import { auditLogs, sessions, users } from '../../db/schema/index.ts';
import { demoEmail } from '../../seed/demo-users.ts';

const t = appForFile();

const getProfile = (cookie: string) => apiClient(t.app, cookie).GET('/api/profile');
const patchProfile = (cookie: string, body: JsonBody<'/api/profile', 'patch'>) =>
  apiClient(t.app, cookie).PATCH('/api/profile', { body });
const changePassword = (cookie: string, currentPassword: string, newPassword: string, confirmPassword = newPassword) =>
  apiClient(t.app, cookie).POST('/api/profile/password', { body: { currentPassword, newPassword, confirmPassword } });
const signIn = (email: string, password: string) =>
  apiClient(t.app).POST('/api/auth/sign-in', { body: { email, password } });

async function userRow(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

async function auditCount(action: string, userId: string) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(auditLogs)
    .where(and(eq(auditLogs.action, action), eq(auditLogs.resourceId, userId)));
  return row?.n ?? 0;
}

describe('GET /api/profile', () => {
  it("returns the signed-in user's own profile without secrets", async () => {
    const cookie = await t.signIn('team_lead');
    const res = await getProfile(cookie);
    expect(res.response.status).toBe(200);
    const row = await userRow(demoEmail('team_lead'));
    expect(res.data).toEqual({
      id: row.id,
      email: 'team_lead@example.com',
      firstName: 'Daniel',
      lastName: 'Nguyen',
      phone: '+61 2 9000 0000',
      role: 'team_lead',
      status: 'active',
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      lastLoginAt: expect.any(String),
      mustChangePassword: false,
      version: 1,
    });
    expect(JSON.stringify(res.data)).not.toMatch(/passwordHash|scrypt/);
  });
});

describe('PATCH /api/profile', () => {
  it('updates name and phone with the current version, bumps the version and audits old and new values', async () => {
    const cookie = await t.signIn('member');
    const before = (await getProfile(cookie)).data!;

    const res = await patchProfile(cookie, {
      firstName: '  William ',
      lastName: 'Byrne',
      phone: '+61 412 345 678',
      version: before.version,
    });
    expect(res.response.status).toBe(200);
    expect(res.data).toMatchObject({
      firstName: 'William',
      lastName: 'Byrne',
      phone: '+61 412 345 678',
      email: 'member@example.com',
      version: before.version + 1,
    });

    const row = await userRow(demoEmail('member'));
    expect(row).toMatchObject({
      firstName: 'William',
      lastName: 'Byrne',
      phone: '+61 412 345 678',
      version: before.version + 1,
    });
    expect(row.updatedBy).toBe(row.id);
    expect(row.updatedAt.getTime()).toBeGreaterThan(new Date(before.updatedAt).getTime());

    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'UPDATE_PROFILE'), eq(auditLogs.resourceId, row.id)))
      .orderBy(desc(auditLogs.createdAt));
    expect(audit).toMatchObject({
      userId: row.id,
      resourceType: 'USER',
      oldValues: { firstName: 'Liam', lastName: "O'Connor", phone: '+61 2 9000 0000' },
      newValues: { firstName: 'William', lastName: 'Byrne', phone: '+61 412 345 678' },
    });

    // An emptied phone is stored as no phone.
    const cleared = await patchProfile(cookie, {
      firstName: 'William',
      lastName: 'Byrne',
      phone: '',
      version: before.version + 1,
    });
    expect(cleared.response.status).toBe(200);
    expect(cleared.data).toMatchObject({ phone: null, version: before.version + 2 });
  });

  it('answers a stale version with 409 and keeps the newer values', async () => {
    const cookie = await t.signIn('consultant');
    const { version } = (await getProfile(cookie)).data!;
    expect((await patchProfile(cookie, { firstName: 'First', lastName: 'Save', version })).response.status).toBe(200);

    const stale = await patchProfile(cookie, { firstName: 'Second', lastName: 'Save', version });
    expect(stale.response.status).toBe(409);
    expect(stale.error).toEqual({
      code: 'CONFLICT',
      message: 'This record was changed by someone else. Please reload it and try again.',
    });
    const row = await userRow(demoEmail('consultant'));
    expect(row).toMatchObject({ firstName: 'First', version: version + 1 });
    expect(await auditCount('UPDATE_PROFILE', row.id)).toBe(1);
  });

  it("refuses names shorter than 2 characters with the spec's messages and changes nothing", async () => {
    const cookie = await t.signIn('guest');
    const before = await userRow(demoEmail('guest'));
    const res = await patchProfile(cookie, { firstName: 'A', lastName: ' ', version: before.version });
    expect(res.response.status).toBe(400);
    expect(res.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: {
        firstName: ['First name must be at least 2 characters'],
        lastName: ['Last name must be at least 2 characters'],
      },
    });
    expect(res.error?.message).toContain('First name must be at least 2 characters');

    const badPhone = await patchProfile(cookie, {
      firstName: 'Grace',
      lastName: 'Kim',
      phone: 'call me',
      version: before.version,
    });
    expect(badPhone.response.status).toBe(400);
    expect(badPhone.error?.fieldErrors?.phone).toEqual(['Phone may contain only digits, spaces, +, - and parentheses']);

    // Raw: no version, which the document requires.
    const noVersion = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie },
      payload: { firstName: 'Grace', lastName: 'Kim' },
    });
    expect(noVersion.statusCode).toBe(400);
    expect(Object.keys(noVersion.json().fieldErrors)).toEqual(['version']);

    expect(await userRow(demoEmail('guest'))).toEqual(before);
    expect(await auditCount('UPDATE_PROFILE', before.id)).toBe(0);
  });
});

describe('POST /api/profile/password', () => {
  it('refuses a wrong current password', async () => {
    const cookie = await t.signIn('supervisor');
    const before = await userRow(demoEmail('supervisor'));
    const res = await changePassword(cookie, 'Not-My-Password-1!', 'Brand-New-Pass-42!');
    expect(res.response.status).toBe(400);
    expect(res.error).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Current password is incorrect',
      fieldErrors: { currentPassword: ['Current password is incorrect'] },
    });
    expect((await userRow(demoEmail('supervisor'))).passwordHash).toBe(before.passwordHash);
  });

  it('refuses a weak new password with the policy messages', async () => {
    const cookie = await t.signIn('supervisor');
    const short = await changePassword(cookie, TEST_PASSWORD, 'Ab1!');
    expect(short.response.status).toBe(400);
    expect(short.error?.fieldErrors?.newPassword).toEqual(['Password must be at least 8 characters']);

    const weak = await changePassword(cookie, TEST_PASSWORD, 'alllowercase');
    expect(weak.response.status).toBe(400);
    expect(weak.error?.fieldErrors?.newPassword).toEqual([
      'Password must contain at least one uppercase letter',
      'Password must contain at least one number',
      'Password must contain at least one special character',
    ]);
    expect(weak.error?.message).toBe(
      'Validation failed: Password must contain at least one uppercase letter; Password must contain at least one number; ' +
        'Password must contain at least one special character',
    );

    const long = await changePassword(cookie, TEST_PASSWORD, `Aa1!${'x'.repeat(125)}`);
    expect(long.response.status).toBe(400);
    expect(long.error?.fieldErrors?.newPassword).toEqual(['Password must be no more than 128 characters long']);

    const missingCurrent = await changePassword(cookie, '', 'Brand-New-Pass-42!');
    expect(missingCurrent.response.status).toBe(400);
    expect(missingCurrent.error?.fieldErrors?.currentPassword).toEqual(['Current password is required']);
  });

  it('refuses a confirmation that does not match with "Passwords don\'t match"', async () => {
    const cookie = await t.signIn('supervisor');
    const res = await changePassword(cookie, TEST_PASSWORD, 'Brand-New-Pass-42!', 'Brand-New-Pass-43!');
    expect(res.response.status).toBe(400);
    expect(res.error?.fieldErrors).toEqual({ confirmPassword: ["Passwords don't match"] });
    expect((await signIn(demoEmail('supervisor'), TEST_PASSWORD)).response.status).toBe(200);
  });

  it('sets the new password, ends the other sessions and keeps this one', async () => {
    const email = demoEmail('administrator');
    const otherDevice = await t.signIn('administrator');
    const thisDevice = await t.signIn('administrator');
    const admin = await userRow(email);

    const res = await changePassword(thisDevice, TEST_PASSWORD, 'Brand-New-Pass-42!');
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ ok: true, message: 'Password updated successfully' });

    expect((await getProfile(thisDevice)).response.status).toBe(200);
    expect((await getProfile(otherDevice)).response.status).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.id))).toHaveLength(1);

    expect((await signIn(email, TEST_PASSWORD)).response.status).toBe(401);
    expect((await signIn(email, 'Brand-New-Pass-42!')).response.status).toBe(200);

    const after = await userRow(email);
    expect(after.passwordHash).not.toBe(admin.passwordHash);
    expect(after.passwordHash).not.toContain('Brand-New-Pass-42!');
    expect(after.passwordChangedAt).not.toBeNull();
    expect(await auditCount('CHANGE_PASSWORD', admin.id)).toBe(1);
    const [audit] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'CHANGE_PASSWORD'), eq(auditLogs.resourceId, admin.id)));
    expect(JSON.stringify(audit)).not.toContain('Brand-New-Pass-42!');
  });
});

describe('POST /api/profile/password-reset-email', () => {
  it("mails a reset link to the signed-in user's own address", async () => {
    const cookie = await t.signIn('account_administrator');
    const email = demoEmail('account_administrator');
    const sent = (await t.mailsTo(email, 'Reset your Visa CRM password')).length;
    const res = await apiClient(t.app, cookie).POST('/api/profile/password-reset-email');
    expect(res.response.status).toBe(200);
    expect(res.data).toEqual({ ok: true, message: 'Password reset email sent! Check your inbox.' });
    const outbox = await t.mailsTo(email, 'Reset your Visa CRM password');
    expect(outbox).toHaveLength(sent + 1);
    const { headers, text } = mailText(outbox.at(-1)!.content);
    expect(headers).toMatch(/^To: account_administrator@example\.com$/m);
    expect(text).toMatch(/\/reset-password\?token=\S{20,}/);
  });
});

describe('PATCH /api/profile is partial (typed client)', () => {
  it('changes the one field sent; a stale version gets 409; an invalid one 400; null clears', async () => {
    const api = apiClient(t.app, await t.signIn('supervisor'));
    const email = demoEmail('supervisor');
    // Every column but the bookkeeping a save always writes (version, when, who).
    const stable = async () => {
      const { version: _v, updatedAt: _at, updatedBy: _by, ...rest } = await userRow(email);
      return rest;
    };
    const profile = await api.GET('/api/profile');
    const version = profile.data?.version ?? 0;
    const before = await stable();

    const saved = await api.PATCH('/api/profile', { body: { phone: '+61 412 345 678', version } });
    expect(saved.response.status).toBe(200);
    expect(await stable()).toEqual({ ...before, phone: '+61 412 345 678' });
    const [audit] = await t.database.db
      .select({ oldValues: auditLogs.oldValues, newValues: auditLogs.newValues })
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'UPDATE_PROFILE'), eq(auditLogs.resourceId, before.id)))
      .orderBy(desc(auditLogs.createdAt));
    expect(audit).toEqual({ oldValues: { phone: before.phone }, newValues: { phone: '+61 412 345 678' } });

    const stale = await api.PATCH('/api/profile', { body: { lastName: 'Other', version } });
    expect(stale.response.status).toBe(409);
    const invalid = await api.PATCH('/api/profile', { body: { firstName: 'A', version: version + 1 } });
    expect(invalid.response.status).toBe(400);
    expect(invalid.error?.fieldErrors).toEqual({ firstName: ['First name must be at least 2 characters'] });

    const cleared = await api.PATCH('/api/profile', { body: { phone: null, version: version + 1 } });
    expect(cleared.data?.phone).toBeNull();
    expect(cleared.data?.firstName).toBe(before.firstName);
  });
});
