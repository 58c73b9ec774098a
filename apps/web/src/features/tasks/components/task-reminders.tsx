// The Task Reminders panel (spec 2 "Task Reminders panel", §4 reminder groups): floating at the bottom
// right of every page, the signed-in user's open tasks that are overdue, due today or due in the next 3
// days, grouped by the server on the firm's date. Starts minimised to a small button with the counts, and
// the user's choice is remembered in the browser; nothing at all when there is nothing due. Live: the 'my_tasks' event refreshes it when a task
// is assigned to the user, completed or moved.
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconAlarm, IconChevronDown } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { daysBetween, type DueTask, type ReminderGroup, type TaskReminders as Reminders } from '@crm/domain';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { useTaskReminders } from '../api/my-tasks.ts';
import { TaskPriorityBadge } from './task-badges.tsx';
import classes from './task-reminders.module.css';

/** The minimised flag, kept in the browser (spec 2 §9). */
const MINIMISED_KEY = 'crm:task-reminders-minimised';

const GROUPS: { group: ReminderGroup; title: string; color: string }[] = [
  { group: 'overdue', title: 'Overdue', color: 'red' },
  { group: 'dueToday', title: 'Due Today', color: 'orange' },
  { group: 'upcoming', title: 'Upcoming', color: 'blue' },
];

export function TaskReminders() {
  const { can } = useAuthorization();
  const allowed = can('my_tasks:view');
  const reminders = useTaskReminders(allowed);
  const phone = usePhoneLayout();
  const [minimised, setMinimised] = useLocalStorage<boolean>({
    key: MINIMISED_KEY,
    // Folded until the user opens it: open, it would sit over the page's own buttons and columns; folded,
    // its counts still show what is overdue and due today.
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const data = reminders.data;
  if (!allowed || !data) return null;
  const total = data.counts.overdue + data.counts.dueToday + data.counts.upcoming;
  if (total === 0) return null;

  if (minimised) {
    return (
      <div className={classes.dock}>
        <Button
          className={classes.pill}
          radius="xl"
          variant="default"
          leftSection={<IconAlarm size={18} />}
          onClick={() => setMinimised(false)}
          aria-expanded={false}
        >
          <Group gap={6} wrap="nowrap">
            <span>Task Reminders</span>
            {GROUPS.map(({ group, title, color }) =>
              data.counts[group] > 0 ? (
                <Badge key={group} size="sm" circle={data.counts[group] < 10} color={color} variant="filled">
                  {data.counts[group]}
                  <VisuallyHidden> {title.toLowerCase()}</VisuallyHidden>
                </Badge>
              ) : null,
            )}
          </Group>
        </Button>
      </div>
    );
  }

  return (
    <div className={classes.dock}>
      <Paper
        className={classes.panel}
        withBorder
        shadow="lg"
        radius="md"
        component="section"
        aria-label="Task Reminders"
      >
        <Group justify="space-between" wrap="nowrap" px="sm" py={8} className={classes.header}>
          <Group gap={8} wrap="nowrap">
            <IconAlarm size={18} aria-hidden />
            <Text fw={700} size="sm">
              Task Reminders
            </Text>
          </Group>
          <Tooltip label="Minimise">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Minimise task reminders"
              aria-expanded
              onClick={() => setMinimised(true)}
            >
              <IconChevronDown size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        <ScrollArea.Autosize mah={phone ? '50vh' : 'min(420px, 55vh)'} type="auto">
          <Stack gap="sm" p="sm">
            {GROUPS.map(({ group, title, color }) =>
              data.counts[group] > 0 ? (
                <ReminderGroupList key={group} title={title} color={color} group={group} data={data} />
              ) : null,
            )}
          </Stack>
        </ScrollArea.Autosize>
        <Group justify="flex-end" px="sm" py={8} className={classes.footer}>
          <Anchor component={Link} to="/my-tasks" size="sm">
            Open My Tasks
          </Anchor>
        </Group>
      </Paper>
    </div>
  );
}

function ReminderGroupList({
  title,
  color,
  group,
  data,
}: {
  title: string;
  color: string;
  group: ReminderGroup;
  data: Reminders;
}) {
  const items = data[group];
  const more = data.counts[group] - items.length;
  return (
    <section aria-label={title} data-testid={`reminders-${group}`}>
      <Group gap={6} mb={6}>
        <Text size="xs" fw={700} tt="uppercase" className={classes.groupTitle} data-color={color}>
          {title}
        </Text>
        <Badge size="xs" color={color} variant="light">
          {data.counts[group]}
        </Badge>
      </Group>
      <Stack gap={6}>
        {items.map((task) => (
          <ReminderItem key={task.id} task={task} group={group} today={data.today} />
        ))}
        {more > 0 ? (
          <Anchor component={Link} to="/my-tasks" size="xs">
            and {more.toLocaleString('en-AU')} more
          </Anchor>
        ) : null}
      </Stack>
    </section>
  );
}

function dueText(task: DueTask, group: ReminderGroup, today: string): string {
  if (group === 'overdue') return `${task.daysOverdue} day${task.daysOverdue === 1 ? '' : 's'} overdue`;
  if (group === 'dueToday') return 'Due today';
  const days = daysBetween(today, task.dueDate);
  return days === 1 ? 'Due tomorrow' : `Due in ${days} days`;
}

function ReminderItem({ task, group, today }: { task: DueTask; group: ReminderGroup; today: string }) {
  const { formatDate } = useDateFormat();
  return (
    <div className={classes.item} data-testid="reminder-item">
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text size="sm" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {task.taskName}
        </Text>
        <div style={{ flexShrink: 0 }}>
          <TaskPriorityBadge priority={task.priority} size="xs" />
        </div>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Anchor
          renderRoot={(props) => (
            <Link
              {...props}
              to="/leads-clients"
              search={{ view: task.entityId, type: task.entityType, tab: 'tasks' }}
            />
          )}
          size="xs"
          truncate="end"
        >
          {task.entityName}
        </Anchor>
        <Text
          size="xs"
          c={group === 'overdue' ? undefined : 'dimmed'}
          className={group === 'overdue' ? classes.late : undefined}
          fw={group === 'overdue' ? 600 : undefined}
          style={{ whiteSpace: 'nowrap' }}
        >
          <time dateTime={task.dueDate} title={formatDate(task.dueDate)}>
            {dueText(task, group, today)}
          </time>
        </Text>
      </Group>
    </div>
  );
}
