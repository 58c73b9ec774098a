// Administration → Mail log (issue 27): every mail the product sends (invoices, invitations, password
// resets, notifications, task digests), newest first, with its status — queued, sent, retrying (attempt n
// of m, next try), failed, or kept when no mail server is set — and the last attempt's outcome in fixed
// words with the SMTP code. A message opens as it is sent, with its attachments, and can be sent again.
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Modal,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMail, IconPaperclip, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import {
  MAIL_KIND_LABELS,
  MAIL_MESSAGES,
  MAIL_OUTCOME_LABELS,
  MAIL_STATUS_LABELS,
  MAIL_STATUSES,
  type MailLogRow,
  type MailStatus,
} from '@crm/domain';
import { DateRangeFilter } from '../../../components/date-range-filter.tsx';
import { type ListColumn, ListTable } from '../../../components/list-table/list-table.tsx';
import { EntryTimeButton, LogFilters } from '../../../components/log-filters.tsx';
import { PagedListBody } from '../../../components/paged-list-body.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { useListFilter } from '../../../lib/use-list-paging.ts';
import {
  downloadMailAttachment,
  type MailLogFilter,
  useMailLog,
  useMailMessage,
  useResendMail,
} from '../api/mail-log.ts';
import { MailStatusBadge } from './mail-status-badge.tsx';

// Subject and Outcome share what the others leave.
const COLUMNS: readonly ListColumn[] = [
  { key: 'time', label: 'Time', width: 150 },
  { key: 'recipient', label: 'Recipient', width: 210 },
  { key: 'subject', label: 'Subject' },
  { key: 'record', label: 'Record', width: 150 },
  { key: 'status', label: 'Status', width: 100 },
  { key: 'outcome', label: 'Outcome' },
];

/** The last attempt's outcome and the SMTP reply code, or what is next. */
function outcomeText(row: MailLogRow, when: (iso: string) => string): string {
  const code = row.smtpCode ? ` (SMTP ${row.smtpCode})` : '';
  if (row.status === 'sent') return `Sent ${row.sentAt ? when(row.sentAt) : ''}${code}`;
  if (row.status === 'kept') return 'No mail server is set';
  const outcome = row.outcome ? `${MAIL_OUTCOME_LABELS[row.outcome]}${code}` : '';
  if (row.status === 'retrying' && row.nextAttemptAt)
    return `Attempt ${row.attempts} of ${row.maxAttempts}: ${outcome}; next try ${when(row.nextAttemptAt)}`;
  return outcome || '—';
}

export function MailLogTab() {
  const { formatDate, formatTime } = useDateFormat();
  const { filter, change, paging, filtered } = useListFilter<MailLogFilter>();
  const [open, setOpen] = useState<string | null>(null);
  const log = useMailLog({ ...filter, ...paging.params });
  const when = (iso: string) => `${formatDate(iso)} ${formatTime(iso)}`;
  const page = log.data;
  const items = page?.items ?? [];

  return (
    <Card withBorder padding={0} radius="md">
      <LogFilters
        searchLabel="Search mails"
        searchPlaceholder="Search recipient or subject..."
        onSearch={(search) => change({ search })}
        list={log}
        onRefresh={() => void log.refetch()}
        cols={{ base: 1, xs: 3 }}
      >
        <Select
          label="Status"
          placeholder="All statuses"
          data={MAIL_STATUSES.map((value) => ({ value, label: MAIL_STATUS_LABELS[value] }))}
          value={filter.status ?? null}
          onChange={(value) => change({ status: (value as MailStatus | null) ?? undefined })}
          clearable
          allowDeselect={false}
        />
        <DateRangeFilter from={filter.from} to={filter.to} onChange={change} />
      </LogFilters>

      <PagedListBody
        list={log}
        errorTitle="Error loading the mail log:"
        empty={
          <EmptyState
            py={48}
            icon={<IconMail size={28} />}
            title="No mails found"
            description={filtered ? 'No mails match these filters.' : 'Mails appear here as the product sends them.'}
          />
        }
        {...paging}
      >
        <ListTable label="Mail log" columns={COLUMNS} horizontalSpacing="sm" loading={log.isPending}>
          {items.map((row) => (
            <Table.Tr key={row.id} data-testid="mail-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <EntryTimeButton
                  onClick={() => setOpen(row.id)}
                  label={`Open the mail to ${row.to} of ${when(row.createdAt)}`}
                >
                  {when(row.createdAt)}
                </EntryTimeButton>
              </Table.Td>
              <Table.Td>
                <Text size="sm" truncate>
                  {row.to}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {row.attachments.length > 0 ? (
                    <IconPaperclip size={14} aria-label={`${row.attachments.length} attachments`} />
                  ) : null}
                  <Text size="sm" lineClamp={1}>
                    {row.subject}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {MAIL_KIND_LABELS[row.kind]}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{row.record?.label ?? '—'}</Text>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <MailStatusBadge row={row} />
              </Table.Td>
              <Table.Td>
                <Text size="xs" c={row.status === 'failed' ? 'red' : undefined}>
                  {outcomeText(row, when)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </PagedListBody>
      <MailMessageDialog id={open} onClose={() => setOpen(null)} when={when} />
    </Card>
  );
}

function MailMessageDialog({
  id,
  onClose,
  when,
}: {
  id: string | null;
  onClose: () => void;
  when: (iso: string) => string;
}) {
  const { can } = useAuthorization();
  const message = useMailMessage(id);
  const resend = useResendMail();
  const mail = message.data;
  return (
    <Modal opened={id !== null} onClose={onClose} title={mail?.subject ?? 'Mail'} size="lg">
      {message.isPending ? (
        <Skeleton height={160} radius="sm" />
      ) : message.isError ? (
        <Alert color="red">{message.error.message}</Alert>
      ) : mail ? (
        <Stack gap="sm">
          <Group gap="xs" wrap="wrap">
            <MailStatusBadge row={mail} />
            <Text size="sm">
              To {mail.to} · {when(mail.createdAt)}
            </Text>
          </Group>
          <Text size="sm" c={mail.status === 'failed' ? 'red' : 'dimmed'}>
            {outcomeText(mail, when)}
          </Text>
          <ScrollArea.Autosize mah={320}>
            <Text
              component="pre"
              size="sm"
              p="sm"
              m={0}
              bg="var(--mantine-color-default-hover)"
              style={{
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
                borderRadius: 'var(--mantine-radius-sm)',
                fontFamily: 'inherit',
              }}
            >
              {mail.body}
            </Text>
          </ScrollArea.Autosize>
          {mail.attachments.length > 0 ? (
            <Group gap="xs">
              {mail.attachments.map((file) => (
                <Button
                  key={file.index}
                  size="xs"
                  variant="default"
                  leftSection={<IconPaperclip size={14} />}
                  onClick={() =>
                    void downloadMailAttachment(mail.id, file.index, file.filename).catch((error: unknown) =>
                      notifications.show({ color: 'red', message: (error as Error).message }),
                    )
                  }
                >
                  {file.filename}
                </Button>
              ))}
            </Group>
          ) : null}
          <Group justify="flex-end">
            {can('admin:edit') ? (
              <Button
                leftSection={<IconSend size={16} />}
                loading={resend.isPending}
                onClick={() =>
                  resend.mutate(mail.id, {
                    onSuccess: () => {
                      notifications.show({ color: 'green', message: MAIL_MESSAGES.resent });
                      onClose();
                    },
                    onError: (error) =>
                      notifications.show({ color: 'red', message: isApiError(error) ? error.message : 'Failed' }),
                  })
                }
              >
                Send again
              </Button>
            ) : null}
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
