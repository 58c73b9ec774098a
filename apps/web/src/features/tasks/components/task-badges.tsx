// How a task's status and priority show: the domain's looks, the same in the panel, My Tasks and reminders.
import { VisuallyHidden } from '@mantine/core';
import {
  TASK_PRIORITY_LABELS,
  TASK_PRIORITY_LOOKS,
  TASK_STATUS_LABELS,
  TASK_STATUS_LOOKS,
  type TaskPriority,
  type TaskStatus,
} from '@crm/domain';
import { StatusBadge } from '../../../components/status-badge.tsx';

export function TaskStatusBadge({ status, size }: { status: TaskStatus; size?: 'xs' | 'sm' }) {
  return (
    <StatusBadge look={TASK_STATUS_LOOKS[status]} size={size}>
      {TASK_STATUS_LABELS[status]}
    </StatusBadge>
  );
}

/** Named as a priority for a screen reader ('Priority: High'). */
export function TaskPriorityBadge({ priority, size }: { priority: TaskPriority; size?: 'xs' | 'sm' }) {
  return (
    <StatusBadge look={TASK_PRIORITY_LOOKS[priority]} size={size}>
      <VisuallyHidden>Priority: </VisuallyHidden>
      {TASK_PRIORITY_LABELS[priority]}
    </StatusBadge>
  );
}
