import { describe, expect, it } from 'vitest';
import { HOURS_BOUNDS, MAX_HOURS_PER_DAY } from '@crm/domain';
import { appForFile } from '../../test/build-test-app.ts';
import { timesheetEntries, timesheetWeeks } from '../db/schema/index.ts';
import { seedDemoClients } from './demo-clients.ts';
import { seedDemoLeads } from './demo-leads.ts';
import { seedDemoTimesheets } from './demo-timesheets.ts';
import { seedDemoUsers } from './demo-users.ts';

const t = appForFile();

describe('demo timesheets', () => {
  it('seeds an approved and a submitted week for the consultant and the team lead, once', async () => {
    await seedDemoUsers(t.database.db, 'Demo-Password-1!');
    await seedDemoLeads(t.database.db);
    await seedDemoClients(t.database.db);
    const n = await seedDemoTimesheets(t.database.db);
    expect(n).toBe(40);
    expect(await seedDemoTimesheets(t.database.db)).toBe(0);
    const weeks = await t.database.db.select().from(timesheetWeeks);
    expect(weeks.map((w) => w.status).sort()).toEqual(['approved', 'approved', 'submitted', 'submitted']);
    const entries = await t.database.db.select().from(timesheetEntries);
    const perDay = new Map<string, number>();
    for (const e of entries) {
      expect(e.hours).toBeGreaterThanOrEqual(HOURS_BOUNDS.min);
      perDay.set(`${e.userId}:${e.entryDate}`, (perDay.get(`${e.userId}:${e.entryDate}`) ?? 0) + e.hours);
    }
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(MAX_HOURS_PER_DAY);
  });
});
