// Administration → Audit Logs (spec 3 §2.4; issue 14 item 4): every write the server recorded, newest
// first, searched on action or resource type, filtered by action, user and days, paged by keyset (it stays
// fast at a million rows), exported as CSV; a row opens its before and after values.
import {
  Button,
  Card,
  EmptyState,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconListSearch, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { type AuditLogEntry, DEFAULT_PAGE_SIZE, ROLES } from '@crm/domain';
import { ChangeList } from '../../../components/change-list.tsx';
import { DateField } from '../../../components/date-field.tsx';
import { ListFooter } from '../../../components/list-footer.tsx';
import { SearchBox } from '../../../components/search-box.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { FIRST_PAGE, type ListNavigation, navigationParams } from '../../../lib/list-navigation.ts';
import { useAssignableUsers } from '../../users/api/assignable-users.ts';
import { type AuditFilter, exportAuditLogs, useAuditActions, useAuditLogs } from '../api/audit-logs.ts';
import { AuditActionBadge } from './audit-action-badge.tsx';

/** What the row is about in words (the server's name or number); the id itself stays in the CSV, the spec's column. */
const resourceText = (entry: AuditLogEntry) => entry.resourceName ?? '—';
const actorText = (entry: AuditLogEntry) => entry.userName ?? (entry.userId ? 'Deleted user' : 'System');

export function AuditLogsTab() {
  const { formatDate, formatTime, today } = useDateFormat();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [navigation, setNavigation] = useState<ListNavigation>({});
  const [open, setOpen] = useState<AuditLogEntry | null>(null);
  const [exporting, setExporting] = useState(false);
  const change = (patch: AuditFilter) => {
    setFilter((current) => ({ ...current, ...patch }));
    setNavigation(FIRST_PAGE);
  };
  const logs = useAuditLogs({ ...filter, ...navigationParams(navigation), pageSize: DEFAULT_PAGE_SIZE });
  const actions = useAuditActions();
  const people = useAssignableUsers(ROLES);
  const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;
  const page = logs.data;
  const items = page?.items ?? [];
  const filtered = Object.values(filter).some(Boolean);

  return (
    <Card withBorder padding={0} radius="md">
      <Stack gap="sm" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <SearchBox
            label="Search audit logs"
            placeholder="Search action or resource type..."
            maxWidth={380}
            onSearch={(search) => change({ search })}
          />
          <Group gap="xs">
            {logs.isFetching && !logs.isPending ? <Loader size={14} role="status" aria-label="Updating" /> : null}
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => {
                void logs.refetch();
                void actions.refetch();
              }}
            >
              Refresh
            </Button>
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
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
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
          <DateField
            kind="document"
            label="From"
            clearable
            filter
            value={filter.from ?? null}
            onChange={(value) => change({ from: value || undefined })}
          />
          <DateField
            kind="document"
            label="To"
            clearable
            filter
            value={filter.to ?? null}
            onChange={(value) => change({ to: value || undefined })}
          />
        </SimpleGrid>
      </Stack>

      {logs.isError ? (
        <EmptyState py={48} title="Error loading audit logs" description={logs.error.message}>
          <Button variant="light" mt="md" onClick={() => void logs.refetch()}>
            Retry
          </Button>
        </EmptyState>
      ) : !logs.isPending && items.length === 0 && !page?.prevCursor ? (
        <EmptyState
          py={48}
          icon={<IconListSearch size={28} />}
          title="No audit entries found"
          description={filtered ? 'No entries match these filters.' : 'Changes appear here as they are made.'}
        />
      ) : (
        <>
          <Table.ScrollContainer minWidth={820}>
            <Table verticalSpacing="xs" highlightOnHover aria-label="Audit log">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Timestamp</Table.Th>
                  <Table.Th>Action</Table.Th>
                  <Table.Th>Resource Type</Table.Th>
                  <Table.Th>Resource</Table.Th>
                  <Table.Th>User</Table.Th>
                  <Table.Th>IP Address</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {logs.isPending
                  ? Array.from({ length: 6 }, (_, i) => (
                      <Table.Tr key={i}>
                        <Table.Td colSpan={6}>
                          <Skeleton height={22} radius="sm" />
                        </Table.Td>
                      </Table.Tr>
                    ))
                  : items.map((entry) => (
                      <Table.Tr key={entry.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <UnstyledButton
                            onClick={() => setOpen(entry)}
                            aria-label={`Details of ${entry.action} at ${when(entry.createdAt)}`}
                          >
                            <Text size="sm" td="underline" c="blue">
                              {when(entry.createdAt)}
                            </Text>
                          </UnstyledButton>
                        </Table.Td>
                        <Table.Td>
                          <AuditActionBadge action={entry.action} />
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{entry.resourceType}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm" truncate maw={220}>
                            {resourceText(entry)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{actorText(entry)}</Text>
                        </Table.Td>
                        <Table.Td>
                          <Text size="xs" ff="monospace">
                            {entry.ipAddress ?? '—'}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ListFooter
            page={page}
            loading={logs.isPending}
            navigation={navigation}
            pageSize={DEFAULT_PAGE_SIZE}
            pageSizes={[DEFAULT_PAGE_SIZE]}
            onNavigate={setNavigation}
            onPageSize={() => {}}
          />
        </>
      )}

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
