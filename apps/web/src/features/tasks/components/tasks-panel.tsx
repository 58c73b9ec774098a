// The Tasks & Notes tab of a lead or client (spec 2 "Tasks & Notes panel"): 'Add Task/Note', the record's
// entries newest first (at most 50, so the Tasks / Notes switch filters here), each with view, edit and
// delete, and the dialogs. Who may do what mirrors the server: the record's edit permission (or being the
// task's assignee) to change an entry; the domain's mayDeleteTaskOrNote (the delete action) to delete one.
import { Anchor, Button, EmptyState, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconNotes, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import {
  displayId,
  fullNameOf,
  mayDeleteTaskOrNote,
  TASK_MESSAGES,
  TASKS_PER_RECORD,
  type TaskRecord,
} from '@crm/domain';
import { ReadOnlyNotice, RecordSectionHeader, sectionLoadState } from '../../../components/record-section.tsx';
import { RecordActionModal } from '../../../components/record-action-modal.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useClient } from '../../clients/index.ts';
import { useRecordTasks } from '../api/record-tasks.ts';
import { useDeleteTask } from '../api/save-task.ts';
import type { TaskOwner } from '../api/task-keys.ts';
import { preloadTaskEditor } from './task-content-field.tsx';
import { TaskDetailsDialog } from './task-details-dialog.tsx';
import { TaskDialog, type TaskDialogState } from './task-dialog.tsx';
import { entryName, TaskItems } from './task-items.tsx';

export type TasksPanelProps = {
  owner: TaskOwner;
  /** Why entries cannot be added or changed here (a converted lead, a reverted client, the role), or null. */
  readOnlyReason: string | null;
  /** A converted lead: the client its tasks and notes moved to, and how to open it. */
  movedToClient?: { id: string; onOpen: () => void } | null;
};

type Shown = 'all' | 'task' | 'note';

export function TasksPanel({ owner, readOnlyReason, movedToClient = null }: TasksPanelProps) {
  const { role, user, moduleAccess } = useAuthorization();
  const tasks = useRecordTasks(owner);
  const remove = useDeleteTask();
  const readOnly = readOnlyReason !== null;

  const [shown, setShown] = useState<Shown>('all');
  const [dialog, setDialog] = useState<TaskDialogState>(null);
  const [viewing, setViewing] = useState<TaskRecord | null>(null);
  const [deleting, setDeleting] = useState<TaskRecord | null>(null);

  const all = useMemo(() => tasks.data ?? [], [tasks.data]);
  const counts = useMemo(
    () => ({ task: all.filter((t) => t.kind === 'task').length, note: all.filter((t) => t.kind === 'note').length }),
    [all],
  );
  const list = shown === 'all' ? all : all.filter((t) => t.kind === shown);

  const me = user?.id;
  const canEdit = (task: TaskRecord) => !readOnly || (task.kind === 'task' && task.assignedTo === me);
  // Whoever wrote or was given the entry: deleting it needs the delete action all the same (decision 0027).
  const canDelete = user !== null && mayDeleteTaskOrNote(role, owner.type, moduleAccess);
  const edit = (task: TaskRecord) => {
    setViewing(null);
    setDialog({ mode: 'edit', id: task.id });
  };
  const updating = tasks.isFetching && !tasks.isPending;

  return (
    <Stack gap="sm">
      <RecordSectionHeader
        title="Tasks & Notes"
        updating={updating}
        action={
          readOnly ? null : (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setDialog({ mode: 'new' })}
              onMouseEnter={preloadTaskEditor}
              onFocus={preloadTaskEditor}
            >
              Add Task/Note
            </Button>
          )
        }
      />

      {readOnlyReason ? <ReadOnlyNotice>{readOnlyReason}</ReadOnlyNotice> : null}

      {sectionLoadState(tasks, {
        loading: 'Loading tasks and notes...',
        errorTitle: 'Error loading tasks and notes:',
        role,
      }) ??
        (all.length === 0 && movedToClient ? (
          <MovedToClient client={movedToClient} />
        ) : all.length === 0 ? (
          <EmptyState py={40} icon={<IconNotes size={28} />} title={TASK_MESSAGES.empty} />
        ) : (
          <>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <SegmentedControl
                size="xs"
                aria-label="Show"
                value={shown}
                onChange={(value) => setShown(value as Shown)}
                data={[
                  { value: 'all', label: `All (${all.length})` },
                  { value: 'task', label: `Tasks (${counts.task})` },
                  { value: 'note', label: `Notes (${counts.note})` },
                ]}
              />
              {all.length >= TASKS_PER_RECORD ? (
                <Text size="xs" c="dimmed">
                  The latest {TASKS_PER_RECORD} are shown.
                </Text>
              ) : null}
            </Group>
            {list.length === 0 ? (
              <Text size="sm" c="dimmed" ta="center" py="lg">
                {shown === 'task' ? 'No tasks on this record.' : 'No notes on this record.'}
              </Text>
            ) : (
              <TaskItems
                tasks={list}
                canEdit={canEdit}
                canDelete={canDelete}
                onView={setViewing}
                onEdit={edit}
                onDelete={setDeleting}
              />
            )}
          </>
        ))}

      <TaskDialog owner={owner} state={dialog} onClose={() => setDialog(null)} />
      <TaskDetailsDialog
        task={viewing}
        onClose={() => setViewing(null)}
        onEdit={viewing && canEdit(viewing) ? edit : null}
      />
      <RecordActionModal
        opened={deleting !== null}
        title={deleting?.kind === 'note' ? 'Delete Note' : 'Delete Task'}
        subject={deleting ? { name: entryName(deleting), displayId: deleting.taskType } : null}
        body={TASK_MESSAGES.deleteConfirm}
        reasonPlaceholder={null}
        confirmLabel="Delete"
        color="red"
        messages={{ success: TASK_MESSAGES.deleted, failure: 'Failed to delete' }}
        run={() => (deleting ? remove.mutateAsync(deleting) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** Where a converted lead's entries are now: the client by name (by its id while loading or if not visible). */
function MovedToClient({ client }: { client: { id: string; onOpen: () => void } }) {
  const record = useClient(client.id);
  const name = record.data ? fullNameOf(record.data) : displayId('client', client.id);
  return (
    <EmptyState py={40} icon={<IconArrowRight size={28} />} title={TASK_MESSAGES.movedToClient}>
      <Anchor component="button" type="button" size="sm" underline="always" onClick={client.onOpen}>
        Open client {name}
      </Anchor>
    </EmptyState>
  );
}
