// The daily reminder's recipients, read from real tasks: active assignees with open tasks due on or before
// the firm date, on live records, oldest due first; nothing else.
import { describe, expect, it } from 'vitest';
import { addDays } from '@crm/domain';
import { idPath, type JsonBody } from '../../../test/api-client.ts';
import { fixtureForFile } from '../../../test/record-fixtures.ts';
import { openTasksForDigest } from './task-reminders.repository.ts';

const f = fixtureForFile();

describe('the daily reminder recipients', () => {
  it('are the active assignees of open tasks due by the firm date on live records, oldest due first', async () => {
    const day = '2026-11-24';
    const lead = await f.createLead();
    const gone = await f.createLead();
    const add = async (
      leadId: string,
      name: string,
      dueDate: string,
      role: 'team_lead' | 'member',
      status: JsonBody<'/api/leads/{id}/tasks', 'post'>['status'] = 'pending',
    ) => {
      const res = await f.api('administrator').POST('/api/leads/{id}/tasks', {
        ...idPath(leadId),
        body: { taskType: 'File Review', taskName: name, content: 'x', dueDate, status, assignedTo: f.idOf(role) },
      });
      expect(res.response.status, JSON.stringify(res.error)).toBe(201);
    };
    await add(lead.id, 'due today', day, 'team_lead');
    await add(lead.id, 'overdue', addDays(day, -3), 'team_lead', 'in_progress');
    await add(lead.id, 'tomorrow', addDays(day, 1), 'team_lead');
    await add(lead.id, 'done', addDays(day, -1), 'team_lead', 'completed');
    await add(gone.id, 'on a deleted lead', day, 'team_lead');
    await add(lead.id, 'for a suspended user', day, 'member');
    expect((await f.api('administrator').DELETE('/api/leads/{id}', idPath(gone.id))).response.status).toBeLessThan(300);
    await f.exec(`update users set status = 'suspended' where id = '${f.idOf('member')}'`);
    const recipients = await openTasksForDigest(f.t.database.db, day);
    await f.exec(`update users set status = 'active' where id = '${f.idOf('member')}'`);
    expect(recipients.map((r) => r.userId)).toEqual([f.idOf('team_lead')]);
    expect(recipients[0]!.tasks.map((t) => [t.taskName, t.dueDate, t.entityName])).toEqual([
      ['overdue', addDays(day, -3), `${lead.firstName} ${lead.lastName}`],
      ['due today', day, `${lead.firstName} ${lead.lastName}`],
    ]);
  });
});
