// Administration → Deleted Items (spec 3 §2.4; issue 14 item 6): the four counters, search, the type filter,
// Refresh, and the table with Restore (administrators) and Delete Forever (account administrators, after
// the spec's confirmation), each through the record type's own route.
import { Alert, Button, Card, EmptyState, Group, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRestore, IconTrash, IconTrashOff } from '@tabler/icons-react';
import { useState } from 'react';
import {
  DELETED_ITEM_OUTCOMES,
  DELETED_ITEM_TYPE_LABELS,
  DELETED_ITEM_TYPES,
  type DeletedItem,
  type DeletedItemsStatistics,
  type DeletedItemType,
  DELETED_ITEMS_MESSAGES,
  type Permission,
} from '@crm/domain';
import { type Counter, CounterCards } from '../../../components/counter-cards.tsx';
import { type ListColumn, ListTable } from '../../../components/list-table/list-table.tsx';
import { ListToolbar, ListUpdating, RefreshButton } from '../../../components/list-toolbar.tsx';
import { PagedListBody } from '../../../components/paged-list-body.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { useListPaging } from '../../../lib/use-list-paging.ts';
import { useDeletedItemAction, useDeletedItems, useDeletedItemsStatistics } from '../api/deleted-items.ts';
import { ConfirmActions } from '../../../components/confirm-actions.tsx';

const COUNTERS: Counter<DeletedItemsStatistics>[] = [
  { label: 'Deleted Leads', value: (s) => s.leads },
  { label: 'Deleted Clients', value: (s) => s.clients },
  { label: 'Total Deleted', value: (s) => s.total },
  { label: 'Recent Deletions', caption: 'Last 7 days', value: (s) => s.recent },
];

/** What each type's Restore and Delete Forever need (the server decides; the buttons follow). */
const NEEDS: Record<DeletedItemType, { restore: Permission; purge: Permission }> = {
  lead: { restore: 'leads:delete', purge: 'leads:delete_permanent' },
  client: { restore: 'clients:delete', purge: 'clients:delete_permanent' },
  service: { restore: 'leads:delete', purge: 'leads:delete_permanent' },
  invoice: { restore: 'finance:delete', purge: 'finance:delete_permanent' },
};

const TYPE_OPTIONS = [
  { value: 'all', label: 'All Types' },
  ...DELETED_ITEM_TYPES.map((type) => ({ value: type, label: `${DELETED_ITEM_TYPE_LABELS[type]}s` })),
];

/** Spec 1 §8: the failure in the spec's words, with the server's reason under it when there is one. */
function showFailure(failure: string, error: unknown) {
  notifications.show(
    isApiError(error) ? { color: 'red', title: failure, message: error.message } : { color: 'red', message: failure },
  );
}

const COLUMNS: readonly ListColumn[] = [
  { key: 'type', label: 'Type', width: 110 },
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'phone', label: 'Phone', width: 150 },
  { key: 'deletedAt', label: 'Deleted Date', width: 160 },
  { key: 'reason', label: 'Reason', width: 170 },
];

export function DeletedItemsTab() {
  const { can } = useAuthorization();
  const { formatDate, formatTime } = useDateFormat();
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [type, setType] = useState<DeletedItemType | undefined>(undefined);
  const paging = useListPaging();
  const [purging, setPurging] = useState<DeletedItem | null>(null);
  const list = useDeletedItems({ search, type, ...paging.params });
  const statistics = useDeletedItemsStatistics();
  const action = useDeletedItemAction();
  const page = list.data;
  const items = page?.items ?? [];

  const restore = (item: DeletedItem) =>
    action.mutate(
      { type: item.type, id: item.id, action: 'restore' },
      {
        onSuccess: () => notifications.show({ color: 'green', message: DELETED_ITEM_OUTCOMES[item.type].restored }),
        onError: (error) => showFailure(DELETED_ITEM_OUTCOMES[item.type].restoreFailed, error),
      },
    );

  return (
    <Stack gap="md">
      <CounterCards counters={COUNTERS} data={statistics.data} testIdPrefix="deleted" />

      <Card withBorder padding={0} radius="md">
        <ListToolbar>
          <Group gap="sm" style={{ flex: '1 1 360px' }} wrap="wrap">
            <SearchBox
              label="Search deleted items"
              placeholder="Search name, email or phone..."
              maxWidth={340}
              onSearch={(value) => {
                setSearch(value);
                paging.restart();
              }}
            />
            <Select
              aria-label="Type"
              data={TYPE_OPTIONS}
              value={type ?? 'all'}
              allowDeselect={false}
              w={160}
              onChange={(value) => {
                setType(value && value !== 'all' ? (value as DeletedItemType) : undefined);
                paging.restart();
              }}
            />
            <ListUpdating list={list} />
          </Group>
          <RefreshButton
            onClick={() => {
              void list.refetch();
              void statistics.refetch();
            }}
          />
        </ListToolbar>

        <PagedListBody
          list={list}
          errorTitle="Error loading deleted items:"
          empty={
            <EmptyState
              py={48}
              icon={<IconTrashOff size={28} />}
              title={DELETED_ITEMS_MESSAGES.empty}
              description={search || type ? DELETED_ITEMS_MESSAGES.noMatches : DELETED_ITEMS_MESSAGES.nothingDeleted}
            />
          }
          {...paging}
        >
          <ListTable
            label="Deleted items"
            columns={COLUMNS}
            horizontalSpacing="sm"
            loading={list.isPending}
            actions={{ width: 270, labelHidden: true }}
          >
            {items.map((item) => (
              <Table.Tr key={`${item.type}-${item.id}`} aria-label={item.name}>
                <Table.Td>
                  <StatusBadge look={{ variant: 'default' }}>{DELETED_ITEM_TYPE_LABELS[item.type]}</StatusBadge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {item.name}
                  </Text>
                  {item.deletedByName ? (
                    <Text size="xs" c="dimmed">
                      Deleted by {item.deletedByName}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{item.email ?? '—'}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{item.phone ?? '—'}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm">
                    {item.deletedAt
                      ? `${formatDate(item.deletedAt)} ${formatTime(item.deletedAt)}`
                      : DELETED_ITEMS_MESSAGES.unknownDate}
                  </Text>
                </Table.Td>
                <Table.Td maw={200}>
                  <Text size="sm" truncate title={item.reason ?? undefined}>
                    {item.reason || DELETED_ITEMS_MESSAGES.noReason}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap" justify="flex-end">
                    {can(NEEDS[item.type].restore) ? (
                      <Button
                        size="xs"
                        variant="light"
                        leftSection={<IconRestore size={14} />}
                        onClick={() => restore(item)}
                        loading={action.isPending && action.variables?.id === item.id}
                      >
                        Restore
                      </Button>
                    ) : null}
                    {can(NEEDS[item.type].purge) ? (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<IconTrash size={14} />}
                        onClick={() => setPurging(item)}
                      >
                        Delete Forever
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </PagedListBody>
      </Card>

      <Modal opened={purging !== null} onClose={() => setPurging(null)} title="Delete Forever" size="md">
        {purging ? (
          <Stack>
            <Alert color="red" variant="light">
              {DELETED_ITEMS_MESSAGES.purgeConfirm(DELETED_ITEM_TYPE_LABELS[purging.type].toLowerCase())}
            </Alert>
            <Text size="sm">
              {DELETED_ITEM_TYPE_LABELS[purging.type]}: <strong>{purging.name}</strong>
            </Text>
            {purging.type === 'client' ? <Text size="sm">{DELETED_ITEMS_MESSAGES.purgeClientLead}</Text> : null}
            <ConfirmActions
              gap="sm"
              label="Delete Forever"
              loading={action.isPending}
              onCancel={() => setPurging(null)}
              onConfirm={() =>
                action.mutate(
                  { type: purging.type, id: purging.id, action: 'purge' },
                  {
                    onSuccess: () => {
                      notifications.show({ color: 'green', message: DELETED_ITEM_OUTCOMES[purging.type].purged });
                      setPurging(null);
                    },
                    onError: (error) => showFailure(DELETED_ITEM_OUTCOMES[purging.type].purgeFailed, error),
                  },
                )
              }
            />
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
