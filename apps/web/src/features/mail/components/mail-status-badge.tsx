// Where a mail stands, as the Mail log and a record's History show it.
import { Badge } from '@mantine/core';
import { MAIL_STATUS_LABELS, type MailStatus } from '@crm/domain';

const STATUS_COLOURS: Record<MailStatus, string> = {
  queued: 'blue',
  sending: 'blue',
  sent: 'green',
  retrying: 'orange',
  failed: 'red',
  kept: 'gray',
};

export function MailStatusBadge({ row }: { row: { status: MailStatus } }) {
  return (
    <Badge color={STATUS_COLOURS[row.status]} variant="light" radius="sm" tt="none" fw={600} style={{ flexShrink: 0 }}>
      {MAIL_STATUS_LABELS[row.status]}
    </Badge>
  );
}
