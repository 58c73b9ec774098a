// Administration → Audit Logs (spec 3 §2.4; issue 14 item 4): every write the server recorded, newest
// first, searched on action or resource type, filtered by action, user and days, paged by keyset (it stays
// fast at a million rows), exported as CSV; a row opens its before and after values.
import { Button, Card, EmptyState, Group, Modal, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconListSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { type AuditLogEntry, ROLES } from '@crm/domain';
import { ChangeList } from '../../../components/change-list.tsx';
import { DateRangeFilter } from '../../../components/date-range-filter.tsx';
import { type ListColumn, ListTable } from '../../../components/list-table/list-table.tsx';
import { EntryTimeButton, LogFilters } from '../../../components/log-filters.tsx';
import { PagedListBody } from '../../../components/paged-list-body.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { useListFilter } from '../../../lib/use-list-paging.ts';
import { useAssignableUsers } from '../../users/index.ts';
import { type AuditFilter, exportAuditLogs, useAuditActions, useAuditLogs } from '../api/audit-logs.ts';
import { AuditActionBadge } from './audit-action-badge.tsx';

/** What the row is about in words (the server's name or number); the id itself stays in the CSV, the spec's column. */
const resourceText = (entry: AuditLogEntry) => entry.resourceName ?? '—';
const actorText = (entry: AuditLogEntry) => entry.userName ?? (entry.userId ? 'Deleted user' : 'System');

const COLUMNS: readonly ListColumn[] = [
  { key: 'timestamp', label: 'Timestamp', width: 150 },
  // The longest action (APPLY_CLIENT_CREDIT_TO_INVOICE and the like) shows whole.
  { key: 'action', label: 'Action', width: 240 },
  { key: 'resourceType', label: 'Resource Type', width: 145 },
  { key: 'resource', label: 'Resource' },
  { key: 'user', label: 'User', width: 150 },
  { key: 'ip', label: 'IP Address', width: 115 },
];

export function AuditLogsTab() {
  const { formatDate, formatTime, today } = useDateFormat();
  const { filter, change, paging, filtered } = useListFilter<AuditFilter>();
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  const [exporting, setExporting] = useState(false);
  const logs = useAuditLogs({ ...filter, ...paging.params });
  const actions = useAuditActions();
  const people = useAssignableUsers(ROLES);
  const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;
  const page = logs.data;
  const items = page?.items ?? [];

  return (
    <Card withBorder padding={0} radius="md">
      <LogFilters
        searchLabel="Search audit logs"
        searchPlaceholder="Search action or resource type..."
        onSearch={(search) => change({ search })}
        list={logs}
        onRefresh={() => {
          void logs.refetch();
          void actions.refetch();
        }}
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporting}
            onClick={() => {
              setExporting(true);
              exportAuditLogs(filter, today())
                .catch((error: unknown) =>
                  notifications.show({ color: 'red', message: isApiError(error) ? error.message : 'Export failed' }),
                )
                .finally(() => setExporting(false));
            }}
          >
            Export CSV
          </Button>
        }
        cols={{ base: 1, xs: 2, md: 4 }}
      >
        <Select
          label="Action"
          placeholder="All actions"
          data={actions.data ?? []}
          value={filter.action ?? null}
          onChange={(value) => change({ action: value ?? undefined })}
          searchable
          clearable
          allowDeselect={false}
          nothingFoundMessage="No such action"
        />
        <Select
          label="User"
          placeholder="All users"
          data={(people.data ?? []).map((u) => ({ value: u.id, label: u.fullName }))}
          value={filter.userId ?? null}
          onChange={(value) => change({ userId: value ?? undefined })}
          searchable
          clearable
          allowDeselect={false}
          nothingFoundMessage="No such user"
        />
        <DateRangeFilter from={filter.from} to={filter.to} onChange={change} />
      </LogFilters>

      <PagedListBody
        list={logs}
        errorTitle="Error loading audit logs:"
        empty={
          <EmptyState
            py={48}
            icon={<IconListSearch size={28} />}
            title="No audit entries found"
            description={filtered ? 'No entries match these filters.' : 'Changes appear here as they are made.'}
          />
        }
        {...paging}
      >
        <ListTable label="Audit log" columns={COLUMNS} horizontalSpacing="sm" loading={logs.isPending}>
          {items.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <EntryTimeButton
                  onClick={() => setOpen(entry)}
                  label={`Details of ${entry.action} at ${when(entry.createdAt)}`}
                >
                  {when(entry.createdAt)}
                </EntryTimeButton>
              </Table.Td>
              <Table.Td>
                <AuditActionBadge action={entry.action} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{entry.resourceType}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" truncate>
                  {resourceText(entry)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" truncate>
                  {actorText(entry)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" ff="monospace">
                  {entry.ipAddress ?? '—'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </PagedListBody>

      <Modal opened={open !== null} onClose={() => setOpen(null)} title="Audit entry" size="lg">
        {open ? (
          <Stack gap="xs">
            <Group gap="xs">
              <AuditActionBadge action={open.action} />
              <Text size="sm">
                {open.resourceType} · {resourceText(open)} · {when(open.createdAt)}
              </Text>
            </Group>
            <Text size="sm">
              By {actorText(open)}
              {open.ipAddress ? ` from ${open.ipAddress}` : ''}
            </Text>
            {open.userAgent ? (
              <Text size="xs" c="dimmed">
                {open.userAgent}
              </Text>
            ) : null}
            {open.changes.length > 0 ? (
              <ScrollArea.Autosize mah={360}>
                <ChangeList changes={open.changes} />
              </ScrollArea.Autosize>
            ) : (
              <Text size="sm" c="dimmed">
                No field values recorded.
              </Text>
            )}
          </Stack>
        ) : null}
      </Modal>
    </Card>
  );
}
