// Tasks and notes through the API: the note rule, sanitising on every write, the summary, the version guard,
// who may read, write and delete, a task's assignee seeing its record, My Tasks and the reminders, and
// tasks following their record through conversion and reversion.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  type MyTaskCounts,
  type MyTasksPage,
  TASK_CONTENT_MAX,
  type TaskRecord,
  type TaskReminders,
  type TaskSummary,
} from '@crm/domain';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';

let f: Fixture;

beforeAll(async () => {
  f = await createFixture();
});
afterAll(async () => {
  await f?.t.close();
});

const add = async (
  path: string,
  body: Record<string, unknown>,
  role: Parameters<Fixture['call']>[0] = 'administrator',
) => {
  const res = await f.call(role, 'POST', path, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TaskRecord;
};

const today = async () => (await f.call('administrator', 'GET', '/api/tasks/reminders')).json().today as string;

describe('tasks and notes on a record', () => {
  it("saves a 'Notes' type, or a body without a task name, as a note with no task fields", async () => {
    const lead = await f.createLead();
    const note = await add(`/api/leads/${lead.id}/tasks`, {
      taskType: 'Notes',
      taskName: 'ignored',
      content: '<p>Called the client</p>',
      status: 'completed',
      priority: 'high',
      dueDate: '2027-01-01',
      assignedTo: f.idOf('consultant'),
    });
    expect(note).toMatchObject({
      kind: 'note',
      taskName: null,
      status: null,
      priority: null,
      dueDate: null,
      assignedTo: null,
    });
    const unnamed = await add(`/api/leads/${lead.id}/tasks`, { taskType: 'File Review', content: 'Checked the file' });
    expect(unnamed.kind).toBe('note');
    const task = await add(`/api/leads/${lead.id}/tasks`, {
      taskType: 'Document Collection',
      taskName: 'Collect passports',
      content: '<p>All pages</p>',
    });
    expect(task).toMatchObject({
      kind: 'task',
      status: 'pending',
      priority: 'medium',
      createdByName: expect.any(String),
    });
    const list = (await f.call('administrator', 'GET', `/api/leads/${lead.id}/tasks`)).json() as TaskRecord[];
    expect(list.map((t) => t.id)).toEqual([task.id, unnamed.id, note.id]);
  });

  it('refuses content with no text in the spec words', async () => {
    const lead = await f.createLead();
    const res = await f.call('administrator', 'POST', `/api/leads/${lead.id}/tasks`, {
      taskType: 'Notes',
      content: '<p> </p><br>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Please add some content to your note or task.');
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
    ];
    for (const content of payloads) {
      const saved = await add(`/api/leads/${lead.id}/tasks`, { taskType: 'Notes', content });
      expect(saved.content, content).not.toMatch(
        /<script|onerror|onload|onclick|javascript:|<iframe|<svg|expression\(|<form|<input|<button|<style|<math|<a /i,
      );
      expect(saved.content).toContain('ok');
    }
    const kept = await add(`/api/leads/${lead.id}/tasks`, {
      taskType: 'Notes',
      content:
        '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u></p><ul><li>one</li></ul><span class="c" style="color: red">s</span>',
    });
    expect(kept.content).toBe(
      '<h2>Title</h2><p><strong>b</strong> <em>i</em> <u>u</u></p><ul><li>one</li></ul><span class="c" style="color:red">s</span>',
    );
    // The edit path cleans too.
    const edited = await f.call('administrator', 'PATCH', `/api/tasks/${kept.id}`, {
      taskType: 'Notes',
      content: '<p onmouseover="x()">again</p><script>1</script>',
      version: kept.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().content).toBe('<p>again</p>');
    const long = await add(`/api/leads/${lead.id}/tasks`, {
      taskType: 'Notes',
      content: `<p>${'a'.repeat(60_000)}</p>`,
    });
    expect(long.content.length).toBeLessThanOrEqual(TASK_CONTENT_MAX);
  });

  it('sums tasks, open tasks and notes, with the last note as plain text of at most 120 characters', async () => {
    const lead = await f.createLead();
    const base = `/api/leads/${lead.id}`;
    await add(`${base}/tasks`, { taskType: 'File Review', taskName: 'a', content: 'x', status: 'pending' });
    await add(`${base}/tasks`, { taskType: 'File Review', taskName: 'b', content: 'x', status: 'in_progress' });
    await add(`${base}/tasks`, { taskType: 'File Review', taskName: 'c', content: 'x', status: 'completed' });
    await add(`${base}/tasks`, { taskType: 'Notes', content: '<p>first</p>' });
    await add(`${base}/tasks`, { taskType: 'Notes', content: `<p><strong>Latest</strong> ${'word '.repeat(40)}</p>` });
    const summary = (await f.call('administrator', 'GET', `${base}/task-summary`)).json() as TaskSummary;
    expect(summary).toMatchObject({ totalTasks: 3, pendingTasks: 2, totalNotes: 2 });
    expect(summary.lastNoteContent!.startsWith('Latest word word')).toBe(true);
    expect(summary.lastNoteContent!.length).toBeLessThanOrEqual(120);
    expect(summary.lastNoteContent).not.toContain('<');
    expect(summary.lastNoteDate).toEqual(expect.any(String));
  });

  it('guards edits with the version (409 when stale)', async () => {
    const lead = await f.createLead();
    const task = await add(`/api/leads/${lead.id}/tasks`, { taskType: 'File Review', taskName: 'v', content: 'x' });
    const body = { taskType: 'File Review', taskName: 'v2', content: 'x', version: task.version };
    expect((await f.call('administrator', 'PATCH', `/api/tasks/${task.id}`, body)).statusCode).toBe(200);
    expect((await f.call('administrator', 'PATCH', `/api/tasks/${task.id}`, body)).statusCode).toBe(409);
  });

  it('assigns only active users', async () => {
    const lead = await f.createLead();
    await f.exec(`update users set status = 'suspended' where id = '${f.idOf('member')}'`);
    const res = await f.call('administrator', 'POST', `/api/leads/${lead.id}/tasks`, {
      taskType: 'File Review',
      taskName: 'x',
      content: 'x',
      assignedTo: f.idOf('member'),
    });
    await f.exec(`update users set status = 'active' where id = '${f.idOf('member')}'`);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Tasks can only be assigned to active users');
  });
});

describe('who may do what', () => {
  it('reads with the record view permission and writes with its edit permission', async () => {
    const lead = await f.createLead();
    expect((await f.call('guest', 'GET', `/api/leads/${lead.id}/tasks`)).statusCode).toBe(200);
    const refused = await f.call('guest', 'POST', `/api/leads/${lead.id}/tasks`, { taskType: 'Notes', content: 'x' });
    expect(refused.statusCode).toBe(403);
    // A consultant neither created nor is assigned to this lead: it does not exist for it.
    expect((await f.call('consultant', 'GET', `/api/leads/${lead.id}/tasks`)).statusCode).toBe(404);
  });

  it("lets a task's assignee see the task and open its record; the task goes, so does the record", async () => {
    const lead = await f.createLead('administrator');
    expect((await f.call('consultant', 'GET', `/api/leads/${lead.id}`)).statusCode).toBe(404);
    const task = await add(`/api/leads/${lead.id}/tasks`, {
      taskType: 'Client Communication',
      taskName: 'Call about medicals',
      content: 'x',
      assignedTo: f.idOf('consultant'),
    });
    expect((await f.call('consultant', 'GET', `/api/leads/${lead.id}`)).statusCode).toBe(200);
    expect((await f.call('consultant', 'GET', `/api/tasks/${task.id}`)).statusCode).toBe(200);
    const mine = (await f.call('consultant', 'GET', '/api/tasks?status=all&pageSize=100')).json() as MyTasksPage;
    expect(mine.items.find((t) => t.id === task.id)).toMatchObject({
      entityName: `${lead.firstName} ${lead.lastName}`,
    });
    // The assignee completes it from My Tasks.
    const done = await f.call('consultant', 'PATCH', `/api/tasks/${task.id}`, {
      taskType: 'Client Communication',
      taskName: 'Call about medicals',
      content: 'x',
      status: 'completed',
      assignedTo: f.idOf('consultant'),
      version: task.version,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await f.call('administrator', 'DELETE', `/api/tasks/${task.id}`)).statusCode).toBe(200);
    expect((await f.call('consultant', 'GET', `/api/leads/${lead.id}`)).statusCode).toBe(404);
  });

  it('deletes for the author, the assignee or supervisor and above, and refuses anyone else', async () => {
    const lead = await f.createLead('administrator');
    const byMember = await add(`/api/leads/${lead.id}/tasks`, { taskType: 'Notes', content: 'mine' }, 'member');
    const other = await add(`/api/leads/${lead.id}/tasks`, { taskType: 'Notes', content: 'not yours' });
    const refused = await f.call('member', 'DELETE', `/api/tasks/${other.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('Only its author, its assignee or a supervisor can delete this task or note');
    expect((await f.call('member', 'DELETE', `/api/tasks/${byMember.id}`)).statusCode).toBe(200);
    expect((await f.call('supervisor', 'DELETE', `/api/tasks/${other.id}`)).statusCode).toBe(200);
    expect((await f.call('administrator', 'GET', `/api/tasks/${other.id}`)).statusCode).toBe(404);
  });
});

describe('My Tasks and the reminders', () => {
  it('groups open tasks on the firm date: overdue, due today, the next 3 days; the cards count them', async () => {
    const lead = await f.createLead();
    const day = await today();
    const assign = (name: string, dueDate: string, status = 'pending') =>
      add(`/api/leads/${lead.id}/tasks`, {
        taskType: 'File Review',
        taskName: name,
        content: 'x',
        dueDate,
        status,
        assignedTo: f.idOf('team_lead'),
      });
    await assign('late', addDays(day, -2));
    await assign('today', day);
    await assign('soon', addDays(day, 3));
    await assign('later', addDays(day, 4));
    await assign('finished', addDays(day, -1), 'completed');
    const reminders = (await f.call('team_lead', 'GET', '/api/tasks/reminders')).json() as TaskReminders;
    expect(reminders.overdue.map((t) => [t.taskName, t.daysOverdue])).toEqual([['late', 2]]);
    expect(reminders.dueToday.map((t) => t.taskName)).toEqual(['today']);
    expect(reminders.upcoming.map((t) => t.taskName)).toEqual(['soon']);
    expect(reminders.counts).toEqual({ overdue: 1, dueToday: 1, upcoming: 1 });
    const counts = (await f.call('team_lead', 'GET', '/api/tasks/counts')).json() as MyTaskCounts;
    expect(counts).toEqual({ pending: 4, overdue: 1, completed: 1 });
    const active = (await f.call('team_lead', 'GET', '/api/tasks')).json() as MyTasksPage;
    expect(active.items.map((t) => t.taskName)).toEqual(['late', 'today', 'soon', 'later']);
    const completed = (await f.call('team_lead', 'GET', '/api/tasks?status=completed')).json() as MyTasksPage;
    expect(completed.items.map((t) => t.taskName)).toEqual(['finished']);
    const searched = (await f.call('team_lead', 'GET', '/api/tasks?status=all&search=soo')).json() as MyTasksPage;
    expect(searched.items.map((t) => t.taskName)).toEqual(['soon']);
    expect((await f.call('guest', 'GET', '/api/tasks')).statusCode).toBe(403);
  });
});

describe('tasks follow their record', () => {
  it('conversion moves them to the client, reversion back to the lead', async () => {
    const lead = await f.createLead();
    const task = await add(`/api/leads/${lead.id}/tasks`, { taskType: 'File Review', taskName: 'moves', content: 'x' });
    const converted = await f.call('administrator', 'POST', `/api/leads/${lead.id}/convert`, {});
    expect(converted.statusCode, converted.body).toBeLessThan(300);
    const clientId = (await f.call('administrator', 'GET', `/api/tasks/${task.id}`)).json().entityId as string;
    const onClient = (await f.call('administrator', 'GET', `/api/clients/${clientId}/tasks`)).json() as TaskRecord[];
    expect(onClient.map((t) => t.id)).toEqual([task.id]);
    expect((await f.call('administrator', 'GET', `/api/leads/${lead.id}/tasks`)).json()).toEqual([]);
    const reverted = await f.call('administrator', 'POST', `/api/clients/${clientId}/revert`, {});
    expect(reverted.statusCode, reverted.body).toBeLessThan(300);
    const back = (await f.call('administrator', 'GET', `/api/leads/${lead.id}/tasks`)).json() as TaskRecord[];
    expect(back.map((t) => t.id)).toEqual([task.id]);
  });

  it('leave My Tasks and the reminders while their record is deleted or archived, and come back with it', async () => {
    const lead = await f.createLead();
    const day = await today();
    const task = await add(`/api/leads/${lead.id}/tasks`, {
      taskType: 'File Review',
      taskName: 'follows the lead',
      content: 'x',
      dueDate: day,
      assignedTo: f.idOf('member'),
    });
    const mine = async () => {
      const page = (await f.call('member', 'GET', '/api/tasks?status=all&pageSize=100')).json() as MyTasksPage;
      const reminders = (await f.call('member', 'GET', '/api/tasks/reminders')).json() as TaskReminders;
      return {
        listed: page.items.some((t) => t.id === task.id),
        reminded: reminders.dueToday.some((t) => t.id === task.id),
      };
    };
    expect(await mine()).toEqual({ listed: true, reminded: true });
    expect((await f.call('administrator', 'DELETE', `/api/leads/${lead.id}`, {})).statusCode).toBeLessThan(300);
    expect(await mine()).toEqual({ listed: false, reminded: false });
    expect((await f.call('administrator', 'POST', `/api/leads/${lead.id}/restore`)).statusCode).toBeLessThan(300);
    expect(await mine()).toEqual({ listed: true, reminded: true });
    expect((await f.call('administrator', 'POST', `/api/leads/${lead.id}/archive`, {})).statusCode).toBeLessThan(300);
    expect(await mine()).toEqual({ listed: false, reminded: false });
  });
});

describe('the assignment mail', () => {
  it('goes to a user someone else gives a task, in plain text, and not to one who takes a task themselves', async () => {
    const lead = await f.createLead();
    const before = (await f.t.outbox()).length;
    await add(`/api/leads/${lead.id}/tasks`, {
      taskType: 'Medical Examination',
      taskName: 'Book <b>panel</b> physician',
      content: '<p>secret details</p>',
      dueDate: '2027-02-01',
      priority: 'high',
      assignedTo: f.idOf('team_lead'),
    });
    await add(
      `/api/leads/${lead.id}/tasks`,
      { taskType: 'File Review', taskName: 'My own', content: 'x', assignedTo: f.idOf('administrator') },
      'administrator',
    );
    const outbox = await f.t.outbox();
    expect(outbox).toHaveLength(before + 1);
    const mail = outbox.at(-1)!.content;
    expect(mail).toMatch(/^To: team_lead@example\.com$/m);
    expect(mail).toContain('New task assigned to you: Book <b>panel</b> physician');
    expect(mail).toContain(`(lead ${lead.firstName} ${lead.lastName})`);
    expect(mail).toContain('/my-tasks');
    expect(mail).not.toContain('secret details');
    expect(mail).not.toMatch(/Content-Type: text\/html/i);
  });
});
