// The overview card at the left of a lead's or a client's panel (spec 1 §2.5, §2.6): id, name, age
// and nationality, status badges, then the record's own rows; 'Not set' and 'Unassigned' dimmed.
import {
  Badge,
  Card,
  DataList,
  Divider,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronRight, IconEyeOff } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { ageInYears, fullNameOf, type RecordType } from '@crm/domain';
import { useDateFormat } from '../../../lib/format.ts';
import { useRecordTaskSummary } from '../api/record-task-summary.ts';
import classes from './record-overview-card.module.css';

type AssignedUser = { fullName: string } | null;

type OverviewRecord = {
  displayId: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string | null;
  nationality: string | null;
  isHidden: boolean;
  manager: AssignedUser;
  assistantManager: AssignedUser;
  migrationAgent: AssignedUser;
  createdAt: string;
  updatedAt: string;
  convertedAt: string | null;
};

export const notSet = (value: string | null | undefined) => value || 'Not set';

type RecordOverviewCardProps = {
  title: string;
  record: OverviewRecord;
  /** The status badges; 'Hidden' is added when the record is hidden. */
  badges: ReactNode;
  /** The record's own rows, above Assignment and Dates. */
  children: ReactNode;
  /** Below the dates (a link to the record it came from). */
  footer?: ReactNode;
  /** The record whose Tasks & Notes block is shown, and the jump to its tab. */
  tasks: { type: RecordType; id: string; onOpen: () => void };
};

export function RecordOverviewCard({ title, record, badges, children, footer, tasks }: RecordOverviewCardProps) {
  const { formatDate, today } = useDateFormat();
  const titleId = useId();
  const age = ageInYears(record.dateOfBirth, today());
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} fz="sm" fw={600} c="dimmed" id={titleId}>
            {title}
          </Title>
          <Text size="xs" ff="monospace" c="dimmed">
            {record.displayId}
          </Text>
        </Group>
        <div>
          <Text fw={700} size="lg" lh={1.3}>
            {fullNameOf(record)}
          </Text>
          <Text size="sm" c="dimmed">
            {[age !== null ? `${age} years` : null, record.nationality].filter(Boolean).join(' · ') || 'Not set'}
          </Text>
        </div>
        <Group gap={6}>
          {badges}
          {record.isHidden ? (
            <Badge size="sm" variant="outline" color="gray" tt="none" leftSection={<IconEyeOff size={12} />}>
              Hidden
            </Badge>
          ) : null}
        </Group>
        {children}
        <TasksAndNotes {...tasks} />
        <OverviewSection label="Assignment">
          <OverviewRow label="Manager" value={record.manager?.fullName ?? 'Unassigned'} />
          <OverviewRow label="Assistant" value={record.assistantManager?.fullName ?? 'Unassigned'} />
          <OverviewRow label="Agent" value={record.migrationAgent?.fullName ?? 'Unassigned'} />
        </OverviewSection>
        <OverviewSection label="Dates">
          <OverviewRow label="Created" value={formatDate(record.createdAt)} />
          <OverviewRow label="Updated" value={formatDate(record.updatedAt)} />
          <OverviewRow label="Converted" value={formatDate(record.convertedAt)} />
        </OverviewSection>
        {footer}
      </Stack>
    </Card>
  );
}

/** A group of rows, under a divider when it has a label. */
export function OverviewSection({ label, children }: { label?: string; children: ReactNode }) {
  return (
    <>
      {label ? <Divider label={label} labelPosition="left" /> : null}
      <DataList size="sm" gap={6} labelWidth={92}>
        {children}
      </DataList>
    </>
  );
}

export function OverviewRow({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
      <DataList.ItemValue
        style={{ wordBreak: 'break-word' }}
        c={value === 'Not set' || value === 'Unassigned' ? 'dimmed' : undefined}
      >
        {value}
      </DataList.ItemValue>
    </DataList.Item>
  );
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-AU')} ${n === 1 ? one : many}`;

/** Spec 1 §2.5: the record's task, note and pending counts; a click opens the Tasks & Notes tab. */
function TasksAndNotes({ type, id, onOpen }: RecordOverviewCardProps['tasks']) {
  const summary = useRecordTaskSummary(type, id, true);
  const data = summary.data;
  return (
    <>
      <Divider label="Tasks & Notes" labelPosition="left" />
      <UnstyledButton className={classes.tasks} onClick={onOpen} data-testid="overview-tasks">
        <VisuallyHidden>Open Tasks & Notes: </VisuallyHidden>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          {summary.isPending ? (
            <Loader size={14} aria-label="Loading tasks and notes" />
          ) : data ? (
            <Group gap={4} wrap="wrap">
              <Text size="sm">{plural(data.totalTasks, 'task', 'tasks')}</Text>
              <Text size="sm" c="dimmed" aria-hidden>
                ·
              </Text>
              <Text
                size="sm"
                className={data.pendingTasks > 0 ? classes.pending : undefined}
                fw={data.pendingTasks > 0 ? 600 : undefined}
              >
                {data.pendingTasks.toLocaleString('en-AU')} pending
              </Text>
              <Text size="sm" c="dimmed" aria-hidden>
                ·
              </Text>
              <Text size="sm">{plural(data.totalNotes, 'note', 'notes')}</Text>
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              Unable to load task and note information
            </Text>
          )}
          <IconChevronRight size={16} aria-hidden />
        </Group>
      </UnstyledButton>
    </>
  );
}
