// Administration → User Management through the typed client: adding users directly and by invitation,
// the temporary password that must be changed, roles, suspension ending sessions, resets, deletion with
// the records handed over, bulk actions, the export, and every refusal of spec 3 §6 and the
// last-account-administrator rule.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Role, USER_ADMIN_MESSAGES } from '@crm/domain';
import { apiClient } from '../../../test/api-client.ts';
import { appForFile, TEST_PASSWORD } from '../../../test/build-test-app.ts';
import { leads, users } from '../../db/schema/index.ts';
import { demoEmail } from '../../seed/demo-users.ts';

const t = appForFile();

const as = async (role: Role) => apiClient(t.app, await t.signIn(role));
let counter = 0;
const newEmail = () => `new.user.${++counter}.${Date.now()}@example.com`;

async function signInWith(email: string, password: string) {
  return apiClient(t.app).POST('/api/auth/sign-in', { body: { email, password } });
}
/** The session cookie a sign-in set, as a Cookie header value. */
const cookieOf = (res: { response: Response }) => String(res.response.headers.getSetCookie()[0]).split(';')[0]!;
/** The user's own password change, through their session. */
const changePassword = (cookie: string, currentPassword: string, newPassword: string) =>
  apiClient(t.app, cookie).POST('/api/profile/password', {
    body: { currentPassword, newPassword, confirmPassword: newPassword },
  });

async function createDirect(role: Role = 'consultant') {
  const admin = await as('account_administrator');
  const email = newEmail();
  const created = await admin.POST('/api/users', {
    body: { email, firstName: 'Nina', lastName: 'Park', role, invite: false },
  });
  expect(created.response.status).toBe(201);
  return { email, user: created.data!.user, temporaryPassword: created.data!.temporaryPassword! };
}

describe('adding users', () => {
  it('creates a user directly: the temporary password is shown once and must be changed at the first sign-in', async () => {
    const { email, user, temporaryPassword } = await createDirect();
    expect(user).toMatchObject({ email, role: 'consultant', status: 'active', mustChangePassword: true });
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);
    const stored = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(stored[0]!.passwordHash).not.toContain(temporaryPassword);

    const signIn = await signInWith(email, temporaryPassword);
    expect(signIn.response.status).toBe(200);
    expect(signIn.data?.user.mustChangePassword).toBe(true);
    const cookie = cookieOf(signIn);
    // Nothing but the user's own things answers until the password is changed.
    const leadsList = await apiClient(t.app, cookie).GET('/api/leads');
    expect(leadsList.response.status).toBe(403);
    expect(leadsList.error?.message).toBe('Please change your password to continue.');
    const change = await changePassword(cookie, temporaryPassword, 'Brand-New-Pass-9');
    expect(change.response.status, JSON.stringify(change.error)).toBe(200);
    const again = await signInWith(email, 'Brand-New-Pass-9');
    expect(again.data?.user.mustChangePassword).toBe(false);
    const allowed = await apiClient(t.app, cookieOf(again)).GET('/api/leads');
    expect(allowed.response.status).toBe(200);
  });

  it('invites a user by email: Pending until the link is used to choose a password', async () => {
    const admin = await as('account_administrator');
    const email = newEmail();
    const created = await admin.POST('/api/users', {
      body: { email, firstName: 'Ivy', lastName: 'Invited', role: 'member', invite: true },
    });
    expect(created.response.status).toBe(201);
    expect(created.data).toMatchObject({ temporaryPassword: null, user: { status: 'pending' } });
    const mails = await t.mailsTo(email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.content).toContain('You are invited to Visa CRM');
    const token = /reset-password\?token=3D([A-Za-z0-9_%-]+)|reset-password\?token=([A-Za-z0-9_%-]+)/.exec(
      mail.content.replace(/=\r?\n/g, ''),
    );
    const value = decodeURIComponent((token?.[1] ?? token?.[2])!);
    expect((await signInWith(email, 'Whatever-Pass-1')).response.status).toBeGreaterThanOrEqual(400);
    const reset = await apiClient(t.app).POST('/api/auth/password-reset/confirm', {
      body: { token: value, newPassword: 'Chosen-Pass-123', confirmPassword: 'Chosen-Pass-123' },
    });
    expect(reset.response.status, JSON.stringify(reset.error)).toBe(200);
    const signIn = await signInWith(email, 'Chosen-Pass-123');
    expect(signIn.response.status).toBe(200);
    expect(signIn.data?.user).toMatchObject({ status: 'active', mustChangePassword: false });
  });

  it('refuses a taken email and missing fields in the spec words, and anyone but an account administrator', async () => {
    const admin = await as('account_administrator');
    const taken = await admin.POST('/api/users', {
      body: { email: demoEmail('guest').toUpperCase(), firstName: 'A', lastName: 'B', role: 'guest', invite: false },
    });
    expect(taken.response.status).toBe(400);
    expect(taken.error?.fieldErrors?.email).toEqual([USER_ADMIN_MESSAGES.emailTaken]);
    const missing = await admin.POST('/api/users', {
      body: { email: newEmail(), firstName: ' ', lastName: 'B', role: 'guest', invite: false },
    });
    expect(missing.response.status).toBe(400);
    expect(missing.error?.fieldErrors?.firstName).toEqual([USER_ADMIN_MESSAGES.requiredFields]);

    const administrator = await as('administrator');
    const refused = await administrator.POST('/api/users', {
      body: { email: newEmail(), firstName: 'A', lastName: 'B', role: 'guest', invite: false },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.message).toBe(USER_ADMIN_MESSAGES.onlyAccountAdminsAdd);
    const exported = await administrator.GET('/api/users/export', { parseAs: 'text' });
    expect(exported.response.status).toBe(403);
    const supervisor = await as('supervisor');
    const list = await supervisor.GET('/api/users', { params: { query: {} } });
    expect(list.response.status).toBe(403);
  });
});

describe('the list, statistics and export', () => {
  it('searches by name and email, filters by role, counts the cards and exports CSV without formulas', async () => {
    const admin = await as('account_administrator');
    await admin.POST('/api/users', {
      body: { email: newEmail(), firstName: '=HYPERLINK("x")', lastName: 'Formula', role: 'guest', invite: false },
    });
    const searched = await admin.GET('/api/users', { params: { query: { search: 'formula' } } });
    expect(searched.data?.items.map((u) => u.lastName)).toEqual(['Formula']);
    const byRole = await admin.GET('/api/users', { params: { query: { role: ['supervisor'] } } });
    expect(byRole.data?.items.every((u) => u.role === 'supervisor')).toBe(true);
    const stats = await admin.GET('/api/users/statistics');
    expect(stats.data!.total).toBe(stats.data!.administrators + stats.data!.members);
    expect(stats.data!.total).toBeGreaterThanOrEqual(8);

    const csv = await admin.GET('/api/users/export', { parseAs: 'text' });
    expect(csv.response.status).toBe(200);
    expect(csv.response.headers.get('content-type')).toContain('text/csv');
    const text = csv.data!;
    const [header, ...lines] = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/);
    expect(header).toBe('Name,Email,Role,Status,Last Login');
    // The name is one cell, first name then last, with the formula guard on it.
    expect(text).toContain(`"'=HYPERLINK(""x"") Formula"`);
    expect(lines.length).toBe(stats.data!.total);
    // Administrators see the list (View Details is for all who open Administration).
    const administrator = await as('administrator');
    expect((await administrator.GET('/api/users', { params: { query: {} } })).response.status).toBe(200);
  });
});

describe('roles, suspension and the account administrators', () => {
  it('changes a role (account administrators only) and the user’s next request follows it', async () => {
    const { user, email, temporaryPassword } = await createDirect('guest');
    const admin = await as('account_administrator');
    const administrator = await as('administrator');
    const refused = await administrator.PATCH('/api/users/{id}', {
      params: { path: { id: user.id } },
      body: { role: 'member', version: user.version },
    });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.message).toBe(USER_ADMIN_MESSAGES.onlyAccountAdminsRole);
    // An administrator may edit names.
    const renamed = await administrator.PATCH('/api/users/{id}', {
      params: { path: { id: user.id } },
      body: { firstName: 'Renamed', version: user.version },
    });
    expect(renamed.data).toMatchObject({ firstName: 'Renamed', lastName: 'Park', role: 'guest' });
    const promoted = await admin.PATCH('/api/users/{id}', {
      params: { path: { id: user.id } },
      body: { role: 'supervisor', version: renamed.data!.version },
    });
    expect(promoted.data?.role).toBe('supervisor');
    const stale = await admin.PATCH('/api/users/{id}', {
      params: { path: { id: user.id } },
      body: { firstName: 'Stale', version: user.version },
    });
    expect(stale.response.status).toBe(409);
    void email;
    void temporaryPassword;
  });

  it('suspends a user: their session ends at once and they cannot sign in until activated', async () => {
    const { user, email, temporaryPassword } = await createDirect('member');
    const signIn = await signInWith(email, temporaryPassword);
    const cookie = cookieOf(signIn);
    const mine = apiClient(t.app, cookie);
    expect((await mine.GET('/api/auth/session')).response.status).toBe(200);
    const administrator = await as('administrator');
    const suspended = await administrator.POST('/api/users/{id}/suspend', { params: { path: { id: user.id } } });
    expect(suspended.data?.status).toBe('suspended');
    const session = await mine.GET('/api/profile');
    expect(session.response.status).toBe(401);
    expect((await signInWith(email, temporaryPassword)).response.status).toBe(403);
    const again = await administrator.POST('/api/users/{id}/suspend', { params: { path: { id: user.id } } });
    expect(again.response.status).toBe(409);
    const activated = await administrator.POST('/api/users/{id}/activate', { params: { path: { id: user.id } } });
    expect(activated.data?.status).toBe('active');
    expect((await signInWith(email, temporaryPassword)).response.status).toBe(200);
  });

  it('never lets an administrator change, suspend, reset or delete an account administrator', async () => {
    const admin = await as('account_administrator');
    const second = await createDirect('account_administrator');
    const administrator = await as('administrator');
    const id = second.user.id;
    for (const call of [
      administrator.PATCH('/api/users/{id}', { params: { path: { id } }, body: { firstName: 'X', version: 1 } }),
      administrator.POST('/api/users/{id}/suspend', { params: { path: { id } } }),
      administrator.POST('/api/users/{id}/reset-password', { params: { path: { id } }, body: { method: 'random' } }),
    ]) {
      const res = await call;
      expect(res.response.status).toBe(403);
      expect(res.error?.message).toBe(USER_ADMIN_MESSAGES.protectedAccountAdmin);
    }
    const deleted = await administrator.DELETE('/api/users/{id}', { params: { path: { id }, query: {} } });
    expect(deleted.response.status).toBe(403);
    expect(deleted.error?.message).toBe(USER_ADMIN_MESSAGES.onlyAccountAdminsDelete);
    // The account administrator may.
    const suspended = await admin.POST('/api/users/{id}/suspend', { params: { path: { id } } });
    expect(suspended.data?.status).toBe('suspended');
  });

  it('keeps one active account administrator, who cannot remove themselves', async () => {
    const admin = await as('account_administrator');
    const me = (await admin.GET('/api/profile')).data!;
    const others = (await admin.GET('/api/users', { params: { query: { role: ['account_administrator'] } } })).data!
      .items;
    // Every other active account administrator suspended: the demo one is the last.
    for (const other of others.filter((u) => u.id !== me.id && u.status === 'active')) {
      await admin.POST('/api/users/{id}/suspend', { params: { path: { id: other.id } } });
    }
    const demote = await admin.PATCH('/api/users/{id}', {
      params: { path: { id: me.id } },
      body: { role: 'administrator', version: me.version },
    });
    expect(demote.response.status).toBe(403);
    expect(demote.error?.message).toBe(USER_ADMIN_MESSAGES.notYourself);
    const suspendSelf = await admin.POST('/api/users/{id}/suspend', { params: { path: { id: me.id } } });
    expect(suspendSelf.response.status).toBe(403);
    const deleteSelf = await admin.DELETE('/api/users/{id}', { params: { path: { id: me.id }, query: {} } });
    expect(deleteSelf.response.status).toBe(403);

    // A second account administrator cannot take the last one away either.
    const second = await createDirect('account_administrator');
    const secondSignIn = await signInWith(second.email, second.temporaryPassword);
    const secondCookie = cookieOf(secondSignIn);
    await changePassword(secondCookie, second.temporaryPassword, 'Second-Admin-Pass-1');
    const asSecond = apiClient(t.app, cookieOf(await signInWith(second.email, 'Second-Admin-Pass-1')));
    const demoteFirst = await asSecond.PATCH('/api/users/{id}', {
      params: { path: { id: me.id } },
      body: { role: 'administrator', version: me.version },
    });
    expect(demoteFirst.response.status).toBe(200);
    // The demo user is an administrator now: it may not touch the remaining account administrator.
    const demoteLast = await admin.POST('/api/users/{id}/suspend', { params: { path: { id: second.user.id } } });
    expect(demoteLast.response.status).toBe(403);
    expect(demoteLast.error?.message).toBe(USER_ADMIN_MESSAGES.protectedAccountAdmin);
    // Restore the demo account administrator for the other tests (the second one promotes it back).
    const restored = await asSecond.PATCH('/api/users/{id}', {
      params: { path: { id: me.id } },
      body: { role: 'account_administrator', version: demoteFirst.data!.version },
    });
    expect(restored.response.status).toBe(200);
    const selfLast = await asSecond.DELETE('/api/users/{id}', { params: { path: { id: second.user.id }, query: {} } });
    expect(selfLast.response.status).toBe(403);
    // With the demo account administrator back, the second may be deleted by it.
    const gone = await (
      await as('account_administrator')
    ).DELETE('/api/users/{id}', {
      params: { path: { id: second.user.id }, query: {} },
    });
    expect(gone.response.status).toBe(200);
  });

  it('two account administrators demoting each other at once leave one of them', async () => {
    const first = await createDirect('account_administrator');
    const second = await createDirect('account_administrator');
    const signedIn = async (who: { email: string; temporaryPassword: string }) => {
      const cookie = cookieOf(await signInWith(who.email, who.temporaryPassword));
      const password = `${who.temporaryPassword}-Aa1`;
      await changePassword(cookie, who.temporaryPassword, password);
      return apiClient(t.app, cookieOf(await signInWith(who.email, password)));
    };
    const [asFirst, asSecond] = [await signedIn(first), await signedIn(second)];
    const demo = (await (await as('account_administrator')).GET('/api/profile')).data!;
    // Only these two are active account administrators while they race.
    expect((await asFirst.POST('/api/users/{id}/suspend', { params: { path: { id: demo.id } } })).response.status).toBe(
      200,
    );
    const versionOf = async (id: string) =>
      (await asFirst.GET('/api/users/{id}', { params: { path: { id } } })).data!.version;
    const [firstVersion, secondVersion] = [await versionOf(first.user.id), await versionOf(second.user.id)];
    const results = await Promise.all([
      asFirst.PATCH('/api/users/{id}', {
        params: { path: { id: second.user.id } },
        body: { role: 'member', version: secondVersion },
      }),
      asSecond.PATCH('/api/users/{id}', {
        params: { path: { id: first.user.id } },
        body: { role: 'member', version: firstVersion },
      }),
    ]);
    // The loser is refused by the rule (409) or, when the winner's change landed before its request was
    // authorised, as the member it has become (403).
    const statuses = results.map((r) => r.response.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const remaining = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'account_administrator'), eq(users.status, 'active')));
    expect(remaining).toHaveLength(1);
    const winner = remaining[0]!.id === first.user.id ? asFirst : asSecond;
    expect((await winner.POST('/api/users/{id}/activate', { params: { path: { id: demo.id } } })).response.status).toBe(
      200,
    );
  });
});

describe('password resets and deletion', () => {
  it('resets by a random password shown once, by a typed one that meets the rules, and is limited per user', async () => {
    const { user, email } = await createDirect('member');
    const administrator = await as('administrator');
    const random = await administrator.POST('/api/users/{id}/reset-password', {
      params: { path: { id: user.id } },
      body: { method: 'random' },
    });
    expect(random.data?.password?.length).toBe(16);
    const signIn = await signInWith(email, random.data!.password!);
    expect(signIn.data?.user.mustChangePassword).toBe(true);

    const weak = await administrator.POST('/api/users/{id}/reset-password', {
      params: { path: { id: user.id } },
      body: { method: 'manual', password: 'Short-1!', confirmPassword: 'Short-1!' },
    });
    expect(weak.response.status).toBe(400);
    expect(weak.error?.fieldErrors?.password).toContain('Password must be at least 12 characters long');
    const differ = await administrator.POST('/api/users/{id}/reset-password', {
      params: { path: { id: user.id } },
      body: { method: 'manual', password: 'Long-Enough-Pass-1', confirmPassword: 'Other-Pass-12345' },
    });
    expect(differ.error?.fieldErrors?.confirmPassword).toEqual([USER_ADMIN_MESSAGES.passwordsDiffer]);
    const manual = await administrator.POST('/api/users/{id}/reset-password', {
      params: { path: { id: user.id } },
      body: { method: 'manual', password: 'Long-Enough-Pass-1', confirmPassword: 'Long-Enough-Pass-1' },
    });
    expect(manual.data).toEqual({ method: 'manual', password: null, mail: null });
    expect((await signInWith(email, 'Long-Enough-Pass-1')).response.status).toBe(200);
    const byEmail = await administrator.POST('/api/users/{id}/reset-password', {
      params: { path: { id: user.id } },
      body: { method: 'email' },
    });
    expect(byEmail.response.status).toBe(200);
    // Five resets within 15 minutes, then the spec's refusal.
    let last = byEmail;
    for (let i = 0; i < 3; i++) {
      last = await administrator.POST('/api/users/{id}/reset-password', {
        params: { path: { id: user.id } },
        body: { method: 'email' },
      });
    }
    expect(last.response.status).toBe(429);
    expect(last.error?.message).toMatch(/^Too many password reset attempts\. Please wait \d+ minutes\.$/);
  });

  it('deletes a user softly, handing their leads to another user or leaving them Unassigned', async () => {
    const admin = await as('account_administrator');
    const leaving = await createDirect('consultant');
    const heir = await createDirect('consultant');
    const [lead] = await t.database.db
      .insert(leads)
      .values({
        firstName: 'Handed',
        lastName: 'Over',
        email: `handed.${Date.now()}@example.com`,
        contactNumber: '+61412000111',
        leadStatus: 'New Lead Received',
        managerUserId: leaving.user.id,
        assistantManagerUserId: leaving.user.id,
      } as typeof leads.$inferInsert)
      .returning();
    const badHeir = await admin.DELETE('/api/users/{id}', {
      params: { path: { id: leaving.user.id }, query: { reassignTo: leaving.user.id } },
    });
    expect(badHeir.response.status).toBe(400);
    const deleted = await admin.DELETE('/api/users/{id}', {
      params: { path: { id: leaving.user.id }, query: { reassignTo: heir.user.id } },
    });
    expect(deleted.response.status).toBe(200);
    const [moved] = await t.database.db.select().from(leads).where(eq(leads.id, lead!.id));
    expect(moved).toMatchObject({ managerUserId: heir.user.id, assistantManagerUserId: heir.user.id });
    const listed = await admin.GET('/api/users', { params: { query: { search: leaving.email } } });
    expect(listed.data?.items).toEqual([]);
    expect((await admin.GET('/api/users/{id}', { params: { path: { id: leaving.user.id } } })).response.status).toBe(
      404,
    );
    expect((await signInWith(leaving.email, leaving.temporaryPassword)).response.status).toBe(403);

    const unassigned = await admin.DELETE('/api/users/{id}', { params: { path: { id: heir.user.id }, query: {} } });
    expect(unassigned.response.status).toBe(200);
    const [left] = await t.database.db.select().from(leads).where(eq(leads.id, lead!.id));
    expect(left).toMatchObject({ managerUserId: null, assistantManagerUserId: null });
  });

  it('bulk-suspends and activates with counts, skipping what a rule refuses', async () => {
    const a = await createDirect('member');
    const b = await createDirect('member');
    const admin = await as('account_administrator');
    const me = (await admin.GET('/api/profile')).data!;
    const suspended = await admin.POST('/api/users/bulk', {
      body: { action: 'suspend', ids: [a.user.id, b.user.id, me.id] },
    });
    expect(suspended.data?.done).toBe(2);
    expect(suspended.data?.skipped).toEqual([{ id: me.id, reason: USER_ADMIN_MESSAGES.notYourself }]);
    const activated = await admin.POST('/api/users/bulk', {
      body: { action: 'activate', ids: [a.user.id, b.user.id] },
    });
    expect(activated.data).toEqual({ done: 2, skipped: [] });
    const administrator = await as('administrator');
    const bulkDelete = await administrator.POST('/api/users/bulk', { body: { action: 'delete', ids: [a.user.id] } });
    expect(bulkDelete.response.status).toBe(403);
    void TEST_PASSWORD;
  });
});
