// The Report tab: hours per record and per user in a date range (own hours below supervisor), and the CSV
// export for the roles that may export.
import { Alert, Button, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { TIMESHEET_MESSAGES, timesheetExportFileName } from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import { type ListColumn, ListTable } from '../../../components/list-table/list-table.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { fetchFile, saveFile } from '../../../lib/file-requests.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { useTimesheetReport } from '../api/timesheets.ts';
import { errorText, hoursText } from '../timesheet-format.ts';

const RECORD_COLUMNS: readonly ListColumn[] = [
  { key: 'record', label: 'Lead or client' },
  { key: 'type', label: 'Type', width: 100 },
  { key: 'hours', label: 'Hours', width: 100, align: 'right' },
];
const USER_COLUMNS: readonly ListColumn[] = [
  { key: 'staff', label: 'Staff' },
  { key: 'hours', label: 'Hours', width: 100, align: 'right' },
];

export function Report() {
  const { can } = useAuthorization();
  const { today } = useDateFormat();
  const [from, setFrom] = useState(() => `${today().slice(0, 7)}-01`);
  const [to, setTo] = useState(() => today());
  const valid = Boolean(from && to && from <= to);
  const report = useTimesheetReport(from, to, valid);
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    setExporting(true);
    try {
      saveFile(await fetchFile(`/api/timesheets/export?from=${from}&to=${to}`), timesheetExportFileName(from, to));
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack gap="md">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <DateField kind="document" label="From" value={from} onChange={setFrom} w={180} />
        <DateField
          kind="document"
          label="To"
          value={to}
          onChange={setTo}
          w={180}
          error={valid ? undefined : TIMESHEET_MESSAGES.rangeOrder}
        />
        {can('timesheet:export') ? (
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporting}
            disabled={!valid}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        ) : null}
      </Group>
      {!valid ? null : report.isPending ? (
        <Group justify="center" p="xl">
          <Loader size="sm" />
          <Text>Loading...</Text>
        </Group>
      ) : report.isError ? (
        <Alert color="red" title="Could not load the report">
          {errorText(report.error)}
        </Alert>
      ) : report.data.byUser.length === 0 ? (
        <Text c="dimmed" ta="center" py="md">
          {TIMESHEET_MESSAGES.noReport}
        </Text>
      ) : (
        <>
          <Text fw={600}>Total: {hoursText(report.data.totalHours)} hours</Text>
          <Card withBorder padding={0} radius="md">
            <ListTable label="Hours per record" columns={RECORD_COLUMNS} loading={false}>
              {report.data.byRecord.map((r) => (
                <Table.Tr key={r.recordId}>
                  <Table.Td>{r.recordName}</Table.Td>
                  <Table.Td>{r.recordType === 'lead' ? 'Lead' : 'Client'}</Table.Td>
                  <Table.Td ta="right">{hoursText(r.hours)}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </Card>
          {report.data.recordCount > report.data.byRecord.length ? (
            <Text size="sm" c="dimmed">
              The {report.data.byRecord.length.toLocaleString('en-AU')} records with the most hours, of{' '}
              {report.data.recordCount.toLocaleString('en-AU')} with hours in these dates; Export CSV has every entry.
            </Text>
          ) : null}
          <Card withBorder padding={0} radius="md">
            <ListTable label="Hours per user" columns={USER_COLUMNS} loading={false}>
              {report.data.byUser.map((u) => (
                <Table.Tr key={u.userId}>
                  <Table.Td>{u.userName}</Table.Td>
                  <Table.Td ta="right">{hoursText(u.hours)}</Table.Td>
                </Table.Tr>
              ))}
            </ListTable>
          </Card>
        </>
      )}
    </Stack>
  );
}
