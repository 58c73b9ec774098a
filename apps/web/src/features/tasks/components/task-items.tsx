// The record's tasks and notes as a list of cards: a task with its name, type, status, priority, due date
// (overdue in red), assignee and a few lines of its content; a note with its content; each with who wrote
// it and when, and the view / edit / delete actions the user may take.
import { ActionIcon, Card, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconChecklist, IconEye, IconNote, IconPencil, IconTrash } from '@tabler/icons-react';
import type { TaskRecord } from '@crm/domain';
import { useDateFormat } from '../../../lib/format.ts';
import { TaskPriorityBadge, TaskStatusBadge } from './task-badges.tsx';
import { TaskContentView } from './task-content-view.tsx';
import classes from './tasks.module.css';

type TaskItemsProps = {
  tasks: readonly TaskRecord[];
  canEdit: (task: TaskRecord) => boolean;
  /** The role may delete the record's entries (the same for all of them: decision 0027). */
  canDelete: boolean;
  onView: (task: TaskRecord) => void;
  onEdit: (task: TaskRecord) => void;
  onDelete: (task: TaskRecord) => void;
};

/** How the entry is named in the actions' labels and the delete confirmation. */
export const entryName = (task: TaskRecord) => task.taskName ?? 'Note';

export function TaskItems({ tasks, canEdit, canDelete, onView, onEdit, onDelete }: TaskItemsProps) {
  const { formatDate } = useDateFormat();
  return (
    <Stack gap="xs" role="list" aria-label="Tasks and notes">
      {tasks.map((task) => {
        const isTask = task.kind === 'task';
        const name = entryName(task);
        return (
          <Card
            key={task.id}
            withBorder
            radius="md"
            padding="sm"
            className={classes.item}
            role="listitem"
            aria-label={name}
            data-testid="task-item"
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Group gap="sm" align="flex-start" wrap="nowrap" miw={0}>
                <ThemeIcon variant="light" color={isTask ? 'blue' : 'gray'} size="md" radius="md" aria-hidden>
                  {isTask ? <IconChecklist size={18} /> : <IconNote size={18} />}
                </ThemeIcon>
                <Stack gap={4} miw={0}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                  <Group gap={6} wrap="wrap">
                    {isTask ? (
                      <Text size="xs" c="dimmed">
                        {task.taskType}
                      </Text>
                    ) : null}
                    {task.status ? <TaskStatusBadge status={task.status} size="xs" /> : null}
                    {task.priority ? <TaskPriorityBadge priority={task.priority} size="xs" /> : null}
                  </Group>
                </Stack>
              </Group>
              <Group gap={2} wrap="nowrap">
                <Tooltip label="View details">
                  <ActionIcon variant="subtle" color="gray" aria-label={`View ${name}`} onClick={() => onView(task)}>
                    <IconEye size={18} />
                  </ActionIcon>
                </Tooltip>
                {canEdit(task) ? (
                  <Tooltip label="Edit">
                    <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${name}`} onClick={() => onEdit(task)}>
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
                {canDelete ? (
                  <Tooltip label="Delete">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete ${name}`}
                      onClick={() => onDelete(task)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            </Group>
            <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
              <TaskContentView html={task.content} clamp />
            </div>
            <Group gap="md" mt="xs" wrap="wrap" style={{ rowGap: 2 }}>
              {isTask ? (
                <>
                  <Text size="xs" c="dimmed">
                    Due{' '}
                    <Text span size="xs" className={task.overdue ? classes.overdue : undefined}>
                      {formatDate(task.dueDate)}
                      {task.overdue ? ' · Overdue' : ''}
                    </Text>
                  </Text>
                  <Text size="xs" c="dimmed">
                    Assigned to {task.assignedToName ?? 'Unassigned'}
                  </Text>
                </>
              ) : null}
              <Text size="xs" c="dimmed">
                {task.createdByName ? `By ${task.createdByName} · ` : ''}
                {formatDate(task.createdAt)}
              </Text>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
