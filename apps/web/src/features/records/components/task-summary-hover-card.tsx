// The Desired Visa cell's hover card with the record's tasks-and-notes summary (spec 1 §2.4,
// spec 2: opens after 300 ms, closes after 100 ms, last note truncated to 120 characters).
import { Group, HoverCard, Loader, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { RecordType } from '@crm/domain';
import { useDateFormat } from '../../../lib/format.ts';
import { type TaskNoteSummary, useRecordTaskSummary } from '../api/record-task-summary.ts';

const LAST_NOTE_LENGTH = 120;

const truncate = (text: string) => (text.length > LAST_NOTE_LENGTH ? `${text.slice(0, LAST_NOTE_LENGTH)}…` : text);

const isEmpty = (s: TaskNoteSummary | null | undefined): boolean => !s || (s.totalTasks === 0 && s.totalNotes === 0);

type TaskSummaryHoverCardProps = { type: RecordType; id: string; children: ReactNode };

export function TaskSummaryHoverCard({ type, id, children }: TaskSummaryHoverCardProps) {
  const [opened, setOpened] = useState(false);
  return (
    <HoverCard
      // Descriptive content only: the card describes the cell instead of being a popup it owns.
      role="tooltip"
      openDelay={300}
      closeDelay={100}
      width={260}
      position="bottom-start"
      shadow="md"
      withinPortal
      onOpen={() => setOpened(true)}
      onClose={() => setOpened(false)}
    >
      <HoverCard.Target>
        <div>{children}</div>
      </HoverCard.Target>
      <HoverCard.Dropdown onClick={(e) => e.stopPropagation()}>
        {opened ? <SummaryBody type={type} id={id} /> : null}
      </HoverCard.Dropdown>
    </HoverCard>
  );
}

function SummaryBody({ type, id }: { type: RecordType; id: string }) {
  const { formatDate } = useDateFormat();
  const summary = useRecordTaskSummary(type, id, true);
  if (summary.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">Loading…</Text>
      </Group>
    );
  }
  if (summary.isError) return <Text size="sm">Unable to load task and note information</Text>;
  const s = summary.data;
  if (!s || isEmpty(s)) {
    return (
      <Text size="sm" c="dimmed">
        No tasks and notes available
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        Tasks & Notes
      </Text>
      <Group gap="md">
        <Figure label="Tasks" value={s.totalTasks} />
        <Figure label="Pending" value={s.pendingTasks} />
        <Figure label="Notes" value={s.totalNotes} />
      </Group>
      {s.lastNoteContent ? (
        <div>
          <Text size="xs" c="dimmed">
            Last note{s.lastNoteDate ? ` · ${formatDate(s.lastNoteDate)}` : ''}
          </Text>
          <Text size="sm">{truncate(s.lastNoteContent)}</Text>
        </div>
      ) : null}
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="lg" fw={700} lh={1.1}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </div>
  );
}
