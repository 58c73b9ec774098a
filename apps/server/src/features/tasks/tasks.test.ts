// Tasks and notes through the API: the note rule, sanitising on every write, the summary, the version guard,
// who may read, write and delete, a task's assignee seeing its record, My Tasks and the reminders, and
// tasks following their record through conversion and reversion.
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { addDays, type Role, TASK_CONTENT_MAX, TASK_MESSAGES } from '@crm/domain';
import { idPath, type JsonBody } from '../../../test/api-client.ts';
import { fixtureForFile } from '../../../test/record-fixtures.ts';
import { demoEmail } from '../../seed/demo-users.ts';

const f = fixtureForFile();

type TaskForm = JsonBody<'/api/leads/{id}/tasks', 'post'>;
type TaskPatch = JsonBody<'/api/tasks/{id}', 'patch'>;
/** The record a task or note is written on. */
type Owner = { lead: string } | { client: string };

const add = async (owner: Owner, body: TaskForm, role: Role = 'administrator') => {
  const res =
    'lead' in owner
      ? await f.api(role).POST('/api/leads/{id}/tasks', { ...idPath(owner.lead), body })
      : await f.api(role).POST('/api/clients/{id}/tasks', { ...idPath(owner.client), body });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!;
};
const patchTask = (id: string, body: TaskPatch, role: Role = 'administrator') =>
  f.api(role).PATCH('/api/tasks/{id}', { ...idPath(id), body });
const leadTasks = async (id: string) => (await f.api('administrator').GET('/api/leads/{id}/tasks', idPath(id))).data!;

const today = async () => (await f.api('administrator').GET('/api/tasks/reminders')).data!.today;

describe('tasks and notes on a record', () => {
  it("saves a 'Notes' type, or a body without a task name, as a note with no task fields", async () => {
    const lead = await f.createLead();
    const note = await add(
      { lead: lead.id },
      {
        taskType: 'Notes',
        taskName: 'ignored',
        content: '<p>Called the client</p>',
        status: 'completed',
        priority: 'high',
        dueDate: '2027-01-01',
        assignedTo: f.idOf('consultant'),
      },
    );
    expect(note).toMatchObject({
      kind: 'note',
      taskName: null,
      status: null,
      priority: null,
      dueDate: null,
      assignedTo: null,
    });
    const unnamed = await add({ lead: lead.id }, { taskType: 'File Review', content: 'Checked the file' });
    expect(unnamed.kind).toBe('note');
    const task = await add(
      { lead: lead.id },
      {
        taskType: 'Document Collection',
        taskName: 'Collect passports',
        content: '<p>All pages</p>',
      },
    );
    expect(task).toMatchObject({
      kind: 'task',
      status: 'pending',
      priority: 'medium',
      createdByName: expect.any(String),
    });
    const list = await leadTasks(lead.id);
    expect(list.map((t) => t.id)).toEqual([task.id, unnamed.id, note.id]);
  });

  it('refuses content with no text in the spec words', async () => {
    const lead = await f.createLead();
    const res = await f.api('administrator').POST('/api/leads/{id}/tasks', {
      ...idPath(lead.id),
      body: { taskType: 'Notes', content: '<p> </p><br>' },
    });
    expect(res.response.status).toBe(400);
    expect(JSON.stringify(res.error)).toContain('Please add some content to your note or task.');
  });

  it('never stores script: known XSS payloads are cleaned on every write, and long content is cut', async () => {
    const lead = await f.createLead();
    const payloads = [
      '<script>alert(1)</script><p>ok</p>',
      '<img src=x onerror="alert(1)"><p>ok</p>',
      '<a href="javascript:alert(1)">click</a><p>ok</p>',
      '<iframe src="https://evil.example"></iframe><p>ok</p>',
      '<svg onload="alert(1)"><circle/></svg><p>ok</p>',
      '<p style="background:url(javascript:alert(1));width:expression(alert(1))">ok</p>',
      '<div onclick="alert(1)" class="x">ok</div>',
      '<form action="/x"><input name="a"><button>go</button></form><p>ok</p>',
      '<p>ok<style>body{display:none}</style></p>',
      '<math><mi xlink:href="javascript:alert(1)">x</mi></math><p>ok</p>',
      '<p style="color:expression(alert(1))">ok</p>',
      '<span style="background-color:-moz-binding(url(x.xml))">ok</span>',
      '<a href="jav&#x61;script:alert(1)">ok</a>',
      '<svg><script>alert(1)</script></svg><object data="x.swf"></object><embed src="x"><p>ok</p>',
    ];
    for (const content of payloads) {
      const saved = await add({ lead: lead.id }, { taskType: 'Notes', content });
      expect(saved.content, content).not.toMatch(
        /<script|onerror|onload|onclick|javascript:|<iframe|<svg|expression\(|<form|<input|<button|<style|<math|<a /i,
      );
      expect(saved.content).toContain('ok');
    }
    // What is stored, not only what is answered.
    const stored = await f.t.database.db.execute<{ content: string }>(
      sql`select content from task_notes where lead_id = ${lead.id}`,
    );
    expect(stored.rows).toHaveLength(payloads.length);
    for (const { content } of stored.rows)
      expect(content).not.toMatch(
        /<script|\bon\w+=|javascript:|<iframe|<svg|expression\(|binding\(|<object|<embed|<a /i,
      );
    const kept = await add(
      { lead: lead.id },
      {
        taskType: 'Notes',
        content:
          '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u></p><ul><li>one</li></ul><span class="c" style="color: red">s</span>',
      },
    );
    expect(kept.content).toBe(
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u></p><ul><li>one</li></ul><span class="c" style="color:red">s</span>',
    );
    // The edit path cleans too.
    const edited = await patchTask(kept.id, {
      taskType: 'Notes',
      content: '<p onmouseover="x()">again</p><script>1</script>',
      version: kept.version,
    });
    expect(edited.response.status, JSON.stringify(edited.error)).toBe(200);
    expect(edited.data?.content).toBe('<p>again</p>');
    const long = await add(
      { lead: lead.id },
      {
        taskType: 'Notes',
        content: `<p>${'a'.repeat(60_000)}</p>`,
      },
    );
    expect(long.content.length).toBeLessThanOrEqual(TASK_CONTENT_MAX);
  });

  it('sums tasks, open tasks and notes, with the last note as plain text of at most 120 characters', async () => {
    const lead = await f.createLead();
    await add({ lead: lead.id }, { taskType: 'File Review', taskName: 'a', content: 'x', status: 'pending' });
    await add({ lead: lead.id }, { taskType: 'File Review', taskName: 'b', content: 'x', status: 'in_progress' });
    await add({ lead: lead.id }, { taskType: 'File Review', taskName: 'c', content: 'x', status: 'completed' });
    await add({ lead: lead.id }, { taskType: 'Notes', content: '<p>first</p>' });
    await add(
      { lead: lead.id },
      { taskType: 'Notes', content: `<p><strong>Latest</strong> ${'word '.repeat(40)}</p>` },
    );
    const summary = (await f.api('administrator').GET('/api/leads/{id}/task-summary', idPath(lead.id))).data!;
    expect(summary).toMatchObject({ totalTasks: 3, pendingTasks: 2, totalNotes: 2 });
    expect(summary.lastNoteContent!.startsWith('Latest word word')).toBe(true);
    expect(summary.lastNoteContent!.length).toBeLessThanOrEqual(120);
    expect(summary.lastNoteContent).not.toContain('<');
    expect(summary.lastNoteDate).toEqual(expect.any(String));
  });

  it('guards edits with the version (409 when stale)', async () => {
    const lead = await f.createLead();
    const task = await add({ lead: lead.id }, { taskType: 'File Review', taskName: 'v', content: 'x' });
    const body: TaskPatch = { taskType: 'File Review', taskName: 'v2', content: 'x', version: task.version };
    expect((await patchTask(task.id, body)).response.status).toBe(200);
    expect((await patchTask(task.id, body)).response.status).toBe(409);
  });

  it('saves a PATCH of the fields sent over the stored entry, checked whole with the note rule', async () => {
    const lead = await f.createLead();
    const task = await add(
      { lead: lead.id },
      {
        taskType: 'Police Clearance',
        taskName: 'Order the AFP check',
        content: '<p>Both applicants</p>',
        priority: 'high',
        dueDate: '2027-03-01',
        assignedTo: f.idOf('member'),
      },
    );
    const patch = (body: TaskPatch) => patchTask(task.id, body);
    // My Tasks completes a task with its status alone.
    const done = await patch({ status: 'completed', version: task.version });
    expect(done.response.status, JSON.stringify(done.error)).toBe(200);
    expect(done.data).toMatchObject({
      status: 'completed',
      taskName: 'Order the AFP check',
      priority: 'high',
      dueDate: '2027-03-01',
      assignedTo: f.idOf('member'),
      content: '<p>Both applicants</p>',
      version: task.version + 1,
    });
    // null clears a field.
    const undated = await patch({ dueDate: null, assignedTo: null, version: task.version + 1 });
    expect(undated.data).toMatchObject({ dueDate: null, assignedTo: null, status: 'completed' });
    // A change that leaves no content is refused in the spec's words and changes nothing.
    const empty = await patch({ content: '<p> </p>', version: task.version + 2 });
    expect(empty.response.status).toBe(400);
    expect(empty.error?.fieldErrors).toEqual({ content: ['Please add some content to your note or task.'] });
    // The 'Notes' type makes it a note, which keeps no task fields.
    const note = await patch({ taskType: 'Notes', version: task.version + 2 });
    expect(note.response.status, JSON.stringify(note.error)).toBe(200);
    expect(note.data).toMatchObject({ kind: 'note', taskName: null, status: null, priority: null });
  });

  it('writes nothing on a read-only record: a converted lead or a Reverted client', async () => {
    const { lead, client } = await f.convertedLead();
    const admin = f.api('administrator');
    const onLead = await admin.POST('/api/leads/{id}/tasks', { ...idPath(lead.id), body: { content: 'x' } });
    expect(onLead.response.status).toBe(409);
    expect(onLead.error?.message).toContain('This lead has been converted to a client and is read-only.');
    await add({ client: client.id }, { taskType: 'Notes', content: 'on the client' });
    expect((await admin.POST('/api/clients/{id}/revert', idPath(client.id))).response.status).toBeLessThan(300);
    const onReverted = await admin.POST('/api/clients/{id}/tasks', { ...idPath(client.id), body: { content: 'x' } });
    expect(onReverted.response.status).toBe(409);
    expect(onReverted.error?.message).toContain('This client was reverted to a lead and is read-only.');
    const onLeadAgain = await leadTasks(lead.id);
    expect(onLeadAgain.map((t) => t.content)).toEqual(['on the client']);
  });

  it('assigns only active users', async () => {
    const lead = await f.createLead();
    await f.exec(`update users set status = 'suspended' where id = '${f.idOf('member')}'`);
    const res = await f.api('administrator').POST('/api/leads/{id}/tasks', {
      ...idPath(lead.id),
      body: { taskType: 'File Review', taskName: 'x', content: 'x', assignedTo: f.idOf('member') },
    });
    await f.exec(`update users set status = 'active' where id = '${f.idOf('member')}'`);
    expect(res.response.status).toBe(400);
    expect(JSON.stringify(res.error)).toContain('Tasks can only be assigned to active users');
  });
});

describe('who may do what', () => {
  it('reads with the record view permission and writes with its edit permission', async () => {
    const lead = await f.createLead();
    const guest = f.api('guest');
    expect((await guest.GET('/api/leads/{id}/tasks', idPath(lead.id))).response.status).toBe(200);
    const refused = await guest.POST('/api/leads/{id}/tasks', {
      ...idPath(lead.id),
      body: { taskType: 'Notes', content: 'x' },
    });
    expect(refused.response.status).toBe(403);
    // A consultant neither created nor is assigned to this lead: it does not exist for it.
    expect((await f.api('consultant').GET('/api/leads/{id}/tasks', idPath(lead.id))).response.status).toBe(404);
  });

  it("lets a task's assignee see the task and open its record; the task goes, so does the record", async () => {
    const lead = await f.createLead('administrator');
    const consultant = f.api('consultant');
    expect((await consultant.GET('/api/leads/{id}', idPath(lead.id))).response.status).toBe(404);
    const task = await add(
      { lead: lead.id },
      {
        taskType: 'Client Communication',
        taskName: 'Call about medicals',
        content: 'x',
        assignedTo: f.idOf('consultant'),
      },
    );
    expect((await consultant.GET('/api/leads/{id}', idPath(lead.id))).response.status).toBe(200);
    expect((await consultant.GET('/api/tasks/{id}', idPath(task.id))).response.status).toBe(200);
    const mine = (await consultant.GET('/api/tasks', { params: { query: { status: 'all', pageSize: 100 } } })).data!;
    expect(mine.items.find((t) => t.id === task.id)).toMatchObject({
      entityName: `${lead.firstName} ${lead.lastName}`,
    });
    // The assignee completes it from My Tasks.
    const done = await patchTask(
      task.id,
      {
        taskType: 'Client Communication',
        taskName: 'Call about medicals',
        content: 'x',
        status: 'completed',
        assignedTo: f.idOf('consultant'),
        version: task.version,
      },
      'consultant',
    );
    expect(done.response.status, JSON.stringify(done.error)).toBe(200);
    expect((await f.api('administrator').DELETE('/api/tasks/{id}', idPath(task.id))).response.status).toBe(200);
    expect((await consultant.GET('/api/leads/{id}', idPath(lead.id))).response.status).toBe(404);
  });

  it("puts a record in a consultant's lists while one of its tasks is assigned to the consultant", async () => {
    const lead = await f.createLead('administrator');
    const { client } = await f.convertedLead('administrator');
    const consultant = f.api('consultant');
    const listed = async () => {
      const search = (email: string) => ({ params: { query: { search: email, pageSize: 50 } } });
      const ids = (page: { items: { id: string }[] } | undefined) => page!.items.map((r) => r.id);
      return {
        leads: ids((await consultant.GET('/api/leads', search(lead.email!))).data).includes(lead.id),
        clients: ids((await consultant.GET('/api/clients', search(client.email!))).data).includes(client.id),
        records: ids((await consultant.GET('/api/records', search(lead.email!))).data).includes(lead.id),
        clientOpens: (await consultant.GET('/api/clients/{id}', idPath(client.id))).response.status === 200,
        clientTasks: (await consultant.GET('/api/clients/{id}/tasks', idPath(client.id))).response.status === 200,
      };
    };
    expect(await listed()).toEqual({
      leads: false,
      clients: false,
      records: false,
      clientOpens: false,
      clientTasks: false,
    });
    const onLead = await add(
      { lead: lead.id },
      {
        taskType: 'File Review',
        taskName: 'Review the file',
        content: 'x',
        assignedTo: f.idOf('consultant'),
      },
    );
    const onClient = await add(
      { client: client.id },
      {
        taskType: 'File Review',
        taskName: 'Review the client file',
        content: 'x',
        assignedTo: f.idOf('consultant'),
      },
    );
    expect(await listed()).toEqual({ leads: true, clients: true, records: true, clientOpens: true, clientTasks: true });
    // Given to someone else, the records go from the consultant's lists again.
    for (const task of [onLead, onClient]) {
      const moved = await patchTask(task.id, { assignedTo: f.idOf('member'), version: task.version });
      expect(moved.response.status, JSON.stringify(moved.error)).toBe(200);
    }
    expect(await listed()).toEqual({
      leads: false,
      clients: false,
      records: false,
      clientOpens: false,
      clientTasks: false,
    });
  });

  it("keeps the assignee's way to a task only while its record is live", async () => {
    const lead = await f.createLead('administrator');
    const task = await add(
      { lead: lead.id },
      {
        taskType: 'File Review',
        taskName: 'x',
        content: 'x',
        assignedTo: f.idOf('consultant'),
      },
    );
    expect(
      (await f.api('administrator').DELETE('/api/leads/{id}', { ...idPath(lead.id), body: {} })).response.status,
    ).toBeLessThan(300);
    const consultant = f.api('consultant');
    expect((await consultant.GET('/api/tasks/{id}', idPath(task.id))).response.status).toBe(404);
    const edit = await patchTask(task.id, { status: 'completed', version: 1 }, 'consultant');
    expect(edit.response.status).toBe(404);
    // Deleting was never the assignee's (decision 0027): refused before the task is looked up.
    expect((await consultant.DELETE('/api/tasks/{id}', idPath(task.id))).response.status).toBe(403);
  });

  it('deletes only for the roles with the delete action: not for its author, its assignee or a supervisor', async () => {
    const lead = await f.createLead('administrator');
    const byMember = await add({ lead: lead.id }, { taskType: 'Notes', content: 'mine' }, 'member');
    const other = await add({ lead: lead.id }, { taskType: 'Notes', content: 'not yours' });
    const assigned = await add(
      { lead: lead.id },
      {
        taskType: 'File Review',
        taskName: 'Yours to do',
        content: 'x',
        assignedTo: f.idOf('member'),
      },
    );
    for (const [role, task] of [
      ['member', other],
      ['member', byMember],
      ['member', assigned],
      ['supervisor', other],
    ] as const) {
      const refused = await f.api(role).DELETE('/api/tasks/{id}', idPath(task.id));
      expect(refused.response.status).toBe(403);
      expect(refused.error?.message).toBe(TASK_MESSAGES.deleteRefused);
      expect((await f.api('administrator').GET('/api/tasks/{id}', idPath(task.id))).response.status).toBe(200);
    }
    expect((await f.api('administrator').DELETE('/api/tasks/{id}', idPath(other.id))).response.status).toBe(200);
    expect((await f.api('account_administrator').DELETE('/api/tasks/{id}', idPath(byMember.id))).response.status).toBe(
      200,
    );
    expect((await f.api('administrator').GET('/api/tasks/{id}', idPath(other.id))).response.status).toBe(404);
  });
});

describe('My Tasks and the reminders', () => {
  it('groups open tasks on the firm date: overdue, due today, the next 3 days; the cards count them', async () => {
    const lead = await f.createLead();
    const day = await today();
    const assign = (name: string, dueDate: string, status: TaskForm['status'] = 'pending') =>
      add(
        { lead: lead.id },
        {
          taskType: 'File Review',
          taskName: name,
          content: 'x',
          dueDate,
          status,
          assignedTo: f.idOf('team_lead'),
        },
      );
    await assign('late', addDays(day, -2));
    await assign('today', day);
    await assign('soon', addDays(day, 3));
    await assign('later', addDays(day, 4));
    await assign('finished', addDays(day, -1), 'completed');
    const teamLead = f.api('team_lead');
    const reminders = (await teamLead.GET('/api/tasks/reminders')).data!;
    expect(reminders.overdue.map((t) => [t.taskName, t.daysOverdue])).toEqual([['late', 2]]);
    expect(reminders.dueToday.map((t) => t.taskName)).toEqual(['today']);
    expect(reminders.upcoming.map((t) => t.taskName)).toEqual(['soon']);
    expect(reminders.counts).toEqual({ overdue: 1, dueToday: 1, upcoming: 1 });
    const counts = (await teamLead.GET('/api/tasks/counts')).data;
    expect(counts).toEqual({ pending: 4, overdue: 1, completed: 1 });
    const active = (await teamLead.GET('/api/tasks')).data!;
    expect(active.items.map((t) => t.taskName)).toEqual(['late', 'today', 'soon', 'later']);
    const completed = (await teamLead.GET('/api/tasks', { params: { query: { status: 'completed' } } })).data!;
    expect(completed.items.map((t) => t.taskName)).toEqual(['finished']);
    const searched = (await teamLead.GET('/api/tasks', { params: { query: { status: 'all', search: 'soo' } } })).data!;
    expect(searched.items.map((t) => t.taskName)).toEqual(['soon']);
    expect((await f.api('guest').GET('/api/tasks')).response.status).toBe(403);
  });
});

describe("the firm's date", () => {
  it('shows a task due today in Sydney as due today at 23:30 there and as overdue at 00:30 the next day', async () => {
    const lead = await f.createLead();
    // Taken by oneself, so no assignment mail is written after the answer, under the faked clock.
    const task = await add(
      { lead: lead.id },
      {
        taskType: 'Skills Assessment',
        taskName: 'Lodge with VETASSESS',
        content: 'x',
        dueDate: '2026-11-24',
        assignedTo: f.idOf('supervisor'),
      },
      'supervisor',
    );
    const at = async (instant: string) => {
      // Work left from earlier answers finishes on the real clock first.
      await f.t.outbox();
      // Only Date is faked: the server reads the firm's today from the clock, timers stay real.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant) });
      try {
        const supervisor = f.api('supervisor');
        const reminders = (await supervisor.GET('/api/tasks/reminders')).data!;
        const one = (await supervisor.GET('/api/tasks/{id}', idPath(task.id))).data!;
        const counts = (await supervisor.GET('/api/tasks/counts')).data!;
        return {
          today: reminders.today,
          dueToday: reminders.dueToday.some((t) => t.id === task.id),
          overdue: reminders.overdue.find((t) => t.id === task.id)?.daysOverdue ?? null,
          flagged: one.overdue,
          overdueCard: counts.overdue,
        };
      } finally {
        vi.useRealTimers();
      }
    };
    expect((await f.api('administrator').GET('/api/settings/display')).data).toMatchObject({
      timeZone: 'Australia/Sydney',
    });
    // 23:30 AEDT on the 24th, then 00:30 AEDT on the 25th.
    expect(await at('2026-11-24T12:30:00Z')).toEqual({
      today: '2026-11-24',
      dueToday: true,
      overdue: null,
      flagged: false,
      overdueCard: 0,
    });
    expect(await at('2026-11-24T13:30:00Z')).toEqual({
      today: '2026-11-25',
      dueToday: false,
      overdue: 1,
      flagged: true,
      overdueCard: 1,
    });
  });
});

describe('tasks follow their record', () => {
  it('conversion moves them to the client, reversion back to the lead', async () => {
    const lead = await f.createLead();
    const task = await add({ lead: lead.id }, { taskType: 'File Review', taskName: 'moves', content: 'x' });
    const admin = f.api('administrator');
    const converted = await admin.POST('/api/leads/{id}/convert', { ...idPath(lead.id), body: {} });
    expect(converted.response.status, JSON.stringify(converted.error)).toBeLessThan(300);
    const clientId = (await admin.GET('/api/tasks/{id}', idPath(task.id))).data!.entityId;
    const onClient = (await admin.GET('/api/clients/{id}/tasks', idPath(clientId))).data!;
    expect(onClient.map((t) => t.id)).toEqual([task.id]);
    expect(await leadTasks(lead.id)).toEqual([]);
    const reverted = await admin.POST('/api/clients/{id}/revert', idPath(clientId));
    expect(reverted.response.status, JSON.stringify(reverted.error)).toBeLessThan(300);
    const back = await leadTasks(lead.id);
    expect(back.map((t) => t.id)).toEqual([task.id]);
  });

  it('leave My Tasks and the reminders while their record is deleted or archived, and come back with it', async () => {
    const lead = await f.createLead();
    const day = await today();
    const task = await add(
      { lead: lead.id },
      {
        taskType: 'File Review',
        taskName: 'follows the lead',
        content: 'x',
        dueDate: day,
        assignedTo: f.idOf('member'),
      },
    );
    const mine = async () => {
      const member = f.api('member');
      const page = (await member.GET('/api/tasks', { params: { query: { status: 'all', pageSize: 100 } } })).data!;
      const reminders = (await member.GET('/api/tasks/reminders')).data!;
      return {
        listed: page.items.some((t) => t.id === task.id),
        reminded: reminders.dueToday.some((t) => t.id === task.id),
      };
    };
    expect(await mine()).toEqual({ listed: true, reminded: true });
    const admin = f.api('administrator');
    expect((await admin.DELETE('/api/leads/{id}', { ...idPath(lead.id), body: {} })).response.status).toBeLessThan(300);
    expect(await mine()).toEqual({ listed: false, reminded: false });
    expect((await admin.POST('/api/leads/{id}/restore', idPath(lead.id))).response.status).toBeLessThan(300);
    expect(await mine()).toEqual({ listed: true, reminded: true });
    expect(
      (await admin.POST('/api/leads/{id}/archive', { ...idPath(lead.id), body: {} })).response.status,
    ).toBeLessThan(300);
    expect(await mine()).toEqual({ listed: false, reminded: false });
  });

  it('stay with an archived lead and come back with its contact, restored to the lead or to a client', async () => {
    for (const type of ['lead', 'client'] as const) {
      const lead = await f.createLead();
      const task = await add(
        { lead: lead.id },
        {
          taskType: 'File Review',
          taskName: `back as a ${type}`,
          content: 'x',
          assignedTo: f.idOf('member'),
        },
      );
      const note = await add({ lead: lead.id }, { taskType: 'Notes', content: 'kept' });
      const admin = f.api('administrator');
      const archived = await admin.POST('/api/leads/{id}/archive', { ...idPath(lead.id), body: {} });
      expect(archived.response.status, JSON.stringify(archived.error)).toBe(200);
      const restored = await admin.POST('/api/contacts/{id}/restore', {
        ...idPath(archived.data!.contactId),
        body: { type, notes: 'Back in touch' },
      });
      expect(restored.response.status, JSON.stringify(restored.error)).toBe(200);
      const entries =
        type === 'lead'
          ? await leadTasks(lead.id)
          : (await admin.GET('/api/clients/{id}/tasks', idPath(restored.data!.clientId!))).data!;
      expect(entries.map((t) => t.id).sort()).toEqual([task.id, note.id].sort());
      const mine = (
        await f.api('member').GET('/api/tasks', { params: { query: { status: 'all', search: 'back as' } } })
      ).data!;
      expect(mine.items.map((t) => t.id)).toContain(task.id);
    }
  });

  it("go with their record's purge", async () => {
    const lead = await f.createLead();
    const task = await add(
      { lead: lead.id },
      {
        taskType: 'File Review',
        taskName: 'purged',
        content: 'x',
        assignedTo: f.idOf('member'),
      },
    );
    await add({ lead: lead.id }, { taskType: 'Notes', content: 'purged too' });
    expect(
      (await f.api('administrator').DELETE('/api/leads/{id}', { ...idPath(lead.id), body: {} })).response.status,
    ).toBeLessThan(300);
    const purged = await f.api('account_administrator').DELETE('/api/leads/{id}/permanent', idPath(lead.id));
    expect(purged.response.status, JSON.stringify(purged.error)).toBe(200);
    const left = await f.t.database.db.execute(sql`select id from task_notes where lead_id = ${lead.id}`);
    expect(left.rows).toEqual([]);
    expect((await f.api('member').GET('/api/tasks/{id}', idPath(task.id))).response.status).toBe(404);
  });
});

describe('the assignment mail', () => {
  it('goes to a user someone else gives a task, in plain text, and not to one who takes a task themselves', async () => {
    const lead = await f.createLead();
    const subject = 'New task assigned to you';
    const before = (await f.t.mailsTo(demoEmail('team_lead'), subject)).length;
    const ownBefore = (await f.t.mailsTo(demoEmail('administrator'), subject)).length;
    await add(
      { lead: lead.id },
      {
        taskType: 'Medical Examination',
        taskName: 'Book <b>panel</b> physician',
        content: '<p>secret details</p>',
        dueDate: '2027-02-01',
        priority: 'high',
        assignedTo: f.idOf('team_lead'),
      },
    );
    await add(
      { lead: lead.id },
      { taskType: 'File Review', taskName: 'My own', content: 'x', assignedTo: f.idOf('administrator') },
      'administrator',
    );
    const outbox = await f.t.mailsTo(demoEmail('team_lead'), subject);
    expect(outbox).toHaveLength(before + 1);
    // Who takes a task themselves is not mailed about it.
    expect(await f.t.mailsTo(demoEmail('administrator'), subject)).toHaveLength(ownBefore);
    const mail = outbox.at(-1)!.content;
    expect(mail).toMatch(/^To: team_lead@example\.com$/m);
    expect(mail).toContain('New task assigned to you: Book <b>panel</b> physician');
    expect(mail).toContain(`(lead ${lead.firstName} ${lead.lastName})`);
    expect(mail).toContain('/my-tasks');
    expect(mail).not.toContain('secret details');
    expect(mail).not.toMatch(/Content-Type: text\/html/i);
  });
});
