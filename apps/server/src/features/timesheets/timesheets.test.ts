import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LeadRecord, type Role, TIMESHEET_MESSAGES } from '@crm/domain';
import { idPath, type JsonBody } from '../../../test/api-client.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { auditLogs, notifications, timesheetEntries } from '../../db/schema/index.ts';
import { reportRows } from './timesheets.repository.ts';

let f: Fixture;
let consultantLead: LeadRecord;
let supervisorLead: LeadRecord;

beforeAll(async () => {
  f = await createFixture();
  consultantLead = await f.createLead('consultant');
  supervisorLead = await f.createLead('supervisor');
});
afterAll(async () => {
  await f?.t.close();
});

type EntryBody = JsonBody<'/api/timesheets', 'post'>;

const log = (role: Role, date: string, hours: number, extra: Partial<EntryBody> = {}) =>
  f.api(role).POST('/api/timesheets', {
    body: {
      date,
      hours,
      leadId: role === 'consultant' ? consultantLead.id : supervisorLead.id,
      description: 'Reviewed documents',
      ...extra,
    },
  });

const week = async (role: Role, weekStart: string, userId?: string) => {
  const res = await f
    .api(role)
    .GET('/api/timesheets', { params: { query: { weekStart, ...(userId ? { userId } : {}) } } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!;
};

/** The path of a week of the author's, for submit, approve and reject. */
const weekOf = (author: Role, weekStart: string) => ({ params: { path: { userId: f.idOf(author), weekStart } } });
const submit = (role: Role, author: Role, weekStart: string) =>
  f.api(role).POST('/api/timesheets/weeks/{userId}/{weekStart}/submit', weekOf(author, weekStart));
const approve = (role: Role, author: Role, weekStart: string) =>
  f.api(role).POST('/api/timesheets/weeks/{userId}/{weekStart}/approve', weekOf(author, weekStart));
const reject = (role: Role, author: Role, weekStart: string, reason: string) =>
  f
    .api(role)
    .POST('/api/timesheets/weeks/{userId}/{weekStart}/reject', { ...weekOf(author, weekStart), body: { reason } });

describe('who sees whose timesheet', () => {
  it('keeps guest out and shows everyone else their own week', async () => {
    expect((await f.api('guest').GET('/api/timesheets', {})).response.status).toBe(403);
    expect((await log('guest', '2026-02-02', 1)).response.status).toBe(403);
    for (const role of ['consultant', 'team_lead', 'member', 'supervisor', 'administrator'] as const) {
      const own = await f.api(role).GET('/api/timesheets', {});
      expect(own.response.status, role).toBe(200);
      expect(own.data?.userId).toBe(f.idOf(role));
    }
  });

  it("lets supervisors and above read another user's week, and no one below", async () => {
    const other = f.idOf('consultant');
    for (const role of ['team_lead', 'member'] as const) {
      const res = await f.api(role).GET('/api/timesheets', { params: { query: { userId: other } } });
      expect(res.response.status, role).toBe(403);
      expect(res.error?.message).toBe(TIMESHEET_MESSAGES.cannotSee);
    }
    for (const role of ['supervisor', 'administrator', 'account_administrator'] as const) {
      const res = await f.api(role).GET('/api/timesheets', { params: { query: { userId: other } } });
      expect(res.response.status, role).toBe(200);
    }
  });

  it('gives the approvals list to supervisors and above only', async () => {
    for (const role of ['consultant', 'team_lead', 'member'] as const) {
      expect((await f.api(role).GET('/api/timesheets/weeks', {})).response.status, role).toBe(403);
    }
    expect((await f.api('supervisor').GET('/api/timesheets/weeks', {})).response.status).toBe(200);
  });

  it("refuses a lead the consultant does not see, and another user's entry", async () => {
    const res = await f.api('consultant').POST('/api/timesheets', {
      body: { date: '2026-02-02', hours: 1, leadId: supervisorLead.id },
    });
    expect(res.response.status).toBe(404);
    const mine = await log('supervisor', '2026-02-03', 1);
    expect(mine.response.status, JSON.stringify(mine.error)).toBe(201);
    const id = mine.data!.id;
    expect((await f.api('consultant').DELETE('/api/timesheets/{id}', idPath(id))).response.status).toBe(404);
    expect((await f.api('administrator').DELETE('/api/timesheets/{id}', idPath(id))).response.status).toBe(403);
  });
});

describe('bounds', () => {
  it('refuses hours out of bounds, with more than 2 decimals, and no record or two', async () => {
    const cases: [Partial<EntryBody>, string][] = [
      [{ hours: 0 }, TIMESHEET_MESSAGES.hoursRange],
      [{ hours: 24.5 }, TIMESHEET_MESSAGES.hoursRange],
      [{ hours: 1.234 }, TIMESHEET_MESSAGES.hoursStep],
      [{ leadId: null }, TIMESHEET_MESSAGES.recordRequired],
      [{ clientId: consultantLead.id }, TIMESHEET_MESSAGES.oneRecord],
    ];
    const before = await f.countRows(timesheetEntries);
    for (const [extra, message] of cases) {
      const res = await log('consultant', '2026-02-09', 1, extra);
      expect(res.response.status, JSON.stringify(extra)).toBe(400);
      expect(JSON.stringify(res.error?.fieldErrors)).toContain(message);
    }
    expect(await f.countRows(timesheetEntries)).toBe(before);
  });

  it('refuses a day over 24 hours, whatever the entries', async () => {
    expect((await log('consultant', '2026-02-10', 20)).response.status).toBe(201);
    const over = await log('consultant', '2026-02-10', 4.25);
    expect(over.response.status).toBe(400);
    expect(over.error?.message).toBe(TIMESHEET_MESSAGES.dayOver);
    expect((await log('consultant', '2026-02-10', 4)).response.status).toBe(201);
  });

  it('refuses a week start that is not a Monday', async () => {
    const res = await f.api('consultant').GET('/api/timesheets', { params: { query: { weekStart: '2026-02-11' } } });
    expect(res.response.status).toBe(400);
    expect((await submit('consultant', 'consultant', '2026-02-11')).response.status).toBe(400);
  });
});

describe('the task of an entry', () => {
  const addTask = async (leadId: string, body: JsonBody<'/api/leads/{id}/tasks', 'post'>) => {
    const res = await f.api('administrator').POST('/api/leads/{id}/tasks', { ...idPath(leadId), body });
    expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    return res.data!.id;
  };
  const documentTask = (taskName: string) => ({ taskType: 'Document Collection' as const, taskName, content: 'x' });

  it("takes a task of the entry's record and refuses another record's task or a note, writing nothing", async () => {
    const otherLead = await f.createLead('consultant');
    const own = await addTask(consultantLead.id, documentTask('Collect passports'));
    const elsewhere = await addTask(otherLead.id, documentTask('Other record'));
    const note = await addTask(consultantLead.id, { taskType: 'Notes', content: '<p>Called</p>' });

    const before = await f.countRows(timesheetEntries);
    for (const taskId of [elsewhere, note, '00000000-0000-4000-8000-000000000000']) {
      const res = await log('consultant', '2026-02-16', 1, { taskId });
      expect(res.response.status, taskId).toBe(400);
      expect(res.error?.fieldErrors?.taskId).toEqual([TIMESHEET_MESSAGES.taskNotFound]);
    }
    const notAnId = await log('consultant', '2026-02-16', 1, { taskId: 'abc' });
    expect(notAnId.response.status).toBe(400);
    expect(JSON.stringify(notAnId.error?.fieldErrors)).toContain(TIMESHEET_MESSAGES.taskNotFound);
    expect(await f.countRows(timesheetEntries)).toBe(before);

    const created = await log('consultant', '2026-02-16', 1.5, { taskId: own });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    expect(created.data).toMatchObject({ taskId: own, taskName: 'Collect passports' });
    const w = await week('consultant', '2026-02-16');
    expect(w.entries.find((e) => e.id === created.data!.id)).toMatchObject({ taskName: 'Collect passports' });
  });

  it("changes an entry's task only to one of its record's, and clears it", async () => {
    const otherLead = await f.createLead('consultant');
    const own = await addTask(consultantLead.id, documentTask('Lodge the visa'));
    const elsewhere = await addTask(otherLead.id, documentTask('Not this one'));
    const logged = (await log('consultant', '2026-02-17', 2)).data!;
    const consultant = f.api('consultant');

    const refused = await consultant.PATCH('/api/timesheets/{id}', {
      ...idPath(logged.id),
      body: { taskId: elsewhere, version: logged.version },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error?.fieldErrors?.taskId).toEqual([TIMESHEET_MESSAGES.taskNotFound]);

    const picked = await consultant.PATCH('/api/timesheets/{id}', {
      ...idPath(logged.id),
      body: { taskId: own, hours: 2.75, version: logged.version },
    });
    expect(picked.response.status, JSON.stringify(picked.error)).toBe(200);
    expect(picked.data).toMatchObject({ taskId: own, taskName: 'Lodge the visa', hours: 2.75, version: 2 });

    const cleared = await consultant.PATCH('/api/timesheets/{id}', {
      ...idPath(logged.id),
      body: { taskId: null, version: 2 },
    });
    expect(cleared.response.status, JSON.stringify(cleared.error)).toBe(200);
    expect(cleared.data).toMatchObject({ taskId: null, taskName: null, hours: 2.75, version: 3 });
  });
});

describe('submit, approve and reject', () => {
  const monday = '2026-03-02';

  it('runs a consultant week through rejection, correction and approval, telling the author', async () => {
    const first = await log('consultant', '2026-03-02', 7.5);
    expect(first.response.status, JSON.stringify(first.error)).toBe(201);
    const firstId = first.data!.id;
    expect((await log('consultant', '2026-03-03', 6)).response.status).toBe(201);
    let w = await week('consultant', monday);
    expect(w).toMatchObject({ status: 'draft', needsApproval: true, editable: true, totalHours: 13.5 });

    // Nobody approves a draft; the author cannot approve.
    expect((await approve('supervisor', 'consultant', monday)).response.status).toBe(409);
    expect((await approve('consultant', 'consultant', monday)).response.status).toBe(403);
    // Only the author submits.
    expect((await submit('supervisor', 'consultant', monday)).response.status).toBe(403);

    const submitted = await submit('consultant', 'consultant', monday);
    expect(submitted.response.status, JSON.stringify(submitted.error)).toBe(200);
    expect(submitted.data).toMatchObject({ status: 'submitted', editable: false });
    // Whoever may approve hears of it.
    const approverAlerts = (await f.api('supervisor').GET('/api/notifications', {})).data!;
    expect(approverAlerts.items[0]).toMatchObject({
      kind: 'timesheetApprovals',
      title: expect.stringMatching(/^Timesheet to approve: /),
    });
    const patch = (body: JsonBody<'/api/timesheets/{id}', 'patch'>) =>
      f.api('consultant').PATCH('/api/timesheets/{id}', { ...idPath(firstId), body });
    const locked = await patch({ hours: 8, version: 1 });
    expect(locked.response.status).toBe(409);
    expect(locked.error?.message).toBe(TIMESHEET_MESSAGES.locked('submitted'));
    expect((await submit('consultant', 'consultant', monday)).response.status).toBe(409);

    const queue = (await f.api('supervisor').GET('/api/timesheets/weeks', {})).data!;
    expect(queue.waiting).toBe(queue.weeks.length);
    expect(queue.weeks).toContainEqual(
      expect.objectContaining({ userId: f.idOf('consultant'), weekStart: monday, totalHours: 13.5 }),
    );

    const noReason = await reject('supervisor', 'consultant', monday, ' ');
    expect(noReason.response.status).toBe(400);
    expect(JSON.stringify(noReason.error)).toContain(TIMESHEET_MESSAGES.reasonRequired);
    const rejected = await reject('supervisor', 'consultant', monday, 'Tuesday is missing its description');
    expect(rejected.response.status, JSON.stringify(rejected.error)).toBe(200);
    expect(rejected.data).toMatchObject({ status: 'rejected', reason: 'Tuesday is missing its description' });

    w = await week('consultant', monday);
    expect(w.editable).toBe(true);
    const fixed = await patch({ hours: 8, description: 'Prepared the 485 application', version: 1 });
    expect(fixed.response.status, JSON.stringify(fixed.error)).toBe(200);
    expect(fixed.data).toMatchObject({ hours: 8, version: 2 });
    const stale = await patch({ hours: 9, version: 1 });
    expect(stale.response.status).toBe(409);
    expect((await submit('consultant', 'consultant', monday)).response.status).toBe(200);

    const approved = await approve('supervisor', 'consultant', monday);
    expect(approved.response.status, JSON.stringify(approved.error)).toBe(200);
    expect(approved.data).toMatchObject({ status: 'approved', approvedBy: f.idOf('supervisor'), totalHours: 14 });

    // Approved weeks are locked, for every kind of write.
    const late = await log('consultant', '2026-03-04', 1);
    expect(late.response.status).toBe(409);
    expect(late.error?.message).toBe(TIMESHEET_MESSAGES.locked('approved'));
    expect((await f.api('consultant').DELETE('/api/timesheets/{id}', idPath(firstId))).response.status).toBe(409);
    expect((await reject('supervisor', 'consultant', monday, 'x')).response.status).toBe(409);

    const alerts = await f.t.database.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userId, f.idOf('consultant')), eq(notifications.kind, 'timesheetApprovals')));
    expect(alerts.map((a) => a.title)).toEqual(
      expect.arrayContaining([`Timesheet rejected: week of ${monday}`, `Timesheet approved: week of ${monday}`]),
    );
    expect(alerts.some((a) => a.body.includes('Tuesday is missing its description'))).toBe(true);

    const audited = await f.t.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(eq(auditLogs.resourceId, `${f.idOf('consultant')}:${monday}`));
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(['SUBMIT_TIMESHEET_WEEK', 'REJECT_TIMESHEET_WEEK', 'APPROVE_TIMESHEET_WEEK']),
    );
  });

  it('locks the week of a role that needs no approval as soon as it is submitted', async () => {
    const monday2 = '2026-03-09';
    expect((await submit('supervisor', 'supervisor', monday2)).error?.message).toBe(TIMESHEET_MESSAGES.emptyWeek);
    expect((await log('supervisor', '2026-03-10', 3)).response.status).toBe(201);
    const res = await submit('supervisor', 'supervisor', monday2);
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    expect(res.data).toMatchObject({ status: 'approved', needsApproval: false, editable: false });
  });
});

describe('report and export', () => {
  it('sums hours per record and per user: own for a consultant, everyone for a supervisor', async () => {
    const range = { params: { query: { from: '2026-04-06', to: '2026-04-12' } } };
    expect((await log('consultant', '2026-04-06', 2.5)).response.status).toBe(201);
    expect((await log('consultant', '2026-04-07', 1.25)).response.status).toBe(201);
    expect((await log('supervisor', '2026-04-07', 4)).response.status).toBe(201);
    const own = (await f.api('consultant').GET('/api/timesheets/report', range)).data!;
    expect(own.totalHours).toBe(3.75);
    expect(own.byUser).toEqual([expect.objectContaining({ userId: f.idOf('consultant'), hours: 3.75 })]);
    expect(own.byRecord).toEqual([expect.objectContaining({ recordId: consultantLead.id, recordType: 'lead' })]);
    const all = (await f.api('supervisor').GET('/api/timesheets/report', range)).data!;
    expect(all.totalHours).toBe(7.75);
    expect(all.byUser).toHaveLength(2);
    expect(all.recordCount).toBe(all.byRecord.length);
    const backwards = await f
      .api('supervisor')
      .GET('/api/timesheets/report', { params: { query: { from: '2026-04-12', to: '2026-04-06' } } });
    expect(backwards.response.status).toBe(400);
  });

  it('lists only the records with the most hours, and counts them all', async () => {
    expect((await log('consultant', '2026-04-20', 6)).response.status).toBe(201);
    expect((await log('supervisor', '2026-04-21', 1)).response.status).toBe(201);
    const every = await reportRows(f.t.database.db, undefined, 10_000);
    expect(every.recordCount).toBeGreaterThanOrEqual(2);
    expect(every.byRecord).toHaveLength(every.recordCount);
    const top = await reportRows(f.t.database.db, undefined, 1);
    expect(top.recordCount).toBe(every.recordCount);
    expect(top.byRecord).toHaveLength(1);
    expect(Number(top.byRecord[0]!.hours)).toBe(Math.max(...every.byRecord.map((r) => Number(r.hours))));
  });

  it('exports a range as CSV for the roles that export, neutralising formulas', async () => {
    expect((await log('consultant', '2026-05-04', 1, { description: '=HYPERLINK("x")' })).response.status).toBe(201);
    expect((await log('supervisor', '2026-05-05', 2)).response.status).toBe(201);
    const range = '?from=2026-05-04&to=2026-05-10';
    for (const role of ['consultant', 'member', 'guest'] as const) {
      const refused = await f
        .api(role)
        .GET('/api/timesheets/export', { params: { query: { from: '2026-05-04', to: '2026-05-10' } } });
      expect(refused.response.status, role).toBe(403);
    }
    // Raw: the answer is CSV, read with its headers.
    const res = await f.call('supervisor', 'GET', `/api/timesheets/export${range}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('timesheet-2026-05-04-to-2026-05-10.csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe('Date,Week Start,Staff,Record Type,Record,Task,Hours,Description,Week Status');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`'=HYPERLINK`);
    expect(lines[1]).toContain('2026-05-04,2026-05-04');
    // A team lead exports its own entries only.
    const teamLead = await f.call('team_lead', 'GET', `/api/timesheets/export${range}`);
    expect(teamLead.statusCode).toBe(200);
    expect(
      teamLead.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toHaveLength(1);
  });

  it('exports a range over several weeks, from mid-week to mid-week, every entry once and in date order', async () => {
    for (const date of ['2026-06-03', '2026-06-01', '2026-06-08', '2026-06-19', '2026-06-20', '2026-06-24']) {
      expect((await log('supervisor', date, 1)).response.status).toBe(201);
    }
    const res = await f.call('supervisor', 'GET', '/api/timesheets/export?from=2026-06-02&to=2026-06-20');
    expect(res.statusCode, res.body).toBe(200);
    const dates = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.slice(0, 10));
    expect(dates).toEqual(['2026-06-03', '2026-06-08', '2026-06-19', '2026-06-20']);
  });
});
