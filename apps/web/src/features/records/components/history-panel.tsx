// A lead's or a client's History (issue 14 item 5): who changed what and when, newest first, each changed
// field as 'old → new' in words (dates in the firm's format, people and records by name; issue 29).
import { Alert, Box, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconHistory, IconMail } from '@tabler/icons-react';
import { MAIL_OUTCOME_LABELS } from '@crm/domain';
import { ChangeList } from '../../../components/change-list.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { MailStatusBadge } from '../../mail/index.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { type HistoryOwner, useRecordHistory } from '../api/record-history.ts';

export type HistoryPanelProps = { owner: HistoryOwner };

export function HistoryPanel({ owner }: HistoryPanelProps) {
  const history = useRecordHistory(owner);
  const { formatDate, formatTime } = useDateFormat();
  if (history.isPending) return <PageLoader label="Loading history..." />;
  if (history.isError) {
    return (
      <Alert color="red" title="Error loading history">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{history.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void history.refetch()}>
            Try Again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (history.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        No changes recorded yet: edits, conversions, archiving, restores and the mails sent about it appear here as they
        happen.
      </Text>
    );
  }
  return (
    // A plain list with a rule on its left rather than Mantine's Timeline, whose styles every page would load.
    <Stack component="ol" gap="md" aria-label="History" m={0} p={0} style={{ listStyle: 'none' }}>
      {history.data.map((entry) => (
        <Box
          component="li"
          key={entry.id}
          pl="md"
          style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
        >
          <Group gap={6} wrap="nowrap">
            {entry.mail ? <IconMail size={14} aria-hidden /> : <IconHistory size={14} aria-hidden />}
            <Text size="sm" fw={600}>
              {entry.title}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {formatDate(entry.at)} {formatTime(entry.at)} · {entry.actorName ?? 'System'}
          </Text>
          {entry.mail ? (
            <Card withBorder padding="xs" radius="sm" mt={6}>
              <Group gap={6} wrap="wrap" align="center">
                <Text size="xs" fw={600}>
                  To:
                </Text>
                <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {entry.mail.to}
                </Text>
                <MailStatusBadge row={entry.mail} />
                {entry.mail.outcome && entry.mail.status !== 'sent' ? (
                  <Text size="xs" c="dimmed">
                    {MAIL_OUTCOME_LABELS[entry.mail.outcome]}
                  </Text>
                ) : null}
              </Group>
            </Card>
          ) : null}
          {entry.changes.length > 0 ? <ChangeList changes={entry.changes} /> : null}
        </Box>
      ))}
    </Stack>
  );
}
