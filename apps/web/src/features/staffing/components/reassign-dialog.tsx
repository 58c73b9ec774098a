// Reassign a person's open work (issue 16 item 3): choose who takes it and which kinds (open leads, open
// clients, open tasks), read the preview of what moves and what the chosen user may not take, then confirm.
// The server moves it in one transaction and refuses whole in words; the refusal shows here.
import { Alert, Button, Checkbox, Group, Loader, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  ROLE_LABELS,
  type ReassignPreview,
  type StaffMember,
  WORK_KIND_LABELS,
  WORK_KINDS,
  type WorkKind,
  workList,
} from '@crm/domain';
import { isApiError } from '../../../lib/api-client.ts';
import { useReassignPreview } from '../api/reassign-preview.ts';
import { useReassignWork } from '../api/reassign-work.ts';

const nameOf = (m: Pick<StaffMember, 'firstName' | 'lastName'>) => `${m.firstName} ${m.lastName}`.trim();

type Props = {
  /** The person whose work moves; null: closed. */
  from: StaffMember | null;
  people: readonly StaffMember[];
  onClose: () => void;
};

function countOf(preview: ReassignPreview, kind: WorkKind): number {
  return kind === 'tasks' ? preview.tasks.open : preview[kind].records;
}

function refusalOf(preview: ReassignPreview, kind: WorkKind): string | null {
  return preview[kind].refusal;
}

function detailOf(preview: ReassignPreview, kind: WorkKind): string {
  if (kind === 'tasks') return preview.tasks.overdue > 0 ? `${preview.tasks.overdue} overdue` : '';
  const m = preview[kind];
  return [
    m.manager ? `${m.manager} as Manager` : null,
    m.assistantManager ? `${m.assistantManager} as Assistant Manager` : null,
    m.migrationAgent ? `${m.migrationAgent} as Migration Agent` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

export function ReassignDialog({ from, people, onClose }: Props) {
  const [toUserId, setToUserId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<WorkKind[]>([...WORK_KINDS]);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const preview = useReassignPreview(from?.id ?? null, toUserId);
  const reassign = useReassignWork();

  useEffect(() => {
    if (from) {
      setToUserId(null);
      setChosen([...WORK_KINDS]);
      setConfirming(false);
      setError(null);
    }
  }, [from]);

  const target = people.find((p) => p.id === toUserId) ?? null;
  const data = preview.data && preview.data.toUserId === toUserId ? preview.data : undefined;
  // What would move: the chosen kinds with something to move and nothing refusing them.
  const moving = data ? chosen.filter((k) => countOf(data, k) > 0 && !refusalOf(data, k)) : [];
  const blocked = data ? chosen.filter((k) => countOf(data, k) > 0 && refusalOf(data, k)) : [];
  const movingCount = (kind: WorkKind) => (data && moving.includes(kind) ? countOf(data, kind) : 0);
  const summary = workList({
    leads: movingCount('leads'),
    clients: movingCount('clients'),
    tasks: movingCount('tasks'),
  });

  const submit = async () => {
    if (!from || !toUserId) return;
    setError(null);
    try {
      const result = await reassign.mutateAsync({ fromUserId: from.id, toUserId, what: moving });
      notifications.show({ color: 'green', message: result.message });
      onClose();
    } catch (e) {
      setConfirming(false);
      const fields = isApiError(e) ? Object.values(e.fieldErrors).flat() : [];
      setError(fields.length > 0 ? fields.join(' ') : (e as Error).message);
    }
  };

  return (
    <Modal
      opened={from !== null}
      onClose={onClose}
      title={from ? `Reassign ${nameOf(from)}'s work` : 'Reassign work'}
      size="lg"
    >
      {from ? (
        <Stack gap="md">
          <Select
            label="Reassign to"
            placeholder="Choose a user"
            searchable
            data={people
              .filter((p) => p.id !== from.id)
              .map((p) => ({ value: p.id, label: `${nameOf(p)} (${ROLE_LABELS[p.role]})` }))}
            value={toUserId}
            onChange={(value) => {
              setToUserId(value);
              setConfirming(false);
              setError(null);
            }}
            nothingFoundMessage="No active user matches"
            comboboxProps={{ withinPortal: true }}
          />
          {!toUserId ? (
            <Text size="sm" c="dimmed">
              Choose who takes over to see what moves.
            </Text>
          ) : preview.isError ? (
            <Alert color="red" icon={<IconAlertTriangle size={16} />} title="Could not load the preview">
              {preview.error.message}
            </Alert>
          ) : !data ? (
            <Group gap="xs">
              <Loader size="sm" role="status" aria-label="Loading the preview" />
              <Text size="sm">Counting the open work…</Text>
            </Group>
          ) : (
            <>
              <Table aria-label="What moves" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Move</Table.Th>
                    <Table.Th ta="right">Count</Table.Th>
                    <Table.Th>Details</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {WORK_KINDS.map((kind) => {
                    const count = countOf(data, kind);
                    const refusal = refusalOf(data, kind);
                    return (
                      <Table.Tr key={kind}>
                        <Table.Td>
                          <Checkbox
                            label={WORK_KIND_LABELS[kind]}
                            checked={chosen.includes(kind) && count > 0 && !refusal}
                            disabled={count === 0 || Boolean(refusal)}
                            onChange={(e) => {
                              const on = e.currentTarget.checked;
                              setChosen((list) => (on ? [...list, kind] : list.filter((k) => k !== kind)));
                              setConfirming(false);
                            }}
                          />
                        </Table.Td>
                        <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                          {count}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" c={refusal ? 'red' : 'dimmed'}>
                            {refusal ?? detailOf(data, kind)}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
              {blocked.length > 0 ? (
                <Text size="sm" c="dimmed">
                  What the chosen user cannot take stays with {nameOf(from)}.
                </Text>
              ) : null}
            </>
          )}
          {error ? (
            <Alert color="red" icon={<IconAlertTriangle size={16} />} title="Nothing was moved">
              {error}
            </Alert>
          ) : null}
          {confirming && target ? (
            <Alert color="orange" icon={<IconAlertTriangle size={16} />} title="Move this work?">
              {`Move ${summary} from ${nameOf(from)} to ${nameOf(target)}? They become ${nameOf(target)}'s at once.`}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={confirming ? () => setConfirming(false) : onClose}>
              {confirming ? 'Back' : 'Cancel'}
            </Button>
            {confirming ? (
              <Button color="orange" loading={reassign.isPending} onClick={() => void submit()}>
                Confirm reassignment
              </Button>
            ) : (
              <Button disabled={moving.length === 0} onClick={() => setConfirming(true)}>
                Reassign
              </Button>
            )}
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
