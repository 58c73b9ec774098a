// Demo timesheets (issue 16 item 5): two weeks of time for the demo consultant and team lead against records
// they manage, the week before last approved by the demo supervisor and last week submitted, so the week
// grid, Approvals and the report have something to show. Seeded once into an empty table.
import { addDays, weekStartOf } from '@crm/domain';
import { count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { auditLogs, clients, leads, timesheetEntries, timesheetWeeks, users } from '../db/schema/index.ts';
import { readFirmToday } from '../platform/settings/settings.repository.ts';
import { demoEmail } from './demo-users.ts';

/** What a day's time was spent on; the large load adds to these. */
export const DESCRIPTIONS = [
  'Prepared the visa application',
  'Client meeting: documents checklist',
  'Reviewed skills assessment',
  'Phone call about health examinations',
  'Drafted the cover letter',
  'Checked police certificates',
];

/** Inserts the demo timesheets when there are none and nobody ever logged time; returns how many entries. */
export async function seedDemoTimesheets(db: Database): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(timesheetEntries);
  const [history] = await db
    .select({ n: count() })
    .from(auditLogs)
    .where(sql`${auditLogs.resourceType} = 'TIMESHEET_ENTRY'`);
  if ((existing?.n ?? 0) > 0 || (history?.n ?? 0) > 0) return 0;
  const staff = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [demoEmail('consultant'), demoEmail('team_lead'), demoEmail('supervisor')]));
  const idOf = (role: 'consultant' | 'team_lead' | 'supervisor') => staff.find((u) => u.email === demoEmail(role))?.id;
  const approver = idOf('supervisor');
  const authors = [idOf('consultant'), idOf('team_lead')].filter((id): id is string => !!id);
  if (!approver || authors.length === 0) return 0;

  const thisWeek = weekStartOf(await readFirmToday(db));
  const approvedWeek = addDays(thisWeek, -14);
  const submittedWeek = addDays(thisWeek, -7);
  const now = new Date();
  let entries = 0;
  await db.transaction(async (tx) => {
    for (const [a, author] of authors.entries()) {
      // Records the author manages or created (a consultant sees only those), else any live ones.
      const mine = or(eq(leads.managerUserId, author), eq(leads.createdBy, author));
      let records: { leadId: string | null; clientId: string | null }[] = (
        await tx
          .select({ id: leads.id })
          .from(leads)
          .where(sql`${mine} and ${leads.deletedAt} is null and ${leads.archivedAt} is null`)
          .orderBy(leads.id)
          .limit(3)
      ).map((l) => ({ leadId: l.id, clientId: null }));
      if (records.length === 0) {
        records = (
          await tx
            .select({ id: clients.id })
            .from(clients)
            .where(sql`${clients.deletedAt} is null`)
            .orderBy(clients.id)
            .limit(3)
        ).map((c) => ({ leadId: null, clientId: c.id }));
      }
      if (records.length === 0) continue;
      for (const [w, weekStart] of [approvedWeek, submittedWeek].entries()) {
        const rows = [0, 1, 2, 3, 4].flatMap((day) =>
          [0, 1].map((slot) => ({
            userId: author,
            entryDate: addDays(weekStart, day),
            hours: [3.5, 4, 2.5, 3, 4.5][(day + slot + a + w) % 5]!,
            ...records[(day + slot) % records.length]!,
            description: DESCRIPTIONS[(day * 2 + slot + a) % DESCRIPTIONS.length]!,
            createdBy: author,
            updatedBy: author,
          })),
        );
        await tx.insert(timesheetEntries).values(rows);
        entries += rows.length;
        const approved = weekStart === approvedWeek;
        await tx.insert(timesheetWeeks).values({
          userId: author,
          weekStart,
          status: approved ? 'approved' : 'submitted',
          submittedAt: now,
          approvedBy: approved ? approver : null,
          approvedAt: approved ? now : null,
          createdBy: author,
          updatedBy: approved ? approver : author,
        });
      }
    }
  });
  return entries;
}
