// System Settings through the typed client (issue 15 item 1): the firm's display setting and the general
// settings, their bounds and refusals, maintenance mode signing non-administrators out at once, and debug
// mode reaching the server's log level through the change event.
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_DISPLAY_SETTING, DEFAULT_GENERAL_SETTINGS, SIGN_IN_MESSAGES } from '@crm/domain';
import { apiClient } from '../../../test/api-client.ts';
import { appForFile, TEST_PASSWORD, type TestApp } from '../../../test/build-test-app.ts';
import { recordJobRun } from '../../jobs/job-runs.ts';
import { demoEmail } from '../../seed/demo-users.ts';

const t = appForFile();

const as = async (role: Parameters<TestApp['signIn']>[0]) => apiClient(t.app, await t.signIn(role));

describe('the display setting', () => {
  it('is set by an account administrator within the offered zones and formats, read by everyone, audited', async () => {
    const owner = await as('account_administrator');
    const saved = await owner.PUT('/api/settings/display', {
      body: { timeZone: 'Asia/Manila', dateFormat: 'YYYY-MM-DD' },
    });
    expect(saved.data).toEqual({ timeZone: 'Asia/Manila', dateFormat: 'YYYY-MM-DD' });
    const guest = await as('guest');
    expect((await guest.GET('/api/settings/display')).data).toEqual(saved.data);

    const badZone = await owner.PUT('/api/settings/display', {
      body: { timeZone: 'Mars/Olympus', dateFormat: 'DD MMM YYYY' },
    });
    expect(badZone.response.status).toBe(400);
    expect(badZone.error?.fieldErrors?.timeZone).toEqual(['Unknown time zone']);
    const administrator = await as('administrator');
    const refused = await administrator.PUT('/api/settings/display', { body: DEFAULT_DISPLAY_SETTING });
    expect(refused.response.status).toBe(403);
    expect(refused.error?.message).toBe('Only account administrators can change system settings');

    const audit = await owner.GET('/api/audit-logs', { params: { query: { action: 'UPDATE_DISPLAY_SETTINGS' } } });
    expect(audit.data!.items[0]!.newValues).toEqual({ timeZone: 'Asia/Manila', dateFormat: 'YYYY-MM-DD' });
    await owner.PUT('/api/settings/display', { body: DEFAULT_DISPLAY_SETTING });
  });
});

describe('the general settings', () => {
  it('refuse an invalid ABN and email in their own words; administrators read them', async () => {
    const owner = await as('account_administrator');
    const bad = await owner.PUT('/api/settings/general', {
      body: { ...DEFAULT_GENERAL_SETTINGS, abn: '12 345 678 901', companyEmail: 'not-an-email' },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.fieldErrors?.abn).toEqual(['Enter a valid 11-digit ABN']);
    expect(bad.error?.fieldErrors?.companyEmail).toEqual(['Invalid email address']);
    const administrator = await as('administrator');
    expect((await administrator.GET('/api/settings/general')).data?.companyName).toBeDefined();
    expect((await (await as('supervisor')).GET('/api/settings/general')).response.status).toBe(403);
  });

  it('maintenance mode signs non-administrators out at once and lets only administrators sign in', async () => {
    const owner = await as('account_administrator');
    const consultantCookie = await t.signIn('consultant');
    const administratorCookie = await t.signIn('administrator');
    const current = (await owner.GET('/api/settings/general')).data!;
    const on = await owner.PUT('/api/settings/general', { body: { ...current, maintenanceMode: true } });
    expect(on.data?.maintenanceMode).toBe(true);

    const profile = async (cookie: string) => (await apiClient(t.app, cookie).GET('/api/profile')).response.status;
    expect(await profile(consultantCookie)).toBe(401);
    expect(await profile(administratorCookie)).toBe(200);
    const signIn = await apiClient(t.app).POST('/api/auth/sign-in', {
      body: { email: demoEmail('consultant'), password: TEST_PASSWORD },
    });
    expect(signIn.response.status).toBe(403);
    expect(signIn.error?.message).toBe(SIGN_IN_MESSAGES.maintenance);
    expect((await owner.GET('/api/profile')).response.status).toBe(200);

    await owner.PUT('/api/settings/general', { body: { ...current, maintenanceMode: false } });
    expect(await profile(await t.signIn('consultant'))).toBe(200);
  });

  it('debug mode sets the server’s log level, and back', async () => {
    const owner = await as('account_administrator');
    const current = (await owner.GET('/api/settings/general')).data!;
    // Off, the level is LOG_LEVEL's (the start-up reading of the setting put it there).
    expect(t.app.log.level).toBe(t.app.config.logLevel);
    await owner.PUT('/api/settings/general', { body: { ...current, debugMode: true } });
    // The level follows the change event (LISTEN/NOTIFY): wait for the outcome, as long as a loaded machine needs.
    await vi.waitFor(() => expect(t.app.log.level).toBe('debug'), { timeout: 60_000, interval: 50 });
    await owner.PUT('/api/settings/general', { body: { ...current, debugMode: false } });
    await vi.waitFor(() => expect(t.app.log.level).toBe(t.app.config.logLevel), { timeout: 60_000, interval: 50 });
  });
});

describe('the job status', () => {
  it('lists the scheduled jobs with their schedule, next run and last recorded run', async () => {
    const administrator = await as('administrator');
    const before = (await administrator.GET('/api/jobs')).data!;
    const reminders = before.find((job) => job.label === 'Daily task reminder mails')!;
    expect(reminders).toMatchObject({ schedule: 'Every day at 07:00', timeZone: 'Australia/Sydney' });
    const next = new Date(reminders.nextRunAt!).getTime();
    expect(next).toBeGreaterThan(Date.now());
    expect(next - Date.now()).toBeLessThanOrEqual(25 * 3600_000);

    const startedAt = new Date();
    await recordJobRun(t.database.db, {
      jobName: reminders.name,
      startedAt,
      finishedAt: new Date(startedAt.getTime() + 1200),
      outcome: 'succeeded',
      summary: '3 digests sent',
    });
    const after = (await administrator.GET('/api/jobs')).data!.find((job) => job.name === reminders.name)!;
    expect(after.lastRun).toMatchObject({ outcome: 'succeeded', summary: '3 digests sent' });
    expect((await (await as('supervisor')).GET('/api/jobs')).response.status).toBe(403);
  });
});
