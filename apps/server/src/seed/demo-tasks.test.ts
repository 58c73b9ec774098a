import { describe, expect, it } from 'vitest';
import { isOverdue, reminderGroupOf, type TaskStatus, taskInputSchema } from '@crm/domain';
import { appForFile } from '../../test/build-test-app.ts';
import { taskNotes } from '../db/schema/index.ts';
import { readFirmToday } from '../platform/settings/settings.repository.ts';
import { seedDemoClients } from './demo-clients.ts';
import { seedDemoLeads } from './demo-leads.ts';
import { seedDemoTasks } from './demo-tasks.ts';
import { seedDemoUsers } from './demo-users.ts';

const t = appForFile();

describe('demo tasks and notes', () => {
  it('seeds valid tasks and notes across the staff, some overdue and some due today, once', async () => {
    await seedDemoUsers(t.database.db, 'Demo-Password-1!');
    await seedDemoLeads(t.database.db);
    await seedDemoClients(t.database.db);
    const n = await seedDemoTasks(t.database.db);
    expect(n).toBeGreaterThan(100);
    expect(await seedDemoTasks(t.database.db)).toBe(0);

    const rows = await t.database.db.select().from(taskNotes);
    const today = await readFirmToday(t.database.db);
    const tasks = rows.filter((r) => r.kind === 'task');
    expect(rows.some((r) => r.kind === 'note')).toBe(true);
    expect(new Set(tasks.map((r) => r.assignedTo)).size).toBeGreaterThan(3);
    const status = (r: (typeof rows)[number]) => r.status as TaskStatus | null;
    expect(tasks.some((r) => isOverdue({ status: status(r), dueDate: r.dueDate }, today))).toBe(true);
    expect(tasks.some((r) => reminderGroupOf({ status: status(r), dueDate: r.dueDate }, today) === 'dueToday')).toBe(
      true,
    );
    // Every row is one the API would accept, and stays what it is (a task a task, a note a note).
    for (const row of rows) {
      const sent = Object.fromEntries(Object.entries(row).filter(([, value]) => value !== null));
      const parsed = taskInputSchema.parse(sent);
      expect(parsed.kind).toBe(row.kind);
    }
  });
});
