// The panel's task / note dialog: 'Add Task/Note' or 'Edit Task/Note', full screen on a phone. Editing
// reads the entry afresh; one deleted meanwhile says so.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { TASK_MESSAGES } from '@crm/domain';
import { PageLoader } from '../../../components/page-loader.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { useTask } from '../api/my-tasks.ts';
import type { TaskOwner } from '../api/task-keys.ts';
import { TaskForm } from './task-form.tsx';
import { GuardedModal } from '../../../components/close-guard.tsx';

export type TaskDialogState = { mode: 'new' } | { mode: 'edit'; id: string } | null;

type TaskDialogProps = { owner: TaskOwner; state: TaskDialogState; onClose: () => void };

export function TaskDialog({ owner, state, onClose }: TaskDialogProps) {
  const phone = usePhoneLayout();
  // What the dialog shows stays while it closes (its content leaves with the closing transition).
  const [shown, setShown] = useState(state);
  if (state !== null && state !== shown) setShown(state);
  const task = useTask(state?.mode === 'edit' ? state.id : null);
  const notFound = isApiError(task.error) && task.error.status === 404;

  return (
    <GuardedModal
      opened={state !== null}
      onClose={onClose}
      title={shown?.mode === 'new' ? 'Add Task/Note' : 'Edit Task/Note'}
      size="xl"
      fullScreen={phone}
      radius={phone ? 0 : 'md'}
      // A dialog over the record's panel: a click beside it should not throw away what was typed.
      closeOnClickOutside={false}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
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
          <Stack gap="sm">
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
              <Text size="sm">{notFound ? TASK_MESSAGES.notFound : (task.error?.message ?? '')}</Text>
            </Alert>
            <Group justify="flex-end" gap="xs">
              {notFound ? null : (
                <Button variant="light" onClick={() => void task.refetch()}>
                  Try Again
                </Button>
              )}
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
            </Group>
          </Stack>
        )
      ) : null}
    </GuardedModal>
  );
}
