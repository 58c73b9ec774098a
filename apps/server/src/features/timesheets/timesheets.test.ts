import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LeadRecord, type Role, TIMESHEET_MESSAGES, type TimesheetWeek } from '@crm/domain';
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

const log = (role: Role, date: string, hours: number, extra: Record<string, unknown> = {}) =>
  f.call(role, 'POST', '/api/timesheets', {
    date,
    hours,
    leadId: role === 'consultant' ? consultantLead.id : supervisorLead.id,
    description: 'Reviewed documents',
    ...extra,
  });

const week = async (role: Role, weekStart: string, userId?: string): Promise<TimesheetWeek> => {
  const res = await f.call(role, 'GET', `/api/timesheets?weekStart=${weekStart}${userId ? `&userId=${userId}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const weekUrl = (role: Role, weekStart: string, step: string) =>
  `/api/timesheets/weeks/${f.idOf(role)}/${weekStart}/${step}`;

describe('who sees whose timesheet', () => {
  it('keeps guest out and shows everyone else their own week', async () => {
    expect((await f.call('guest', 'GET', '/api/timesheets')).statusCode).toBe(403);
    expect((await log('guest', '2026-02-02', 1)).statusCode).toBe(403);
    for (const role of ['consultant', 'team_lead', 'member', 'supervisor', 'administrator'] as const) {
      const own = await f.call(role, 'GET', '/api/timesheets');
      expect(own.statusCode, role).toBe(200);
      expect(own.json().userId).toBe(f.idOf(role));
    }
  });

  it("lets supervisors and above read another user's week, and no one below", async () => {
    const other = f.idOf('consultant');
    for (const role of ['team_lead', 'member'] as const) {
      const res = await f.call(role, 'GET', `/api/timesheets?userId=${other}`);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBe(TIMESHEET_MESSAGES.cannotSee);
    }
    for (const role of ['supervisor', 'administrator', 'account_administrator'] as const) {
      expect((await f.call(role, 'GET', `/api/timesheets?userId=${other}`)).statusCode, role).toBe(200);
    }
  });

  it('gives the approvals list to supervisors and above only', async () => {
    for (const role of ['consultant', 'team_lead', 'member'] as const) {
      expect((await f.call(role, 'GET', '/api/timesheets/weeks')).statusCode, role).toBe(403);
    }
    expect((await f.call('supervisor', 'GET', '/api/timesheets/weeks')).statusCode).toBe(200);
  });

  it("refuses a lead the consultant does not see, and another user's entry", async () => {
    const res = await f.call('consultant', 'POST', '/api/timesheets', {
      date: '2026-02-02',
      hours: 1,
      leadId: supervisorLead.id,
    });
    expect(res.statusCode).toBe(404);
    const mine = await log('supervisor', '2026-02-03', 1);
    expect(mine.statusCode, mine.body).toBe(201);
    const id = mine.json().id;
    expect((await f.call('consultant', 'DELETE', `/api/timesheets/${id}`)).statusCode).toBe(404);
    expect((await f.call('administrator', 'DELETE', `/api/timesheets/${id}`)).statusCode).toBe(403);
  });
});

describe('bounds', () => {
  it('refuses hours out of bounds, with more than 2 decimals, and no record or two', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ hours: 0 }, TIMESHEET_MESSAGES.hoursRange],
      [{ hours: 24.5 }, TIMESHEET_MESSAGES.hoursRange],
      [{ hours: 1.234 }, TIMESHEET_MESSAGES.hoursStep],
      [{ leadId: null }, TIMESHEET_MESSAGES.recordRequired],
      [{ clientId: consultantLead.id }, TIMESHEET_MESSAGES.oneRecord],
    ];
    const before = await f.countRows(timesheetEntries);
    for (const [extra, message] of cases) {
      const res = await log('consultant', '2026-02-09', 1, extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(JSON.stringify(res.json().fieldErrors)).toContain(message);
    }
    expect(await f.countRows(timesheetEntries)).toBe(before);
  });

  it('refuses a day over 24 hours, whatever the entries', async () => {
    expect((await log('consultant', '2026-02-10', 20)).statusCode).toBe(201);
    const over = await log('consultant', '2026-02-10', 4.25);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(TIMESHEET_MESSAGES.dayOver);
    expect((await log('consultant', '2026-02-10', 4)).statusCode).toBe(201);
  });

  it('refuses a week start that is not a Monday', async () => {
    const res = await f.call('consultant', 'GET', '/api/timesheets?weekStart=2026-02-11');
    expect(res.statusCode).toBe(400);
    expect((await f.call('consultant', 'POST', weekUrl('consultant', '2026-02-11', 'submit'))).statusCode).toBe(400);
  });
});

describe('the task of an entry', () => {
  const addTask = async (leadId: string, body: Record<string, unknown>) => {
    const res = await f.call('administrator', 'POST', `/api/leads/${leadId}/tasks`, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  it("takes a task of the entry's record and refuses another record's task or a note, writing nothing", async () => {
    const otherLead = await f.createLead('consultant');
    const own = await addTask(consultantLead.id, {
      taskType: 'Document Collection',
      taskName: 'Collect passports',
      content: 'x',
    });
    const elsewhere = await addTask(otherLead.id, {
      taskType: 'Document Collection',
      taskName: 'Other record',
      content: 'x',
    });
    const note = await addTask(consultantLead.id, { taskType: 'Notes', content: '<p>Called</p>' });

    const before = await f.countRows(timesheetEntries);
    for (const taskId of [elsewhere, note, '00000000-0000-4000-8000-000000000000']) {
      const res = await log('consultant', '2026-02-16', 1, { taskId });
      expect(res.statusCode, taskId).toBe(400);
      expect(res.json().fieldErrors.taskId).toEqual([TIMESHEET_MESSAGES.taskNotFound]);
    }
    const notAnId = await log('consultant', '2026-02-16', 1, { taskId: 'abc' });
    expect(notAnId.statusCode).toBe(400);
    expect(JSON.stringify(notAnId.json().fieldErrors)).toContain(TIMESHEET_MESSAGES.taskNotFound);
    expect(await f.countRows(timesheetEntries)).toBe(before);

    const created = await log('consultant', '2026-02-16', 1.5, { taskId: own });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ taskId: own, taskName: 'Collect passports' });
    const w = await week('consultant', '2026-02-16');
    expect(w.entries.find((e) => e.id === created.json().id)).toMatchObject({ taskName: 'Collect passports' });
  });

  it("changes an entry's task only to one of its record's, and clears it", async () => {
    const otherLead = await f.createLead('consultant');
    const own = await addTask(consultantLead.id, {
      taskType: 'Document Collection',
      taskName: 'Lodge the visa',
      content: 'x',
    });
    const elsewhere = await addTask(otherLead.id, {
      taskType: 'Document Collection',
      taskName: 'Not this one',
      content: 'x',
    });
    const entry = (await log('consultant', '2026-02-17', 2)).json();

    const refused = await f.call('consultant', 'PATCH', `/api/timesheets/${entry.id}`, {
      taskId: elsewhere,
      version: entry.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.taskId).toEqual([TIMESHEET_MESSAGES.taskNotFound]);

    const picked = await f.call('consultant', 'PATCH', `/api/timesheets/${entry.id}`, {
      taskId: own,
      hours: 2.75,
      version: entry.version,
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json()).toMatchObject({ taskId: own, taskName: 'Lodge the visa', hours: 2.75, version: 2 });

    const cleared = await f.call('consultant', 'PATCH', `/api/timesheets/${entry.id}`, { taskId: null, version: 2 });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ taskId: null, taskName: null, hours: 2.75, version: 3 });
  });
});

describe('submit, approve and reject', () => {
  const monday = '2026-03-02';

  it('runs a consultant week through rejection, correction and approval, telling the author', async () => {
    const first = await log('consultant', '2026-03-02', 7.5);
    expect(first.statusCode, first.body).toBe(201);
    expect((await log('consultant', '2026-03-03', 6)).statusCode).toBe(201);
    let w = await week('consultant', monday);
    expect(w).toMatchObject({ status: 'draft', needsApproval: true, editable: true, totalHours: 13.5 });

    // Nobody approves a draft; the author cannot approve.
    expect((await f.call('supervisor', 'POST', weekUrl('consultant', monday, 'approve'))).statusCode).toBe(409);
    expect((await f.call('consultant', 'POST', weekUrl('consultant', monday, 'approve'))).statusCode).toBe(403);
    // Only the author submits.
    expect((await f.call('supervisor', 'POST', weekUrl('consultant', monday, 'submit'))).statusCode).toBe(403);

    const submitted = await f.call('consultant', 'POST', weekUrl('consultant', monday, 'submit'));
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'submitted', editable: false });
    // Whoever may approve hears of it.
    const approverAlerts = (await f.call('supervisor', 'GET', '/api/notifications')).json() as {
      items: { kind: string; title: string }[];
    };
    expect(approverAlerts.items[0]).toMatchObject({
      kind: 'timesheetApprovals',
      title: expect.stringMatching(/^Timesheet to approve: /),
    });
    const patch = await f.call('consultant', 'PATCH', `/api/timesheets/${first.json().id}`, { hours: 8, version: 1 });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().message).toBe(TIMESHEET_MESSAGES.locked('submitted'));
    expect((await f.call('consultant', 'POST', weekUrl('consultant', monday, 'submit'))).statusCode).toBe(409);

    const queue = (await f.call('supervisor', 'GET', '/api/timesheets/weeks')).json();
    expect(queue.waiting).toBe(queue.weeks.length);
    expect(queue.weeks).toContainEqual(
      expect.objectContaining({ userId: f.idOf('consultant'), weekStart: monday, totalHours: 13.5 }),
    );

    const noReason = await f.call('supervisor', 'POST', weekUrl('consultant', monday, 'reject'), { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(JSON.stringify(noReason.json())).toContain(TIMESHEET_MESSAGES.reasonRequired);
    const rejected = await f.call('supervisor', 'POST', weekUrl('consultant', monday, 'reject'), {
      reason: 'Tuesday is missing its description',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Tuesday is missing its description' });

    w = await week('consultant', monday);
    expect(w.editable).toBe(true);
    const fixed = await f.call('consultant', 'PATCH', `/api/timesheets/${first.json().id}`, {
      hours: 8,
      description: 'Prepared the 485 application',
      version: 1,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json()).toMatchObject({ hours: 8, version: 2 });
    const stale = await f.call('consultant', 'PATCH', `/api/timesheets/${first.json().id}`, { hours: 9, version: 1 });
    expect(stale.statusCode).toBe(409);
    expect((await f.call('consultant', 'POST', weekUrl('consultant', monday, 'submit'))).statusCode).toBe(200);

    const approved = await f.call('supervisor', 'POST', weekUrl('consultant', monday, 'approve'));
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', approvedBy: f.idOf('supervisor'), totalHours: 14 });

    // Approved weeks are locked, for every kind of write.
    const late = await log('consultant', '2026-03-04', 1);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(TIMESHEET_MESSAGES.locked('approved'));
    expect((await f.call('consultant', 'DELETE', `/api/timesheets/${first.json().id}`)).statusCode).toBe(409);
    expect(
      (await f.call('supervisor', 'POST', weekUrl('consultant', monday, 'reject'), { reason: 'x' })).statusCode,
    ).toBe(409);

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
    expect((await f.call('supervisor', 'POST', weekUrl('supervisor', monday2, 'submit'))).json().message).toBe(
      TIMESHEET_MESSAGES.emptyWeek,
    );
    expect((await log('supervisor', '2026-03-10', 3)).statusCode).toBe(201);
    const res = await f.call('supervisor', 'POST', weekUrl('supervisor', monday2, 'submit'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', needsApproval: false, editable: false });
  });
});

describe('report and export', () => {
  it('sums hours per record and per user: own for a consultant, everyone for a supervisor', async () => {
    const range = '?from=2026-04-06&to=2026-04-12';
    expect((await log('consultant', '2026-04-06', 2.5)).statusCode).toBe(201);
    expect((await log('consultant', '2026-04-07', 1.25)).statusCode).toBe(201);
    expect((await log('supervisor', '2026-04-07', 4)).statusCode).toBe(201);
    const own = (await f.call('consultant', 'GET', `/api/timesheets/report${range}`)).json();
    expect(own.totalHours).toBe(3.75);
    expect(own.byUser).toEqual([expect.objectContaining({ userId: f.idOf('consultant'), hours: 3.75 })]);
    expect(own.byRecord).toEqual([expect.objectContaining({ recordId: consultantLead.id, recordType: 'lead' })]);
    const all = (await f.call('supervisor', 'GET', `/api/timesheets/report${range}`)).json();
    expect(all.totalHours).toBe(7.75);
    expect(all.byUser).toHaveLength(2);
    expect(all.recordCount).toBe(all.byRecord.length);
    const backwards = await f.call('supervisor', 'GET', '/api/timesheets/report?from=2026-04-12&to=2026-04-06');
    expect(backwards.statusCode).toBe(400);
  });

  it('lists only the records with the most hours, and counts them all', async () => {
    expect((await log('consultant', '2026-04-20', 6)).statusCode).toBe(201);
    expect((await log('supervisor', '2026-04-21', 1)).statusCode).toBe(201);
    const every = await reportRows(f.t.database.db, undefined, 10_000);
    expect(every.recordCount).toBeGreaterThanOrEqual(2);
    expect(every.byRecord).toHaveLength(every.recordCount);
    const top = await reportRows(f.t.database.db, undefined, 1);
    expect(top.recordCount).toBe(every.recordCount);
    expect(top.byRecord).toHaveLength(1);
    expect(Number(top.byRecord[0]!.hours)).toBe(Math.max(...every.byRecord.map((r) => Number(r.hours))));
  });

  it('exports a range as CSV for the roles that export, neutralising formulas', async () => {
    expect((await log('consultant', '2026-05-04', 1, { description: '=HYPERLINK("x")' })).statusCode).toBe(201);
    expect((await log('supervisor', '2026-05-05', 2)).statusCode).toBe(201);
    const range = '?from=2026-05-04&to=2026-05-10';
    for (const role of ['consultant', 'member', 'guest'] as const) {
      expect((await f.call(role, 'GET', `/api/timesheets/export${range}`)).statusCode, role).toBe(403);
    }
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
      expect((await log('supervisor', date, 1)).statusCode).toBe(201);
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
