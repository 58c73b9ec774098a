// Handing one user's work to another (or to nobody): the one statement per table that User Management's
// delete and Staffing's reassign both run. A record is updated once whatever roles the user holds on it,
// and its version moves, so a form open on it is told someone else saved first.
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { ASSIGNMENT_FIELDS, OPEN_TASK_STATUSES } from '@crm/domain';
import type { Executor } from '../../db/database.ts';
import { clients, contacts, leads, taskNotes } from '../../db/schema/index.ts';
import { changedBy } from '../../db/schema/columns.ts';

type AssignedTable = typeof leads | typeof clients | typeof contacts;

/** Rows of the table where the user holds any of the three assignments. */
export const assignedTo = (table: AssignedTable, userId: string): SQL =>
  or(...ASSIGNMENT_FIELDS.map((field) => sql`${table[field]} = ${userId}`))!;

export type HandOverScope = {
  /** Which rows of each table move; a table left out keeps its rows; `true` moves them all. */
  leads?: SQL | true;
  clients?: SQL | true;
  contacts?: SQL | true;
  /** Which of the user's open tasks move (completed and cancelled ones keep who did them). */
  tasks?: SQL | true;
};

export type HandedOver = { leads: number; clients: number; contacts: number; tasks: number };

/** Moves the user's assignments within `scope` to `heir` (null: Unassigned); how many rows of each kind moved. */
export async function handOverWork(
  tx: Executor,
  userId: string,
  heir: string | null,
  scope: HandOverScope,
  actorId: string | null,
): Promise<HandedOver> {
  const move = async (table: AssignedTable, where: SQL | true | undefined): Promise<number> => {
    if (where === undefined) return 0;
    const set = Object.fromEntries(
      ASSIGNMENT_FIELDS.map((field) => [
        field,
        sql`case when ${table[field]} = ${userId} then ${heir}::uuid else ${table[field]} end`,
      ]),
    );
    const rows = await tx
      .update(table)
      .set({ ...set, ...changedBy(table, actorId) })
      .where(and(assignedTo(table, userId), where === true ? undefined : where))
      .returning({ id: table.id });
    return rows.length;
  };
  const leadsMoved = await move(leads, scope.leads);
  const clientsMoved = await move(clients, scope.clients);
  const contactsMoved = await move(contacts, scope.contacts);
  const tasks =
    scope.tasks !== undefined
      ? await tx
          .update(taskNotes)
          .set({ assignedTo: heir, ...changedBy(taskNotes, actorId) })
          .where(and(eq(taskNotes.assignedTo, userId), openTask(), scope.tasks === true ? undefined : scope.tasks))
          .returning({ id: taskNotes.id })
      : [];
  return { leads: leadsMoved, clients: clientsMoved, contacts: contactsMoved, tasks: tasks.length };
}

/** A task still to do: pending or in progress. */
export const openTask = (): SQL =>
  and(sql`${taskNotes.kind} = 'task'`, inArray(taskNotes.status, [...OPEN_TASK_STATUSES]))!;
