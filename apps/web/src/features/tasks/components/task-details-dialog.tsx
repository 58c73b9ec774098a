// A task's or note's details (spec 2 "Tasks & Notes panel"): type, status, priority, the dates in long
// form, who it is assigned to, who wrote it, the created and last-updated timestamps, and the content.
import { Badge, Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TaskRecord } from '@crm/domain';
import { useDateFormat } from '../../../lib/format.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { TaskPriorityBadge, TaskStatusBadge } from './task-badges.tsx';
import { TaskContentView } from './task-content-view.tsx';

type TaskDetailsDialogProps = {
  task: TaskRecord | null;
  onClose: () => void;
  /** Offered when the user may change the entry. */
  onEdit: ((task: TaskRecord) => void) | null;
};

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </div>
  );
}

export function TaskDetailsDialog({ task, onClose, onEdit }: TaskDetailsDialogProps) {
  const phone = usePhoneLayout();
  const { formatLongDate, formatTime } = useDateFormat();
  const stamp = (value: string) => `${formatLongDate(value)} at ${formatTime(value)}`;
  const isTask = task?.kind === 'task';
  return (
    <Modal
      opened={task !== null}
      onClose={onClose}
      title={isTask ? 'Task Details' : 'Note Details'}
      size="lg"
      fullScreen={phone}
      radius={phone ? 0 : 'md'}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {task ? (
        <Stack gap="md">
          <Stack gap={6}>
            {task.taskName ? (
              <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
                {task.taskName}
              </Title>
            ) : null}
            <Group gap={6}>
              <Badge variant="light" color="gray" radius="sm" tt="none">
                {task.taskType}
              </Badge>
              {task.status ? <TaskStatusBadge status={task.status} /> : null}
              {task.priority ? <TaskPriorityBadge priority={task.priority} /> : null}
              {task.overdue ? (
                <Badge color="red" variant="outline" radius="sm" tt="none">
                  Overdue
                </Badge>
              ) : null}
            </Group>
          </Stack>
          {isTask ? (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
              <Detail label="Start Date">{formatLongDate(task.startDate)}</Detail>
              <Detail label="Due Date">{formatLongDate(task.dueDate)}</Detail>
              <Detail label="Assigned To">{task.assignedToName ?? 'Unassigned'}</Detail>
            </SimpleGrid>
          ) : null}
          <div>
            <Text size="xs" c="dimmed" mb={4}>
              Content
            </Text>
            <TaskContentView html={task.content} />
          </div>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
            <Detail label="Created">
              {stamp(task.createdAt)}
              {task.createdByName ? ` by ${task.createdByName}` : ''}
            </Detail>
            <Detail label="Last Updated">{stamp(task.updatedAt)}</Detail>
          </SimpleGrid>
          <Group justify="flex-end" gap="xs">
            {onEdit ? (
              <Button variant="light" onClick={() => onEdit(task)}>
                Edit
              </Button>
            ) : null}
            <Button variant="default" onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
