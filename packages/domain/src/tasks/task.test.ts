import { describe, expect, it } from 'vitest';
import { addDays, firmToday } from '../calendar/calendar.ts';
import {
  isOverdue,
  kindOf,
  noteExcerpt,
  plainTextOf,
  reminderGroupOf,
  TASK_MESSAGES,
  taskEditFormSchema,
  taskFormSchema,
  taskInputSchema,
  taskPatchSchema,
} from './task.ts';

/** The messages a schema gives, by field. */
const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('tasks and notes', () => {
  it("make a note of the 'Notes' type or of an entry without a task name", () => {
    expect(kindOf({ taskType: 'Notes', taskName: 'x' })).toBe('note');
    expect(kindOf({ taskType: 'File Review', taskName: '  ' })).toBe('note');
    expect(kindOf({ taskType: 'File Review', taskName: 'Check' })).toBe('task');
    const note = taskInputSchema.parse({ taskType: 'Notes', content: 'x', status: 'completed', dueDate: '2027-01-01' });
    expect(note).toMatchObject({ kind: 'note', status: null, dueDate: null, priority: null });
  });

  it('read rich text as its plain words, and cut the last note at 120 characters', () => {
    expect(plainTextOf('<p>a&nbsp;<strong>b</strong></p><p>c &amp; d</p>')).toBe('a b c & d');
    expect(noteExcerpt(`<p>${'x'.repeat(200)}</p>`)).toHaveLength(120);
    expect(noteExcerpt('<p>short</p>')).toBe('short');
  });

  it('group a task due today in Sydney as due today at 23:30 there, and overdue at 00:30 the next day', () => {
    const task = { status: 'pending' as const, dueDate: '2026-11-24' };
    const at2330 = firmToday('Australia/Sydney', new Date('2026-11-24T12:30:00Z')); // 23:30 AEDT
    const at0030 = firmToday('Australia/Sydney', new Date('2026-11-24T13:30:00Z')); // 00:30 AEDT, the 25th
    expect(reminderGroupOf(task, at2330)).toBe('dueToday');
    expect(isOverdue(task, at2330)).toBe(false);
    expect(reminderGroupOf(task, at0030)).toBe('overdue');
    expect(isOverdue(task, at0030)).toBe(true);
  });

  it('count the upcoming window as three days, and leave closed tasks out', () => {
    const today = '2026-12-30';
    expect(reminderGroupOf({ status: 'in_progress', dueDate: addDays(today, 3) }, today)).toBe('upcoming');
    expect(addDays(today, 3)).toBe('2027-01-02');
    expect(reminderGroupOf({ status: 'pending', dueDate: addDays(today, 4) }, today)).toBeNull();
    expect(reminderGroupOf({ status: 'completed', dueDate: addDays(today, -4) }, today)).toBeNull();
    expect(reminderGroupOf({ status: null, dueDate: today }, today)).toBeNull();
  });

  it("ask the panel's form for content and for a task name unless the type is 'Notes', in the spec's words", () => {
    expect(messagesOf(taskFormSchema.safeParse({ taskType: 'File Review', content: '<p><br></p>' }))).toEqual({
      content: 'Please add some content to your note or task.',
      taskName: 'Please enter a task name.',
    });
    expect(taskFormSchema.safeParse({ taskType: 'Notes', content: '<p>Called</p>' }).success).toBe(true);
    expect(TASK_MESSAGES.contentRequiredTitle).toBe('Content Required');
    expect(TASK_MESSAGES.nameRequiredTitle).toBe('Task Name Required');
  });

  it("ask the Edit Task dialog for a name and content in the dialog's own words", () => {
    expect(messagesOf(taskEditFormSchema.safeParse({ taskName: '  ', content: '<p> </p>' }))).toEqual({
      taskName: 'Please enter a task name',
      content: 'Please add content to the task',
    });
    expect(messagesOf(taskEditFormSchema.safeParse({}))).toEqual({
      taskName: 'Please enter a task name',
      content: 'Please add content to the task',
    });
    expect(taskEditFormSchema.parse({ taskName: ' Call ', content: 'x', status: 'completed' })).toMatchObject({
      taskName: 'Call',
      status: 'completed',
      priority: 'medium',
    });
  });

  it('take a PATCH of the fields that change, with no defaults, and the version', () => {
    expect(taskPatchSchema.parse({ status: 'completed', version: 3 })).toEqual({ status: 'completed', version: 3 });
    expect(taskPatchSchema.parse({ dueDate: null, version: 1 })).toEqual({ dueDate: null, version: 1 });
    expect(taskPatchSchema.safeParse({ status: 'completed' }).success).toBe(false);
    expect(messagesOf(taskPatchSchema.safeParse({ content: '<p></p>', version: 1 }))).toEqual({
      content: 'Please add some content to your note or task.',
    });
  });
});
