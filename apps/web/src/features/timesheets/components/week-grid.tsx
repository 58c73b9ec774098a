import { Table, Text } from '@mantine/core';
import { roundHours, TIMESHEET_MESSAGES, type TimesheetWeek } from '@crm/domain';
import { hoursText } from '../timesheet-format.ts';

/**
 * One row per record, a cell per day, totals per record, per day and for the week. The tables scroll
 * sideways on a phone; their scroll areas take the keyboard focus so they can be scrolled without a mouse.
 */
export function WeekGrid({
  week,
  dates,
  formatDayMonth,
}: {
  week: TimesheetWeek;
  dates: string[];
  formatDayMonth: (d: string) => string;
}) {
  const records = new Map<string, { name: string; byDay: Map<string, number> }>();
  for (const e of week.entries) {
    const key = e.leadId ?? e.clientId ?? '';
    const row = records.get(key) ?? { name: e.recordName, byDay: new Map<string, number>() };
    row.byDay.set(e.date, roundHours((row.byDay.get(e.date) ?? 0) + e.hours));
    records.set(key, row);
  }
  const dayTotal = (date: string) =>
    roundHours(week.entries.filter((e) => e.date === date).reduce((sum, e) => sum + e.hours, 0));
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return (
    <Table.ScrollContainer minWidth={720} type="native" tabIndex={0}>
      <Table striped withTableBorder aria-label="Hours by record and day">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Lead or client</Table.Th>
            {dates.map((d, i) => (
              <Table.Th key={d} ta="right">
                {weekdays[i]} {formatDayMonth(d)}
              </Table.Th>
            ))}
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {records.size === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={9}>
                <Text c="dimmed" ta="center" py="md">
                  {TIMESHEET_MESSAGES.noEntries}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            [...records.entries()].map(([key, row]) => (
              <Table.Tr key={key}>
                <Table.Td>{row.name}</Table.Td>
                {dates.map((d) => (
                  <Table.Td key={d} ta="right">
                    {row.byDay.has(d) ? hoursText(row.byDay.get(d)!) : ''}
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={600}>
                  {hoursText(roundHours([...row.byDay.values()].reduce((a, b) => a + b, 0)))}
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>Total</Table.Th>
            {dates.map((d) => (
              <Table.Th key={d} ta="right">
                {hoursText(dayTotal(d))}
              </Table.Th>
            ))}
            <Table.Th ta="right" data-testid="week-total">
              {hoursText(week.totalHours)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
