// The daily reminder end to end, with nothing mocked: tasks made through the API, the digest query reading
// them, and two job runners on one database (the test app's and a second one, as a second server process
// would run), driven by pg-boss's TestClock, never by waiting. On PostgreSQL each runner opens its own
// pg-boss pool, so the two really compete for the cron pass, the job and the digest key; on PGlite (one
// connection per process) both share the one instance, a fair stand-in since pg-boss and the digest key
// still decide through the database, not through anything the two runners share in memory.
// Each test uses later days than the one before (pg-boss's cron pass refuses to run on a clock that goes
// back behind a pass it already made); the days are in February 2027, still AEDT, which sydney() assumes.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoEmail } from '../../seed/demo-users.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import {
  clearJobTables,
  digestsIn,
  jobServicesOf,
  runUntilIdle,
  sydney,
  TestClock,
} from '../../../test/job-helpers.ts';
import { createJobRunner, type JobRunner } from '../../jobs/job-runner.ts';
import { jobRunsOf } from '../../jobs/job-runs.ts';
import { SCHEDULED_JOBS } from '../../scheduled-jobs.ts';
import { TASK_REMINDERS_JOB } from './task-reminders.job.ts';

let f: Fixture;
let started: JobRunner[] = [];

const secondRunner = () =>
  createJobRunner({
    jobs: SCHEDULED_JOBS,
    database: f.t.database,
    ...jobServicesOf(f.t.app),
    changeHub: f.t.app.changeHub,
  });

async function start(runner: JobRunner, clock: TestClock) {
  await runner.start({ clock });
  started.push(runner);
  return runner;
}

async function stopAll() {
  for (const runner of started) await runner.stop();
  started = [];
}

const digestsFor = async (date: string) => digestsIn(await f.t.outbox()).filter((d) => d.subject.includes(date));
const succeededRunsFor = async (firmDate: string) =>
  (await jobRunsOf(f.t.database.db, TASK_REMINDERS_JOB)).filter(
    (r) => r.outcome === 'succeeded' && r.runFor === firmDate,
  );

beforeAll(async () => {
  f = await createFixture();
  const lead = await f.createLead();
  const addTask = async (taskName: string, dueDate: string, assignee: Parameters<Fixture['idOf']>[0], extra = {}) => {
    const res = await f.call('administrator', 'POST', `/api/leads/${lead.id}/tasks`, {
      taskType: 'Document Collection',
      taskName,
      content: 'x',
      dueDate,
      assignedTo: f.idOf(assignee),
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(201);
  };
  await addTask('Lodge the 485', '2027-02-01', 'consultant');
  await addTask('Book the medical', '2027-02-10', 'consultant');
  await addTask('Certify the transcripts', '2027-02-10', 'member');
  await addTask('Renew the police check', '2027-03-01', 'consultant');
  await addTask('Translate the birth certificate', '2027-02-05', 'consultant', { status: 'completed' });
  // Overdue, but its assignee has left the firm by the time the mail goes out.
  await addTask('Call the sponsor', '2027-02-01', 'team_lead');
  await f.exec(`update users set status = 'inactive' where id = '${f.idOf('team_lead')}'`);
});
afterAll(async () => {
  await stopAll();
  await f?.t.close();
});
beforeEach(async () => {
  await clearJobTables(f.t.database.db);
});
afterEach(async () => {
  await stopAll();
});

describe('the daily task reminder on real tasks', () => {
  it('two runners on one database send each assignee one digest at 07:00, naming only due and overdue tasks', async () => {
    const clock = new TestClock(sydney('2027-02-10T06:50'));
    const runners = [await start(f.t.app.jobs, clock), await start(secondRunner(), clock)];
    await runUntilIdle(clock, runners);
    expect(await digestsFor('10 Feb 2027')).toEqual([]);

    await clock.setTime(sydney('2027-02-10T06:59'));
    await clock.tick(2 * 60_000); // through 07:00
    await runUntilIdle(clock, runners);
    // Later passes of the schedule on either runner the same morning send nothing more.
    await clock.tick(30 * 60_000);
    await runUntilIdle(clock, runners);

    const digests = await digestsFor('10 Feb 2027');
    expect(digests.map((d) => d.to).sort()).toEqual([demoEmail('consultant'), demoEmail('member')]);

    const consultant = digests.find((d) => d.to === demoEmail('consultant'))!;
    expect(consultant.subject).toBe('Your tasks for 10 Feb 2027: 1 overdue, 1 due today');
    expect(consultant.text).toContain('Overdue (1)\n- Lodge the 485 (lead Priya Patel), due 01 Feb 2027');
    expect(consultant.text).toContain('Due today (1)\n- Book the medical (lead Priya Patel), due 10 Feb 2027');
    expect(consultant.text).not.toContain('Renew the police check');
    expect(consultant.text).not.toContain('Translate the birth certificate');
    expect(consultant.text).not.toContain('Call the sponsor');
    expect(consultant.text).toContain('Open My Tasks: http://localhost:3000/my-tasks');

    const member = digests.find((d) => d.to === demoEmail('member'))!;
    expect(member.text).toContain('Due today (1)\n- Certify the transcripts (lead Priya Patel), due 10 Feb 2027');
    expect(member.text).not.toContain('Lodge the 485');

    const runs = await succeededRunsFor('2027-02-10');
    expect(runs).toHaveLength(1);
    expect(runs[0]!.summary).toBe('2 reminders queued for 2027-02-10');
    expect((await jobRunsOf(f.t.database.db, TASK_REMINDERS_JOB)).every((r) => r.outcome !== 'failed')).toBe(true);
  });

  it('a 07:00 missed while no runner was up is sent once at the next start, and not again after another', async () => {
    const clock = new TestClock(sydney('2027-02-12T06:30'));
    await start(f.t.app.jobs, clock);
    await start(secondRunner(), clock);
    await runUntilIdle(clock, started);
    await stopAll();

    await clock.setTime(sydney('2027-02-12T10:00')); // nobody up over 07:00
    expect(await digestsFor('12 Feb 2027')).toEqual([]);
    await start(f.t.app.jobs, clock);
    await start(secondRunner(), clock); // a fresh process, never started before
    await runUntilIdle(clock, started);

    const digests = await digestsFor('12 Feb 2027');
    expect(digests.map((d) => d.to).sort()).toEqual([demoEmail('consultant'), demoEmail('member')]);
    const consultant = digests.find((d) => d.to === demoEmail('consultant'))!;
    expect(consultant.subject).toBe('Your tasks for 12 Feb 2027: 2 overdue');
    expect(consultant.text).toContain('Lodge the 485');
    expect(consultant.text).toContain('Book the medical');
    expect(consultant.text).not.toContain('Renew the police check');

    await stopAll();
    await clock.setTime(sydney('2027-02-12T11:00'));
    await start(f.t.app.jobs, clock);
    await start(secondRunner(), clock);
    await runUntilIdle(clock, started);
    expect(await digestsFor('12 Feb 2027')).toHaveLength(2);
    expect(await succeededRunsFor('2027-02-12')).toHaveLength(1);
  });

  it("follows each user's switches: with reminder mails off the member gets the alert in the app only", async () => {
    const member = await f.t.signIn('member');
    const own = (
      await f.t.app.inject({ method: 'GET', url: '/api/profile/notifications', headers: { cookie: member } })
    ).json();
    const off = await f.t.app.inject({
      method: 'PUT',
      url: '/api/profile/notifications',
      headers: { cookie: member },
      payload: { ...own, email: { ...own.email, taskReminders: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const clock = new TestClock(sydney('2027-02-14T06:59'));
      await start(f.t.app.jobs, clock);
      await clock.tick(2 * 60_000);
      await runUntilIdle(clock, started);

      const digests = await digestsFor('14 Feb 2027');
      expect(digests.map((d) => d.to)).toEqual([demoEmail('consultant')]);
      const alerts = (
        await f.t.app.inject({ method: 'GET', url: '/api/notifications', headers: { cookie: member } })
      ).json() as { items: { kind: string; title: string; link: string | null }[] };
      expect(alerts.items.find((n) => n.kind === 'taskReminders')).toMatchObject({
        title: 'Your tasks for 14 Feb 2027: 1 overdue',
        link: '/my-tasks',
      });
    } finally {
      await f.t.app.inject({
        method: 'PUT',
        url: '/api/profile/notifications',
        headers: { cookie: member },
        payload: own,
      });
    }
  });
});
