// The Report tab: hours per record and per user in a date range (own hours below supervisor), and the CSV
// export for the roles that may export.
import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { TIMESHEET_MESSAGES, timesheetExportFileName } from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { fetchFile, saveFile } from '../../../lib/file-requests.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { useTimesheetReport } from '../api/timesheets.ts';
import { errorText, hoursText } from '../timesheet-format.ts';

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
          <Table.ScrollContainer minWidth={360} type="native" tabIndex={0}>
            <Table aria-label="Hours per record" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Lead or client</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th ta="right">Hours</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.data.byRecord.map((r) => (
                  <Table.Tr key={r.recordId}>
                    <Table.Td>{r.recordName}</Table.Td>
                    <Table.Td>{r.recordType === 'lead' ? 'Lead' : 'Client'}</Table.Td>
                    <Table.Td ta="right">{hoursText(r.hours)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {report.data.recordCount > report.data.byRecord.length ? (
            <Text size="sm" c="dimmed">
              The {report.data.byRecord.length.toLocaleString('en-AU')} records with the most hours, of{' '}
              {report.data.recordCount.toLocaleString('en-AU')} with hours in these dates; Export CSV has every entry.
            </Text>
          ) : null}
          <Table.ScrollContainer minWidth={360} type="native" tabIndex={0}>
            <Table aria-label="Hours per user" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Staff</Table.Th>
                  <Table.Th ta="right">Hours</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.data.byUser.map((u) => (
                  <Table.Tr key={u.userId}>
                    <Table.Td>{u.userName}</Table.Td>
                    <Table.Td ta="right">{hoursText(u.hours)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}
