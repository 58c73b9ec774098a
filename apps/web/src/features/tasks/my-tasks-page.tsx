// /my-tasks (spec 2 "My Tasks page"): the signed-in user's assigned tasks. The cards Pending Tasks, Overdue
// and Completed; tiles (default), list or table, remembered in the browser; search, the status filter
// (Active Only by default) and the priority filter, with Reset — all in the URL, filtered, searched and paged
// by the server (keyset). Each task: Edit (the Edit Task dialog), Mark complete, and open its lead or client
// on the Tasks & Notes tab. Live: the 'my_tasks' event refreshes the page when a task is assigned, changed
// or taken away.
import {
  ActionIcon,
  Button,
  Card,
  EmptyState,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconChecklist,
  IconCircleCheck,
  IconExternalLink,
  IconLayoutGrid,
  IconList,
  IconPencil,
  IconTable,
} from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import {
  DEFAULT_MY_TASK_STATUS,
  type MyTaskRow,
  pageSizeChoices,
  pageSizeFor,
  ROLE_LABELS,
  TASK_MESSAGES,
} from '@crm/domain';
import { CountCard } from '../../components/count-card.tsx';
import { CollapsibleStatistics } from '../../components/collapsible-statistics.tsx';
import { ListFooter, navigationOf } from '../../components/list-footer.tsx';
import { ListCell, type ListColumn, ListTable } from '../../components/list-table/list-table.tsx';
import { ListLoadError } from '../../components/list-load-error.tsx';
import { ListToolbar, ListUpdating } from '../../components/list-toolbar.tsx';
import { NoMatchesState } from '../../components/no-matches-state.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { SearchBox } from '../../components/search-box.tsx';
import { useAuthorization } from '../../lib/authorization.ts';
import { useDateFormat } from '../../lib/format.ts';
import { FIRST_PAGE, navigationParams } from '../../lib/list-navigation.ts';
import { pageName, useDocumentTitle } from '../../lib/use-document-title.ts';
import { usePhoneLayout } from '../../lib/use-phone-layout.ts';
import { useMyTaskCounts, useMyTasks } from './api/my-tasks.ts';
import { useUpdateTask } from './api/save-task.ts';
import { EditTaskDialog } from './components/edit-task-dialog.tsx';
import { TaskPriorityBadge, TaskStatusBadge } from './components/task-badges.tsx';
import { TaskContentView } from './components/task-content-view.tsx';
import { preloadTaskEditor } from './components/task-content-field.tsx';
import classes from './components/tasks.module.css';
import { type MyTasksSearch, myTasksSearchSchema, PRIORITY_OPTIONS, STATUS_OPTIONS } from './my-tasks-search.ts';

type View = 'tiles' | 'list' | 'table';
/** The view, kept in the browser (spec 2 §9). */
const VIEW_KEY = 'crm:my-tasks-view';
const ALL = '*';

export function MyTasksPage() {
  useDocumentTitle(pageName('/my-tasks'));
  const { role } = useAuthorization();
  const phone = usePhoneLayout();
  const navigate = useNavigate();
  const search = myTasksSearchSchema.parse(useSearch({ strict: false }));
  const setSearch = (patch: Partial<MyTasksSearch>, replace = false) =>
    void navigate({ to: '/my-tasks', search: { ...search, ...patch } as Record<string, unknown>, replace });

  const [view, setView] = useLocalStorage<View>({
    key: VIEW_KEY,
    defaultValue: 'tiles',
    getInitialValueInEffect: false,
  });
  const shownView: View = phone && view === 'table' ? 'list' : view;
  const status = search.status ?? DEFAULT_MY_TASK_STATUS;
  const pageSizes = pageSizeChoices(role);
  const pageSize = pageSizeFor(role, search.pageSize);
  const navigation = navigationOf(search);
  const list = useMyTasks({
    search: search.search,
    status,
    priority: search.priority,
    ...navigationParams(navigation),
    pageSize,
  });
  const counts = useMyTaskCounts();
  const update = useUpdateTask();
  const [editing, setEditing] = useState<MyTaskRow | null>(null);

  const filtered = Boolean(search.search?.trim()) || status !== DEFAULT_MY_TASK_STATUS || Boolean(search.priority);
  const reset = () => {
    setSearch({ search: undefined, status: undefined, priority: undefined, ...FIRST_PAGE });
  };
  const page = list.data;
  const noRows = page !== undefined && page.items.length === 0 && page.prevCursor === null;
  const noTasksAtAll =
    counts.data !== undefined && counts.data.pending + counts.data.completed === 0 && counts.data.overdue === 0;

  const complete = async (task: MyTaskRow) => {
    try {
      await update.mutateAsync({ id: task.id, body: { status: 'completed', version: task.version } });
      notifications.show({ color: 'green', message: TASK_MESSAGES.taskUpdated });
    } catch (error) {
      notifications.show({ color: 'red', message: TASK_MESSAGES.taskUpdateFailed((error as Error).message) });
    }
  };
  const actions: TaskActions = {
    edit: (task) => {
      preloadTaskEditor();
      setEditing(task);
    },
    complete: (task) => void complete(task),
  };

  return (
    <>
      <PageHeader title="My Tasks" subtitle="The tasks assigned to you, across every lead and client" />

      <CollapsibleStatistics
        label="Task counts"
        summary={counts.data ? `${counts.data.pending.toLocaleString('en-AU')} pending` : undefined}
        mb="md"
      >
        <SimpleGrid cols={{ base: 3 }} spacing="xs">
          {(
            [
              ['Pending Tasks', 'Pending and in progress', counts.data?.pending, undefined],
              ['Overdue', 'Past their due date', counts.data?.overdue, 'var(--mantine-color-red-text)'],
              ['Completed', 'Done', counts.data?.completed, 'var(--mantine-color-green-text)'],
            ] as const
          ).map(([title, caption, value, colour]) => (
            <CountCard
              key={title}
              title={title}
              caption={caption}
              value={value}
              colour={colour}
              failed={counts.isError}
              testId={`my-tasks-${title}`}
            />
          ))}
        </SimpleGrid>
      </CollapsibleStatistics>

      <Card withBorder padding={0} radius="md">
        <ListToolbar gap="xs">
          <Group gap="xs" wrap="wrap" style={{ flex: '1 1 480px' }}>
            <SearchBox
              label="Search tasks"
              placeholder="Search tasks..."
              value={search.search}
              onSearch={(text) => setSearch({ search: text, ...FIRST_PAGE }, true)}
            />
            <Select
              aria-label="Filter by status"
              data={STATUS_OPTIONS}
              value={status}
              allowDeselect={false}
              onChange={(next) =>
                setSearch({
                  status: !next || next === DEFAULT_MY_TASK_STATUS ? undefined : (next as MyTasksSearch['status']),
                  ...FIRST_PAGE,
                })
              }
              w={150}
            />
            <Select
              aria-label="Filter by priority"
              data={PRIORITY_OPTIONS}
              value={search.priority ?? ALL}
              allowDeselect={false}
              onChange={(next) =>
                setSearch({
                  priority: !next || next === ALL ? undefined : (next as MyTasksSearch['priority']),
                  ...FIRST_PAGE,
                })
              }
              w={130}
            />
            <Button variant="default" onClick={reset} disabled={!filtered}>
              Reset
            </Button>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ListUpdating list={list} />
            <Group gap={4} role="group" aria-label="View">
              {(
                [
                  ['tiles', 'Tiles', IconLayoutGrid],
                  ['list', 'List', IconList],
                  ...(phone ? [] : [['table', 'Table', IconTable] as const]),
                ] as const
              ).map(([value, label, Icon]) => (
                <Tooltip key={value} label={`${label} view`}>
                  <ActionIcon
                    size="lg"
                    variant={shownView === value ? 'filled' : 'default'}
                    aria-label={`${label} view`}
                    aria-pressed={shownView === value}
                    onClick={() => setView(value)}
                  >
                    <Icon size={18} />
                  </ActionIcon>
                </Tooltip>
              ))}
            </Group>
          </Group>
        </ListToolbar>

        {list.isError ? (
          <ListLoadError error={list.error} role={ROLE_LABELS[role]} onRetry={() => void list.refetch()} />
        ) : list.isPending ? (
          <Stack p="sm" gap="xs">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} height={72} radius="md" />
            ))}
          </Stack>
        ) : noRows ? (
          filtered ? (
            <NoMatchesState title={TASK_MESSAGES.noMatches} clear={{ label: 'Reset filters', onClick: reset }} />
          ) : (
            <EmptyState
              py={48}
              icon={<IconChecklist size={28} />}
              title={noTasksAtAll ? TASK_MESSAGES.noneAssigned : TASK_MESSAGES.noneFound}
              description={
                noTasksAtAll
                  ? 'Tasks a colleague assigns to you on a lead or client appear here.'
                  : 'No open tasks: choose All Status to see completed ones.'
              }
            />
          )
        ) : (
          <>
            {shownView === 'table' ? (
              <TaskTable tasks={page?.items ?? []} actions={actions} />
            ) : (
              <TaskCards tasks={page?.items ?? []} actions={actions} tiles={shownView === 'tiles'} />
            )}
            <ListFooter
              page={page}
              loading={false}
              navigation={navigation}
              pageSize={pageSize}
              pageSizes={pageSizes}
              onNavigate={(next) => setSearch(next)}
              onPageSize={(n) => setSearch({ pageSize: n !== pageSizes[0] ? n : undefined, ...FIRST_PAGE })}
            />
          </>
        )}
      </Card>

      <EditTaskDialog task={editing} onClose={() => setEditing(null)} />
    </>
  );
}

type TaskActions = { edit: (task: MyTaskRow) => void; complete: (task: MyTaskRow) => void };

/** The Tasks & Notes tab of the task's lead or client (spec 2: the open-entity action). */
function EntityLink({ task, icon }: { task: MyTaskRow; icon?: boolean }) {
  const label = `Open ${task.entityType} ${task.entityName}`;
  const link = (props: Record<string, unknown>) => (
    <Link {...props} to="/leads-clients" search={{ view: task.entityId, type: task.entityType, tab: 'tasks' }} />
  );
  return icon ? (
    <Tooltip label={`Open ${task.entityType}`}>
      <ActionIcon variant="subtle" color="gray" aria-label={label} renderRoot={link}>
        <IconExternalLink size={18} />
      </ActionIcon>
    </Tooltip>
  ) : (
    <Text size="xs" c="dimmed" truncate="end">
      {task.entityType === 'lead' ? 'Lead' : 'Client'} ·{' '}
      <Text span size="xs" c="blue" renderRoot={link} aria-label={label} td="underline">
        {task.entityName}
      </Text>
    </Text>
  );
}

function Actions({ task, actions }: { task: MyTaskRow; actions: TaskActions }) {
  const name = task.taskName ?? 'task';
  return (
    <Group gap={2} wrap="nowrap">
      {task.status !== 'completed' ? (
        <Tooltip label="Mark complete">
          <ActionIcon
            variant="subtle"
            color="green"
            aria-label={`Mark ${name} complete`}
            onClick={() => actions.complete(task)}
          >
            <IconCircleCheck size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      <Tooltip label="Edit task">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Edit ${name}`}
          onMouseEnter={preloadTaskEditor}
          onClick={() => actions.edit(task)}
        >
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <EntityLink task={task} icon />
    </Group>
  );
}

function Due({ task }: { task: MyTaskRow }) {
  const { formatDate } = useDateFormat();
  return (
    <Text size="xs" c="dimmed">
      Due{' '}
      <Text span size="xs" className={task.overdue ? classes.overdue : undefined}>
        {formatDate(task.dueDate)}
        {task.overdue ? ' · Overdue' : ''}
      </Text>
    </Text>
  );
}

function TaskCards({ tasks, actions, tiles }: { tasks: MyTaskRow[]; actions: TaskActions; tiles: boolean }) {
  return (
    <SimpleGrid cols={tiles ? { base: 1, sm: 2, lg: 3 } : 1} spacing="sm" p="sm" role="list" aria-label="My tasks">
      {tasks.map((task) => (
        <Card
          key={task.id}
          withBorder
          radius="md"
          padding="sm"
          role="listitem"
          aria-label={task.taskName ?? 'Task'}
          data-testid="my-task"
          className={classes.item}
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Stack gap={4} miw={0}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {task.taskName}
              </Text>
              <EntityLink task={task} />
            </Stack>
            <Actions task={task} actions={actions} />
          </Group>
          <Group gap={6} mt={6} wrap="wrap">
            {task.status ? <TaskStatusBadge status={task.status} size="xs" /> : null}
            {task.priority ? <TaskPriorityBadge priority={task.priority} size="xs" /> : null}
            <Text size="xs" c="dimmed">
              {task.taskType}
            </Text>
          </Group>
          {tiles ? (
            <div style={{ marginTop: 6 }}>
              <TaskContentView html={task.content} clamp />
            </div>
          ) : null}
          <Group gap="md" mt={6} style={{ rowGap: 2 }}>
            <Due task={task} />
            {task.managerName ? (
              <Text size="xs" c="dimmed">
                Manager {task.managerName}
              </Text>
            ) : null}
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

const TASK_COLUMNS: readonly ListColumn[] = [
  { key: 'name', label: 'Task Name' },
  { key: 'assignedTo', label: 'Assigned To', width: 130 },
  // A narrower list leaves the manager out before the task's name runs short.
  { key: 'manager', label: 'Manager', width: 130, minListWidth: 1100 },
  // 'In Progress' in full: a badge in a narrow column shrinks to an ellipsis.
  { key: 'status', label: 'Status', width: 110 },
  { key: 'priority', label: 'Priority', width: 85 },
  { key: 'dueDate', label: 'Due Date', width: 115 },
  { key: 'entity', label: 'Entity', width: 150 },
];

function TaskTable({ tasks, actions }: { tasks: MyTaskRow[]; actions: TaskActions }) {
  const { formatDate } = useDateFormat();
  return (
    <ListTable label="My tasks" columns={TASK_COLUMNS} horizontalSpacing="sm" loading={false} actions={{ width: 110 }}>
      {tasks.map((task) => (
        <Table.Tr key={task.id} data-testid="my-task" aria-label={task.taskName ?? 'Task'}>
          <Table.Td>
            <Text size="sm" fw={600}>
              {task.taskName}
            </Text>
          </Table.Td>
          <Table.Td>{task.assignedToName ?? 'Unassigned'}</Table.Td>
          <ListCell column="manager">{task.managerName ?? 'Unassigned'}</ListCell>
          <Table.Td>{task.status ? <TaskStatusBadge status={task.status} size="xs" /> : null}</Table.Td>
          <Table.Td>{task.priority ? <TaskPriorityBadge priority={task.priority} size="xs" /> : null}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm" className={task.overdue ? classes.overdue : undefined}>
              {formatDate(task.dueDate)}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{task.entityName}</Text>
            <Text size="xs" c="dimmed">
              {task.entityType === 'lead' ? 'Lead' : 'Client'}
            </Text>
          </Table.Td>
          <Table.Td>
            <Actions task={task} actions={actions} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
