// The job runner on the real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), driven by pg-boss's
// TestClock: the daily reminder at 07:00 Sydney, catch-up after a restart, retries, the run record. The
// digest's one query is replaced here by the tasks each test names (its own test reads task_notes), so
// these tests are about when and how often mail goes out. Each test uses later days than the one before:
// pg-boss's cron pass refuses to run on a clock that goes back behind a pass it already made.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq, like, sql } from 'drizzle-orm';
import { DISPLAY_SETTING_KEY } from '@crm/domain';
import { CHANGE_CHANNEL } from '../db/database.ts';
import { mailMessages } from '../db/schema/index.ts';
import { writeSetting } from '../platform/settings/settings.repository.ts';
import { demoEmail } from '../seed/demo-users.ts';
import { fixtureForFile } from '../../test/record-fixtures.ts';
import {
  clearJobTables,
  digestsIn,
  jobServicesOf,
  nextRun,
  runUntilIdle,
  sydney,
  TestClock,
} from '../../test/job-helpers.ts';
import { JOB_SCHEMA } from './job-runner.ts';
import { jobRunsOf } from './job-runs.ts';
import { TASK_REMINDERS_JOB, taskRemindersJob } from '../features/tasks/task-reminders.job.ts';
import {
  type DigestRecipient,
  type DigestTask,
  openTasksForDigest,
} from '../features/tasks/task-reminders.repository.ts';

// The reminder's recipients are made up; its digest claim stays real.
vi.mock(import('../features/tasks/task-reminders.repository.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  openTasksForDigest: vi.fn(),
}));

const f = fixtureForFile();
beforeEach(async () => {
  await clearJobTables(f.t.database.db);
  vi.mocked(openTasksForDigest).mockResolvedValue([]);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await f.t.app.jobs.stop();
});

const jobs = () => f.t.app.jobs;
const scheduleZone = async (name: string) => {
  const { rows } = await db().execute<{ timezone: string }>(
    sql`select timezone from ${sql.identifier(JOB_SCHEMA)}.schedule where name = ${name}`,
  );
  return rows[0]?.timezone;
};
const db = () => f.t.database.db;
const digestsFor = async (date: string) => digestsIn(await f.t.outbox()).filter((d) => d.subject.includes(date));

const task = (dueDate: string, overrides: Partial<DigestTask> = {}): DigestTask => ({
  id: crypto.randomUUID(),
  taskName: 'Collect passport copies',
  dueDate,
  priority: 'medium',
  entityType: 'lead',
  entityName: 'Priya Patel',
  ...overrides,
});

/**
 * What the query answers on `day`: a consultant with an overdue and a due-today task, a member with one
 * due today whose name looks like markup. Any other day, nobody.
 */
function tasksDueOn(day: string, overdueDay: string) {
  const recipients: DigestRecipient[] = [
    {
      userId: f.idOf('consultant'),
      email: demoEmail('consultant'),
      firstName: 'Connie',
      tasks: [task(overdueDay, { taskName: 'Lodge the 485' }), task(day, { priority: 'high' })],
    },
    {
      userId: f.idOf('member'),
      email: demoEmail('member'),
      firstName: 'Max',
      tasks: [task(day, { taskName: '<img src=x onerror=alert(1)>Book the medical' })],
    },
  ];
  vi.mocked(openTasksForDigest).mockImplementation(async (_db, firmDate) => (firmDate === day ? recipients : []));
}

describe('the daily task reminder', () => {
  it('sends each assignee one digest at 07:00 Sydney time, not before, and records the run', async () => {
    tasksDueOn('2026-11-24', '2026-11-20');
    const clock = new TestClock(sydney('2026-11-24T06:55'));
    await jobs().start({ clock });
    await runUntilIdle(clock, [jobs()]);
    expect(await digestsFor('24 Nov 2026')).toEqual([]);

    const run = nextRun(jobs(), TASK_REMINDERS_JOB);
    await clock.tick(5 * 60_000); // through 07:00
    const recorded = await run;
    expect(recorded).toMatchObject({ outcome: 'succeeded', runFor: '2026-11-24', attempt: 0, error: null });
    expect(recorded.summary).toBe('2 reminders queued for 2026-11-24');
    expect(recorded.startedAt.getTime()).toBeGreaterThanOrEqual(sydney('2026-11-24T07:00').getTime());

    // More passes of the schedule the same morning send nothing more.
    await clock.tick(10 * 60_000);
    await runUntilIdle(clock, [jobs()]);
    const digests = await digestsFor('24 Nov 2026');
    expect(digests.map((d) => d.to).sort()).toEqual([demoEmail('consultant'), demoEmail('member')]);

    const consultant = digests.find((d) => d.to === demoEmail('consultant'))!;
    expect(consultant.subject).toBe('Your tasks for 24 Nov 2026: 1 overdue, 1 due today');
    expect(consultant.text).toContain('Overdue (1)\n- Lodge the 485 (lead Priya Patel), due 20 Nov 2026\n');
    expect(consultant.text).toContain(
      'Due today (1)\n- Collect passport copies (lead Priya Patel), due 24 Nov 2026 [high priority]\n',
    );
    expect(consultant.text).toContain('Open My Tasks: http://localhost:3000/my-tasks');

    // The task name is text in a text-only mail: nothing a mail client would render as markup.
    const member = digests.find((d) => d.to === demoEmail('member'))!;
    expect(member.headers).toMatch(/^content-type: text\/plain/im);
    expect(member.text).toContain('- <img src=x onerror=alert(1)>Book the medical (lead Priya Patel)');

    const runs = await jobRunsOf(db(), TASK_REMINDERS_JOB);
    expect(runs.filter((r) => r.outcome === 'succeeded')).toHaveLength(1);
  });

  it('sends a 07:00 missed while no process was up once at the next start, and not again after another restart', async () => {
    tasksDueOn('2026-11-26', '2026-11-25');
    const clock = new TestClock(sydney('2026-11-26T06:30'));
    await jobs().start({ clock });
    await runUntilIdle(clock, [jobs()]);
    await jobs().stop();

    await clock.setTime(sydney('2026-11-26T09:00')); // down over 07:00
    await jobs().start({ clock });
    await runUntilIdle(clock, [jobs()]);
    expect((await digestsFor('26 Nov 2026')).map((d) => d.to).sort()).toEqual([
      demoEmail('consultant'),
      demoEmail('member'),
    ]);

    await jobs().stop();
    await clock.setTime(sydney('2026-11-26T10:00'));
    await jobs().start({ clock });
    await runUntilIdle(clock, [jobs()]);
    expect(await digestsFor('26 Nov 2026')).toHaveLength(2);
    const runs = await jobRunsOf(db(), TASK_REMINDERS_JOB);
    expect(runs.filter((r) => r.outcome === 'succeeded').map((r) => r.runFor)).toEqual(['2026-11-26']);
    expect(runs.every((r) => r.outcome !== 'failed')).toBe(true);
  });

  it("does not send a missed day's digest the next morning before 07:00, and sends that day's at 07:00", async () => {
    tasksDueOn('2026-11-29', '2026-11-27');
    const clock = new TestClock(sydney('2026-11-27T06:00'));
    await jobs().start({ clock });
    await runUntilIdle(clock, [jobs()]);
    await jobs().stop();

    await clock.setTime(sydney('2026-11-29T06:00')); // down all of the 28th
    await jobs().start({ clock });
    await runUntilIdle(clock, [jobs()]);
    expect(await digestsFor('28 Nov 2026')).toEqual([]);
    expect(await digestsFor('29 Nov 2026')).toEqual([]);

    await clock.setTime(sydney('2026-11-29T06:59'));
    await clock.tick(2 * 60_000);
    await runUntilIdle(clock, [jobs()]);
    expect(await digestsFor('29 Nov 2026')).toHaveLength(2);
  });

  it("queues each digest once; a mail server that fails is the Mail log's to retry, not the run's", async () => {
    tasksDueOn('2026-12-01', '2026-11-30');
    vi.spyOn(f.t.app.mailer, 'configured').mockResolvedValue(true);
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ESOCKET' });
    const send = vi.spyOn(f.t.app.mailer, 'send').mockRejectedValue(refused);
    const clock = new TestClock(sydney('2026-12-01T06:59'));
    await jobs().start({ clock });

    // A start after a gap may first run pg-boss's catch-up of the missed occurrence, which owes nothing.
    const ran = nextRun(jobs(), TASK_REMINDERS_JOB, (r) => r.outcome !== 'skipped');
    await clock.tick(2 * 60_000);
    expect(await ran).toMatchObject({ outcome: 'succeeded', attempt: 0, summary: '2 reminders queued for 2026-12-01' });
    await f.t.app.mail.flush();
    expect(send).toHaveBeenCalled();
    const digests = await db()
      .select({ status: mailMessages.status, outcome: mailMessages.outcome })
      .from(mailMessages)
      .where(and(eq(mailMessages.kind, 'task_digest'), like(mailMessages.subject, '%01 Dec 2026%')));
    expect(digests).toEqual([
      { status: 'retrying', outcome: 'could_not_connect' },
      { status: 'retrying', outcome: 'could_not_connect' },
    ]);
    expect(await digestsFor('01 Dec 2026')).toHaveLength(2);
  });

  it('two runs at once send one digest per assignee: the database key decides, not timing', async () => {
    tasksDueOn('2026-12-03', '2026-12-02');
    const ctx = {
      db: db(),
      databaseKind: f.t.database.kind,
      ...jobServicesOf(f.t.app),
      now: sydney('2026-12-03T07:00'),
    };
    const results = await Promise.all([taskRemindersJob.run({}, ctx), taskRemindersJob.run({}, ctx)]);
    expect(results.every((r) => r.outcome === 'succeeded')).toBe(true);
    expect(await digestsFor('03 Dec 2026')).toHaveLength(2);
  });

  it("follows the firm's time zone when it changes", async () => {
    tasksDueOn('2026-12-05', '2026-12-04');
    const clock = new TestClock(sydney('2026-12-05T06:55'));
    await jobs().start({ clock });
    try {
      // As the display setting's writer does: store it, then the change event every process hears.
      await writeSetting(db(), DISPLAY_SETTING_KEY, { timeZone: 'Australia/Perth', dateFormat: 'DD/MM/YYYY' }, null);
      const event = { resource: 'settings', action: 'update', id: DISPLAY_SETTING_KEY, at: '', actorId: null };
      await db().execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${JSON.stringify(event)})`);
      await vi.waitFor(async () => expect(await scheduleZone(TASK_REMINDERS_JOB)).toBe('Australia/Perth'), {
        timeout: 20_000,
        interval: 20,
      });

      await clock.tick(10 * 60_000); // 07:00 in Sydney is 04:00 in Perth
      await runUntilIdle(clock, [jobs()]);
      expect(await digestsFor('05/12/2026')).toEqual([]);

      await clock.setTime(new Date('2026-12-04T22:58:00Z')); // 06:58 in Perth (UTC+8)
      await clock.tick(5 * 60_000);
      await runUntilIdle(clock, [jobs()]);
      expect(await digestsFor('05/12/2026')).toHaveLength(2);
    } finally {
      await writeSetting(db(), DISPLAY_SETTING_KEY, { timeZone: 'Australia/Sydney', dateFormat: 'DD MMM YYYY' }, null);
      await jobs().reschedule();
    }
  });
});

describe('the runner itself', () => {
  it('refuses to queue a job while not started, loudly, and has nothing pending', async () => {
    expect(jobs().isRunning()).toBe(false);
    await expect(jobs().send(TASK_REMINDERS_JOB, {})).rejects.toThrow(
      `Job runner not running: job ${TASK_REMINDERS_JOB} not queued`,
    );
    expect(await jobs().pendingJobs()).toBe(0);
  });

  it('leaves no timer behind when stopped on the real clock, as main.ts runs it', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const before = timers();
    await jobs().start();
    expect(jobs().isRunning()).toBe(true);
    expect(timers()).toBeGreaterThan(before);
    await jobs().stop();
    expect(jobs().isRunning()).toBe(false);
    expect(timers()).toBeLessThanOrEqual(before);
  });
});
