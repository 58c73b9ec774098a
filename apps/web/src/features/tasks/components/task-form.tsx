// The task / note form: the Tasks & Notes panel's 'Add Task/Note' and edit (variant 'entry': the type
// first, a note showing content only) and My Tasks' Edit Task dialog (variant 'task': a task's fields in
// the dialog's order and words). Checked with the domain's schemas before saving; the server checks again.
import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import {
  EDITABLE_TASK_STATUSES,
  TASK_MESSAGES,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  TASK_TYPES,
  type Role,
  type TaskRecord,
} from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import { isStaleEditError, SaveErrorAlert } from '../../../components/record-form/record-form-alerts.tsx';
import { asSelectProps } from '../../../components/record-form/select-props.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { UserPicker } from '../../users/index.ts';
import { useAddTask, useUpdateTask } from '../api/save-task.ts';
import type { TaskOwner } from '../api/task-keys.ts';
import {
  emptyTaskValues,
  isNoteType,
  type TaskFormValues,
  type TaskFormVariant,
  taskFormErrors,
  taskFormToast,
  taskToFormValues,
  toTaskBody,
} from '../task-form-values.ts';
import { TaskContentField } from './task-content-field.tsx';
import { useCloseGuard } from '../../../components/close-guard.tsx';

const STATUS_OPTIONS = EDITABLE_TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }));
const PRIORITY_OPTIONS = TASK_PRIORITIES.map((p) => ({ value: p, label: TASK_PRIORITY_LABELS[p] }));
/** Assignees are active users of any role (spec 2 "Other rules"). */
const ANY_ROLE: readonly Role[] = [];

type TaskFormProps = {
  variant: TaskFormVariant;
  /** The record a new entry is added to; null when editing. */
  owner: TaskOwner | null;
  /** The saved entry (edit), or null for a new one. */
  task: TaskRecord | null;
  onClose: () => void;
  /** Reads the saved entry again (after a stale edit). */
  onReload: () => Promise<TaskRecord | undefined>;
};

export function TaskForm({ variant, owner, task, onClose, onReload }: TaskFormProps) {
  const [current, setCurrent] = useState<TaskRecord | null>(task);
  const initialValues = useMemo(() => (task ? taskToFormValues(task) : emptyTaskValues()), [task]);
  const form = useForm<TaskFormValues>({ mode: 'controlled', initialValues });
  const add = useAddTask(owner ?? { type: 'lead', id: '' });
  const update = useUpdateTask();
  const saving = add.isPending || update.isPending;

  const [submitted, setSubmitted] = useState(false);
  const [saveError, setSaveError] = useState<Error | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});

  const values = form.values;
  const live = useMemo(() => taskFormErrors(values, variant), [values, variant]);
  const note = variant === 'entry' && isNoteType(values);
  const isNew = current === null;

  /**
   * Errors show once the field holds something new or a save was tried (the editor reports its first,
   * empty state as a change); the server's until the next change.
   */
  const errorOf = (path: keyof TaskFormValues): string | undefined =>
    (submitted || form.isDirty(path) ? live[path] : undefined) ?? serverErrors[path];
  const set = (path: keyof TaskFormValues) => (value: string) => {
    form.setFieldValue(path, value);
    setServerErrors({});
  };
  const selectProps = (path: 'taskType' | 'status' | 'priority') =>
    asSelectProps({ value: values[path], onChange: set(path), error: errorOf(path) });

  const failedTitle = variant === 'task' ? 'Failed to update task' : isNew ? 'Failed to create' : 'Failed to update';

  const save = async () => {
    setSubmitted(true);
    const toast = taskFormToast(live);
    if (toast) {
      notifications.show({ color: 'red', ...toast });
      return;
    }
    setSaveError(null);
    setServerErrors({});
    const body = toTaskBody(values, variant);
    try {
      const saved =
        current === null
          ? await add.mutateAsync(body)
          : await update.mutateAsync({ id: current.id, body: { ...body, version: current.version } });
      setCurrent(saved);
    } catch (error) {
      const failed = error as Error;
      setSaveError(failed);
      if (failed instanceof ApiError && Object.keys(failed.fieldErrors).length > 0)
        setServerErrors(Object.fromEntries(Object.entries(failed.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])));
      notifications.show({
        color: 'red',
        message: variant === 'task' ? TASK_MESSAGES.taskUpdateFailed(failed.message) : failed.message,
      });
      return;
    }
    notifications.show({
      color: 'green',
      message: variant === 'task' ? TASK_MESSAGES.taskUpdated : isNew ? TASK_MESSAGES.created : TASK_MESSAGES.updated,
    });
    onClose();
  };

  /** After a stale edit: drop the edits here and show the entry as saved now. */
  const reload = async () => {
    const fresh = await onReload();
    setSaveError(null);
    setServerErrors({});
    setSubmitted(false);
    if (fresh) {
      setCurrent(fresh);
      form.setInitialValues(taskToFormValues(fresh));
      form.setValues(taskToFormValues(fresh));
      form.resetDirty(taskToFormValues(fresh));
    }
  };

  const canSave = !saving && (isNew || form.isDirty());
  useCloseGuard(form.isDirty());

  const nameField = (
    <TextInput
      label="Task Name"
      required
      maxLength={200}
      value={values.taskName}
      onChange={(event) => set('taskName')(event.currentTarget.value)}
      error={errorOf('taskName')}
      data-autofocus={variant === 'task' ? true : undefined}
    />
  );
  const statusAndPriority = (
    <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
      <Select label="Status" data={STATUS_OPTIONS} {...selectProps('status')} />
      <Select label="Priority" data={PRIORITY_OPTIONS} {...selectProps('priority')} />
    </SimpleGrid>
  );
  const dates = (
    <SimpleGrid cols={2} spacing="sm" verticalSpacing="xs">
      <DateField
        kind="document"
        label="Start Date"
        clearable
        value={values.startDate}
        onChange={set('startDate')}
        error={errorOf('startDate')}
      />
      <DateField
        kind="document"
        label="Due Date"
        clearable
        value={values.dueDate}
        onChange={set('dueDate')}
        error={errorOf('dueDate')}
      />
    </SimpleGrid>
  );
  const assignee = (
    <UserPicker
      label={variant === 'task' ? 'Assign To' : 'Assign To (Optional)'}
      roles={ANY_ROLE}
      value={values.assignedTo}
      onChange={set('assignedTo')}
      error={errorOf('assignedTo')}
      current={
        current?.assignedTo && current.assignedToName
          ? { id: current.assignedTo, fullName: current.assignedToName }
          : null
      }
    />
  );
  const content = (
    <TaskContentField value={values.content} onChange={set('content')} required error={errorOf('content')} />
  );

  return (
    <form
      noValidate
      aria-label={variant === 'task' ? 'Edit task' : isNew ? 'New task or note' : 'Edit task or note'}
      onSubmit={(event) => {
        event.preventDefault();
        if (canSave) void save();
      }}
    >
      <Stack gap="sm">
        {saveError ? (
          <SaveErrorAlert
            title={failedTitle}
            message={saveError.message}
            stale={isStaleEditError(saveError)}
            onDismiss={() => setSaveError(null)}
            onReload={() => void reload()}
            onRetry={() => void save()}
            retryDisabled={saving}
          />
        ) : null}
        {variant === 'entry' ? (
          <>
            <Select
              label="Type"
              data={TASK_TYPES as unknown as string[]}
              {...selectProps('taskType')}
              data-autofocus={isNew || undefined}
            />
            {note ? null : nameField}
            {content}
            {note ? null : (
              <>
                {dates}
                {statusAndPriority}
                {assignee}
              </>
            )}
          </>
        ) : (
          <>
            {nameField}
            {statusAndPriority}
            {dates}
            {assignee}
            {content}
          </>
        )}
      </Stack>
      <Group justify="flex-end" gap="xs" mt="md">
        <Button variant="default" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={!canSave} loading={saving}>
          {variant === 'task' || !isNew ? 'Save Changes' : note ? 'Add Note' : 'Add Task'}
        </Button>
      </Group>
    </form>
  );
}
