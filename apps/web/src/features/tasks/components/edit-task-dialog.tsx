// My Tasks' Edit Task dialog (spec 2 "Edit Task dialog"): an info card of the linked lead or client
// (initials, full name, age, email, phone, nationality, visa, manager, assistant manager), then the task's
// fields (TaskForm, variant 'task') with Cancel and Save Changes. The task is read afresh on opening.
import { Alert, Avatar, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ageInYears, fullNameOf, type MyTaskRow, TASK_MESSAGES } from '@crm/domain';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { useClient } from '../../clients/index.ts';
import { useLead } from '../../leads/index.ts';
import { useTask } from '../api/my-tasks.ts';
import { TaskForm } from './task-form.tsx';

export function EditTaskDialog({ task, onClose }: { task: MyTaskRow | null; onClose: () => void }) {
  const [shown, setShown] = useState(task);
  if (task !== null && task !== shown) setShown(task);
  const fresh = useTask(task?.id ?? null);
  const notFound = isApiError(fresh.error) && fresh.error.status === 404;
  return (
    <FormDialog opened={task !== null} onClose={onClose} title="Edit Task">
      {shown ? (
        <Stack gap="md">
          <RecordInfoCard task={shown} />
          {fresh.isPending ? (
            <PageLoader label="Loading task..." />
          ) : fresh.data && !notFound ? (
            <TaskForm
              key={fresh.data.id}
              variant="task"
              owner={null}
              task={fresh.data}
              onClose={onClose}
              onReload={async () => (await fresh.refetch()).data}
            />
          ) : (
            <Alert color="red" variant="light" role="alert">
              {notFound ? TASK_MESSAGES.notFound : (fresh.error?.message ?? '')}
            </Alert>
          )}
        </Stack>
      ) : null}
    </FormDialog>
  );
}

type Person = {
  firstName: string;
  middleName: string | null;
  lastName: string;
  dateOfBirth: string | null;
  email: string;
  contactNumberDisplay: string;
  nationality: string | null;
  desiredVisa: string | null;
  currentVisaSubclass: string | null;
  manager: { fullName: string } | null;
  assistantManager: { fullName: string } | null;
};

function RecordInfoCard({ task }: { task: MyTaskRow }) {
  const lead = useLead(task.entityType === 'lead' ? task.entityId : null);
  const client = useClient(task.entityType === 'client' ? task.entityId : null);
  const record: Person | undefined = task.entityType === 'lead' ? lead.data : client.data;
  const loading = task.entityType === 'lead' ? lead.isPending : client.isPending;
  const { today } = useDateFormat();
  if (!record)
    return loading ? (
      <Skeleton height={96} radius="md" />
    ) : (
      <Card withBorder radius="md" padding="sm">
        <Text size="sm">
          {task.entityType === 'lead' ? 'Lead' : 'Client'}: {task.entityName}
        </Text>
      </Card>
    );
  const name = fullNameOf(record);
  const initials = `${record.firstName[0] ?? ''}${record.lastName[0] ?? ''}`.toUpperCase();
  const age = ageInYears(record.dateOfBirth, today());
  const rows: [string, string][] = [
    ['Email', record.email],
    ['Phone', record.contactNumberDisplay],
    ['Nationality', record.nationality ?? 'Not set'],
    ['Visa', record.currentVisaSubclass ?? record.desiredVisa ?? 'Not set'],
    ['Manager', record.manager?.fullName ?? 'Unassigned'],
    ['Assistant Manager', record.assistantManager?.fullName ?? 'Unassigned'],
  ];
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label={`${task.entityType} ${name}`}>
      <Group gap="sm" mb="xs" wrap="nowrap">
        <Avatar color="blue" radius="xl">
          {initials}
        </Avatar>
        <div>
          <Text fw={700}>{name}</Text>
          <Text size="xs" c="dimmed">
            {task.entityType === 'lead' ? 'Lead' : 'Client'}
            {age !== null ? ` · ${age} years` : ''}
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="xs" verticalSpacing={4}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
