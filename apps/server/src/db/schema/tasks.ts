// Tasks and notes on a lead or a client (spec 2 "Task/note"): exactly one of lead_id / client_id names the
// record; conversion and reversion move them between the two (features/record-kit/child-records.repository.ts) and a
// purge deletes them with the record. A note keeps no task fields (status, priority, dates, assignee).
// Content is HTML cleaned by the server on every write (features/tasks/task-content.ts).
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { auditColumns, id } from './columns.ts';
import { clients } from './clients.ts';
import { leads } from './leads.ts';
import { users } from './users.ts';

/** My Tasks' search text (3+ letters, trigram): the task's name and type. */
export const taskSearchText = (t: { taskName: AnyPgColumn; taskType: AnyPgColumn }): SQL =>
  sql`lower(coalesce(${t.taskName}, '') || ' ' || ${t.taskType})`;

/** My Tasks' due-date order: undated tasks after every dated one. */
export const myTasksDueKey = (dueDate: AnyPgColumn): SQL => sql`coalesce(${dueDate}, 'infinity'::date)`;

export const taskNotes = pgTable(
  'task_notes',
  {
    id: id(),
    leadId: uuid().references(() => leads.id, { onDelete: 'cascade' }),
    clientId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    ...auditColumns(),
    /** 'task' | 'note' */
    kind: text().notNull(),
    /** Spec 2 §9's task types; 'Notes' for a note. */
    taskType: text().notNull(),
    taskName: text(),
    content: text().notNull(),
    status: text(),
    priority: text(),
    startDate: date({ mode: 'string' }),
    dueDate: date({ mode: 'string' }),
    assignedTo: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** The lead a conversion moved it from. */
    transferredFromLeadId: uuid(),
    /**
     * Whether its record is live (a lead neither deleted nor archived, a client not deleted): kept by triggers
     * (migration task_notes_record_live) so My Tasks, its cards and the reminders need no join to know.
     */
    recordLive: boolean().notNull().default(true),
  },
  (t) => [
    check('task_notes_one_record', sql`num_nonnulls(${t.leadId}, ${t.clientId}) = 1`),
    check(
      'task_notes_note_has_no_task_fields',
      sql`${t.kind} = 'task' or (${t.taskName} is null and ${t.status} is null and ${t.assignedTo} is null and ${t.dueDate} is null)`,
    ),
    // A record's Tasks & Notes tab, newest first.
    index('task_notes_lead_idx').on(t.leadId, t.createdAt, t.id),
    index('task_notes_client_idx').on(t.clientId, t.createdAt, t.id),
    // My Tasks and the reminders: an assignee's tasks by due date; and the visibility a task gives its
    // assignee over the record (features: the shared visibility rule in db/list-query.ts).
    // Its key is My Tasks' default order (undated last), so a page is an index range that stops at 50 rows.
    index('task_notes_assignee_due_idx')
      .on(t.assignedTo, myTasksDueKey(t.dueDate), t.id)
      .where(sql`${t.kind} = 'task' and ${t.recordLive}`),
    index('task_notes_search_idx')
      .using('gin', sql`${taskSearchText(t)} gin_trgm_ops`)
      .where(sql`${t.kind} = 'task' and ${t.recordLive}`),
    index('task_notes_assignee_lead_idx')
      .on(t.assignedTo, t.leadId)
      .where(sql`${t.assignedTo} is not null`),
    index('task_notes_assignee_client_idx')
      .on(t.assignedTo, t.clientId)
      .where(sql`${t.assignedTo} is not null`),
  ],
);

/**
 * My Tasks' cards and the reminders' counts, kept exact by statement-level triggers on task_notes in each
 * writing transaction (migration task_counts): one bucket per assignee, due date and status, over tasks on
 * live records. Overdue depends on today, so buckets keep the due date and the reader sums the few dozen
 * dates a person has.
 */
export const taskCounts = pgTable(
  'task_counts',
  {
    assignedTo: uuid().notNull(),
    /** 'infinity' for an undated task. */
    dueDate: date({ mode: 'string' }).notNull(),
    status: text().notNull(),
    n: bigint({ mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.assignedTo, t.dueDate, t.status] })],
);
