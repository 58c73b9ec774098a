// The fields an audited change touched, each 'Label: old → new' in words (the server names records and
// labels roles and statuses; dates are written here in the firm's format). A record's History and the
// Audit Logs tab show changes the same way; changeSummary is the one-line form for a table cell.
import { Card, Group, Stack, Text } from '@mantine/core';
import type { HistoryChange } from '@crm/domain';
import { useDateFormat } from '../lib/format.ts';

/** A value as shown: its dates in the firm's format, '(empty)' for none. */
function useShownValue() {
  const { formatDatesIn } = useDateFormat();
  return (value: string | null) => (value === null ? '(empty)' : formatDatesIn(value));
}

export function ChangeList({ changes }: { changes: HistoryChange[] }) {
  const show = useShownValue();
  return (
    <Card withBorder padding="xs" radius="sm" mt={6}>
      <Stack gap={4}>
        {changes.map((change) => (
          <Group key={change.field} gap={6} wrap="wrap" align="baseline">
            <Text size="xs" fw={600}>
              {change.label}:
            </Text>
            <Text size="xs" c="dimmed" td="line-through" style={{ overflowWrap: 'anywhere' }}>
              {show(change.from)}
            </Text>
            <Text size="xs" aria-hidden>
              →
            </Text>
            <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
              {show(change.to)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/** The changes on one line ('Status: Active → Suspended · Role: Member'), for a table cell. */
export function useChangeSummary() {
  const show = useShownValue();
  return (changes: HistoryChange[]) =>
    changes.map((change) => `${change.label}: ${show(change.from)} → ${show(change.to)}`).join(' · ');
}
