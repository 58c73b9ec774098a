// The Add time dialog's optional task (DECISIONS.md §3: "client or lead, optional task"). With a record picked:
// that record's tasks, open ones first. Before one is picked: the user's own open tasks (My Tasks), and
// picking one of those picks its record too, searched by the server (the user may have many). The server
// checks the task is the record's either way.
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { OPEN_TASK_STATUSES, TASK_STATUS_LABELS, type TaskRecord } from '@crm/domain';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useMyTasks, useRecordTasks } from '../../tasks/index.ts';
import type { PickedRecord } from './record-picker.tsx';

export type PickedTask = { id: string; label: string };

type Option = { value: string; label: string };

const taskLabel = (task: TaskRecord) => task.taskName ?? task.taskType;
const isOpen = (task: TaskRecord) => task.status !== null && OPEN_TASK_STATUSES.includes(task.status);

export function TaskPicker({
  record,
  value,
  onPick,
  error,
}: {
  record: PickedRecord | null;
  value: PickedTask | null;
  onPick: (task: PickedTask | null, record?: PickedRecord) => void;
  error?: string | undefined;
}) {
  const { can } = useAuthorization();
  const mayListOwn = can('my_tasks:view');
  const ofRecord = useRecordTasks({ type: record?.type ?? 'lead', id: record?.id ?? '' }, record !== null);
  const [search, setSearch] = useState('');
  // Once a task is picked the box shows its label: that is no search to send.
  const [term] = useDebouncedValue(search === value?.label ? '' : search.trim(), 300);
  const mine = useMyTasks({ status: 'active', pageSize: 50, search: term }, record === null && mayListOwn);

  const byId = new Map<string, { task: PickedTask; record?: PickedRecord }>();
  const option = (id: string, label: string, of?: PickedRecord): Option => {
    byId.set(id, { task: { id, label }, ...(of ? { record: of } : {}) });
    return { value: id, label };
  };
  let data: { group: string; items: Option[] }[];
  if (record) {
    const tasks = (ofRecord.data ?? []).filter((t) => t.kind === 'task');
    data = [
      { group: 'Open tasks', items: tasks.filter(isOpen).map((t) => option(t.id, taskLabel(t))) },
      {
        group: 'Other tasks',
        items: tasks
          .filter((t) => !isOpen(t))
          .map((t) => option(t.id, `${taskLabel(t)} (${t.status ? TASK_STATUS_LABELS[t.status] : ''})`)),
      },
    ];
  } else {
    const items = (mine.data?.items ?? []).map((t) =>
      option(t.id, `${taskLabel(t)} · ${t.entityName}`, { type: t.entityType, id: t.entityId, label: t.entityName }),
    );
    data = [{ group: 'Your open tasks', items }];
  }
  // The picked task may be older than the newest 50 entries read: it stays listed and named.
  if (value && !byId.has(value.id)) data.unshift({ group: 'Picked', items: [option(value.id, value.label)] });
  data = data.filter((g) => g.items.length > 0);

  const loading = record ? ofRecord.isFetching : mine.isFetching;
  const disabled = record === null && !mayListOwn;
  return (
    <Select
      label="Task"
      description="Optional"
      placeholder={
        record ? 'One of its tasks' : disabled ? 'Choose a lead or client first' : 'One of your open tasks, or none'
      }
      searchable
      clearable
      disabled={disabled}
      data={data}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // A record's tasks are all here to filter; the user's own are searched by the server.
      filter={record ? undefined : ({ options }) => options}
      nothingFoundMessage={
        loading ? 'Loading...' : record ? 'No tasks on this lead or client' : 'No open tasks assigned to you'
      }
      onChange={(id) => {
        const picked = id ? byId.get(id) : undefined;
        onPick(picked?.task ?? null, picked?.record);
      }}
      error={error}
    />
  );
}
