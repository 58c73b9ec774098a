// The panel's task / note dialog: 'Add Task/Note' or 'Edit Task/Note', full screen on a phone. Editing
// reads the entry afresh; one deleted meanwhile says so.
import { useState } from 'react';
import { TASK_MESSAGES } from '@crm/domain';
import { DialogLoadError, FormDialog } from '../../../components/form-dialog.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useTask } from '../api/my-tasks.ts';
import type { TaskOwner } from '../api/task-keys.ts';
import { TaskForm } from './task-form.tsx';

export type TaskDialogState = { mode: 'new' } | { mode: 'edit'; id: string } | null;

type TaskDialogProps = { owner: TaskOwner; state: TaskDialogState; onClose: () => void };

export function TaskDialog({ owner, state, onClose }: TaskDialogProps) {
  // What the dialog shows stays while it closes (its content leaves with the closing transition).
  const [shown, setShown] = useState(state);
  if (state !== null && state !== shown) setShown(state);
  const task = useTask(state?.mode === 'edit' ? state.id : null);
  const notFound = isApiError(task.error) && task.error.status === 404;

  return (
    <FormDialog
      opened={state !== null}
      onClose={onClose}
      title={shown?.mode === 'new' ? 'Add Task/Note' : 'Edit Task/Note'}
    >
      {shown?.mode === 'new' ? (
        <TaskForm
          variant="entry"
          owner={owner}
          task={null}
          onClose={onClose}
          onReload={() => Promise.resolve(undefined)}
        />
      ) : shown?.mode === 'edit' ? (
        task.isPending ? (
          <PageLoader label="Loading task..." />
        ) : task.data && !notFound ? (
          <TaskForm
            key={shown.id}
            variant="entry"
            owner={owner}
            task={task.data}
            onClose={onClose}
            onReload={async () => (await task.refetch()).data}
          />
        ) : (
          <DialogLoadError
            message={notFound ? TASK_MESSAGES.notFound : (task.error?.message ?? '')}
            onRetry={notFound ? null : () => void task.refetch()}
            onClose={onClose}
          />
        )
      ) : null}
    </FormDialog>
  );
}
