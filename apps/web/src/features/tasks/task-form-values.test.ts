import { describe, expect, it } from 'vitest';
import { TASK_MESSAGES } from '@crm/domain';
import { emptyTaskValues, taskFormErrors, taskFormToast, toTaskBody } from './task-form-values.ts';

const valid = { ...emptyTaskValues(), taskName: 'Collect passports', content: '<p>Ask for copies</p>' };

describe('task form values', () => {
  it('accepts a named task with content', () => {
    expect(taskFormErrors(valid, 'entry')).toEqual({});
  });

  it('asks every type but Notes for a task name, in the spec words', () => {
    const errors = taskFormErrors({ ...valid, taskName: '  ' }, 'entry');
    expect(errors).toEqual({ taskName: TASK_MESSAGES.nameRequired });
    expect(taskFormToast(errors)).toEqual({ title: 'Task Name Required', message: 'Please enter a task name.' });
    expect(taskFormErrors({ ...valid, taskName: '', taskType: 'Notes' }, 'entry')).toEqual({});
  });

  it('refuses content that is only markup', () => {
    const errors = taskFormErrors({ ...valid, content: '<p> </p><p><br></p>' }, 'entry');
    expect(taskFormToast(errors)).toEqual({
      title: 'Content Required',
      message: 'Please add some content to your note or task.',
    });
  });

  it('uses the Edit Task dialog messages there', () => {
    expect(taskFormErrors({ ...valid, taskName: '', content: '' }, 'task')).toEqual({
      taskName: 'Please enter a task name',
      content: 'Please add content to the task',
    });
  });

  it('sends a note as its type and content only, and a task with emptied fields as null', () => {
    expect(toTaskBody({ ...valid, taskType: 'Notes', dueDate: '2027-01-01' }, 'entry')).toEqual({
      taskType: 'Notes',
      content: valid.content,
    });
    expect(toTaskBody(valid, 'task')).toEqual({
      taskName: 'Collect passports',
      content: valid.content,
      status: 'pending',
      priority: 'medium',
      startDate: null,
      dueDate: null,
      assignedTo: null,
    });
  });
});
