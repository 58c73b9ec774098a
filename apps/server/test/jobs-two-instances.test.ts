// Two server processes on one PostgreSQL send the daily reminder exactly once (DECISIONS.md §6: scheduled
// work runs once per due time): pg-boss lets one process make each due occurrence a job and one worker
// claim it, and the digests' key holds even if both ran it. PostgreSQL only: an embedded database
// belongs to one process.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobRunsOf } from '../src/jobs/job-runs.ts';
import { TASK_REMINDERS_JOB } from '../src/features/tasks/task-reminders.job.ts';
import { openTasksForDigest } from '../src/features/tasks/task-reminders.repository.ts';
import { demoEmail } from '../src/seed/demo-users.ts';
import { testDatabaseUrl } from './build-test-app.ts';
import { digestsIn, runUntilIdle, sydney, TestClock } from './job-helpers.ts';
import { createFixture, type Fixture } from './record-fixtures.ts';

// Who has tasks is the query's business (tested with it); here three people have one due each day.
// The reminder's recipients are made up; its digest claim stays real.
vi.mock(import('../src/features/tasks/task-reminders.repository.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  openTasksForDigest: vi.fn(),
}));

describe.skipIf(!testDatabaseUrl())('two server processes on one PostgreSQL', () => {
  let f: Fixture;
  let second: { app: FastifyInstance; close: () => Promise<void> };
  beforeAll(async () => {
    f = await createFixture();
    second = await f.t.secondInstance();
    vi.mocked(openTasksForDigest).mockImplementation(async (_db, firmDate) =>
      (['consultant', 'member', 'team_lead'] as const).map((role) => ({
        userId: f.idOf(role),
        email: demoEmail(role),
        firstName: role,
        tasks: [
          { id: role, taskName: 'Call back', dueDate: firmDate, priority: 'low', entityType: 'lead', entityName: null },
        ],
      })),
    );
  });
  afterAll(async () => {
    await second?.close();
    await f?.t.close();
  });

  const runners = () => [f.t.app.jobs, second.app.jobs];
  // One after the other: attaching one TestClock to two instances at the same moment races on its own
  // table (a test tool's limit; real processes attach no clock).
  const startAll = async (clock: TestClock) => {
    for (const jobs of runners()) await jobs.start({ clock });
  };
  const digestsFor = async (date: string) => digestsIn(await f.t.outbox()).filter((d) => d.subject.includes(date));
  const everyone = [demoEmail('consultant'), demoEmail('member'), demoEmail('team_lead')].sort();

  it('send the daily reminder once per assignee at 07:00', async () => {
    const clock = new TestClock(sydney('2026-11-24T06:55'));
    await startAll(clock);
    await clock.tick(10 * 60_000);
    await runUntilIdle(clock, runners());
    // More passes on both processes change nothing.
    await clock.tick(10 * 60_000);
    await runUntilIdle(clock, runners());

    expect((await digestsFor('24 Nov 2026')).map((d) => d.to).sort()).toEqual(everyone);
    const runs = await jobRunsOf(f.t.database.db, TASK_REMINDERS_JOB);
    const queuedRuns = runs.filter((r) => r.outcome === 'succeeded' && r.summary?.startsWith('3 reminders queued'));
    expect(queuedRuns).toHaveLength(1);
    expect(runs.filter((r) => r.outcome === 'failed')).toEqual([]);
  });

  it('both restarting after a missed 07:00 send it once', async () => {
    await Promise.all(runners().map((jobs) => jobs.stop()));
    const clock = new TestClock(sydney('2026-11-25T09:30')); // both were down over 07:00
    await startAll(clock);
    await runUntilIdle(clock, runners());
    await clock.tick(10 * 60_000);
    await runUntilIdle(clock, runners());

    expect((await digestsFor('25 Nov 2026')).map((d) => d.to).sort()).toEqual(everyone);
  });
});
