// Administration › Data Management › Export: the list exports (issue 15 item 6) in one place, every row of
// each list without filters, for the roles that may export them.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ExportMenu } from '../../../components/export-menu.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { exportUsers } from '../../users/index.ts';

const LISTS = [
  { list: 'leads', label: 'Leads' },
  { list: 'clients', label: 'Clients' },
  { list: 'contacts', label: 'Contacts' },
] as const;

export function ExportCard() {
  const { can } = useAuthorization();
  const { today } = useDateFormat();
  const [busy, setBusy] = useState(false);
  const lists = LISTS.filter(({ list }) => can(`${list}:export`));
  const runUsersExport = async () => {
    setBusy(true);
    try {
      await exportUsers(today());
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'Export failed' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <div>
          <Title order={3}>Export</Title>
          <Text size="sm" c="dimmed">
            Every row of a list as CSV or Excel. The lists' own Export buttons take their filters and search.
          </Text>
        </div>
        <Group gap="sm">
          {lists.map(({ list, label }) => (
            <ExportMenu key={list} list={list} filters={{}} label={label} />
          ))}
          {can('admin:manage_users') && (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              loading={busy}
              onClick={() => void runUsersExport()}
            >
              Users (CSV)
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
