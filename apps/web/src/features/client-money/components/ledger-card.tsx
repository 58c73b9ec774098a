// One ledger of a record: the balance held in its currency, Refund (finance:edit on a record that may change),
// and its newest entries — the date, what happened, the invoice or credit note it came from or went to, the
// method and reference, and the amount signed by whether it came in or went out. A narrow card folds the
// columns it has no room for under what happened.
import { Badge, Box, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useId } from 'react';
import {
  centsOf,
  CLIENT_LEDGER_ENTRIES,
  type ClientLedger,
  displayMoney,
  LEDGER_ENTRY_LABELS,
  LEDGER_ENTRY_SIGN,
  type LedgerEntry,
} from '@crm/domain';
import { FoldedText } from '../../../components/list-table/folded-text.tsx';
import { ListCell, type ListColumn, ListTable } from '../../../components/list-table/list-table.tsx';
import { useDateFormat } from '../../../lib/format.ts';
import classes from './client-money.module.css';

/** The invoice and credit note an entry names: 'CN-000004 · INV-000012'. */
const documentsOf = (entry: LedgerEntry) => [entry.creditNoteNumber, entry.invoiceNumber].filter(Boolean).join(' · ');

// Below 560 px a row is what happened (the date, documents, method and reference folded under it) and the amount.
const COLUMNS: readonly ListColumn[] = [
  { key: 'date', label: 'Date', width: 110, minListWidth: 560 },
  { key: 'what', label: 'What', skeletonWidth: '80%' },
  { key: 'documents', label: 'Invoice / credit note', width: 180, minListWidth: 640 },
  { key: 'method', label: 'Method', width: 130, minListWidth: 720 },
  { key: 'reference', label: 'Reference', minListWidth: 820 },
  { key: 'amount', label: 'Amount', width: 130, align: 'right' },
];

function SignedAmount({ entry, currency }: { entry: LedgerEntry; currency: string }) {
  const sign = LEDGER_ENTRY_SIGN[entry.kind];
  const text = displayMoney(centsOf(entry.amount), currency);
  return (
    <Text size="sm" className={`${classes.amount} ${sign > 0 ? classes.in : classes.out}`}>
      {sign > 0 ? `+${text}` : `−${text}`}
    </Text>
  );
}

export function LedgerCard({ ledger, onRefund }: { ledger: ClientLedger; onRefund: (() => void) | null }) {
  const { formatDate } = useDateFormat();
  const titleId = useId();
  const balance = centsOf(ledger.balance);
  const more = ledger.entries.length >= CLIENT_LEDGER_ENTRIES;

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={`${titleId} ${titleId}-currency`}
      data-testid="client-ledger"
    >
      <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Group gap={6}>
            <Text size="sm" fw={600} id={titleId}>
              Client money held
            </Text>
            <Badge size="sm" variant="light" color="gray" radius="sm" id={`${titleId}-currency`}>
              {ledger.currency}
            </Badge>
          </Group>
          <Text fz={26} fw={700} lh={1.2} className={classes.amount} data-testid="ledger-balance">
            {displayMoney(balance, ledger.currency)}
          </Text>
        </Stack>
        {onRefund ? (
          <Button
            variant="light"
            color="red"
            leftSection={<IconArrowBackUp size={16} />}
            disabled={balance <= 0n}
            onClick={onRefund}
            aria-label={`Refund ${ledger.currency} client money`}
          >
            Refund
          </Button>
        ) : null}
      </Group>

      {ledger.entries.length === 0 ? (
        <Text size="sm" c="dimmed" mt="sm">
          No entries yet.
        </Text>
      ) : (
        <Box mt="sm">
          <ListTable label={`${ledger.currency} ledger entries`} columns={COLUMNS} loading={false}>
            {ledger.entries.map((entry) => (
              <Table.Tr key={entry.id} data-testid="ledger-entry">
                <ListCell column="date" className={classes.nowrap}>
                  {formatDate(entry.entryDate)}
                </ListCell>
                <Table.Td>
                  <Text size="sm">{LEDGER_ENTRY_LABELS[entry.kind]}</Text>
                  <FoldedText
                    lines={[
                      [
                        ['date', formatDate(entry.entryDate)],
                        ['documents', documentsOf(entry)],
                        ['method', entry.method],
                        ['reference', entry.reference],
                      ],
                    ]}
                  />
                </Table.Td>
                <ListCell column="documents" className={classes.nowrap}>
                  {documentsOf(entry) || '—'}
                </ListCell>
                <ListCell column="method" className={classes.nowrap}>
                  {entry.method ?? '—'}
                </ListCell>
                <ListCell column="reference" className={classes.wrap}>
                  {entry.reference ?? '—'}
                </ListCell>
                <Table.Td ta="right">
                  <SignedAmount entry={entry} currency={ledger.currency} />
                </Table.Td>
              </Table.Tr>
            ))}
          </ListTable>
        </Box>
      )}
      {more ? (
        <Text size="xs" c="dimmed" mt="xs">
          The newest {CLIENT_LEDGER_ENTRIES} entries.
        </Text>
      ) : null}
    </Card>
  );
}
