// One ledger of a record: the balance held in its currency, Refund (finance:edit on a record that may change),
// and its newest entries — the date, what happened, the invoice or credit note it came from or went to, the
// method and reference, and the amount signed by whether it came in or went out. On a phone the date,
// document, method and reference fold under what happened.
import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
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
import { useDateFormat } from '../../../lib/format.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import classes from './client-money.module.css';

/** The invoice and credit note an entry names: 'CN-000004 · INV-000012'. */
const documentsOf = (entry: LedgerEntry) => [entry.creditNoteNumber, entry.invoiceNumber].filter(Boolean).join(' · ');

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
  const phone = usePhoneLayout();
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
        <Table.ScrollContainer minWidth={phone ? 0 : 640} mt="sm">
          <Table verticalSpacing={6} aria-label={`${ledger.currency} ledger entries`}>
            <Table.Thead>
              <Table.Tr>
                {phone ? (
                  <Table.Th>Entry</Table.Th>
                ) : (
                  <>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>What</Table.Th>
                    <Table.Th className={classes.nowrap}>Invoice / credit note</Table.Th>
                    <Table.Th>Method</Table.Th>
                    <Table.Th>Reference</Table.Th>
                  </>
                )}
                <Table.Th ta="right">Amount</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ledger.entries.map((entry) => (
                <Table.Tr key={entry.id} data-testid="ledger-entry">
                  {phone ? (
                    <Table.Td>
                      <Text size="sm">{LEDGER_ENTRY_LABELS[entry.kind]}</Text>
                      <Text size="xs" c="dimmed" className={classes.wrap}>
                        {[formatDate(entry.entryDate), documentsOf(entry), entry.method, entry.reference]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    </Table.Td>
                  ) : (
                    <>
                      <Table.Td className={classes.nowrap}>{formatDate(entry.entryDate)}</Table.Td>
                      <Table.Td>{LEDGER_ENTRY_LABELS[entry.kind]}</Table.Td>
                      <Table.Td className={classes.nowrap}>{documentsOf(entry) || '—'}</Table.Td>
                      <Table.Td className={classes.nowrap}>{entry.method ?? '—'}</Table.Td>
                      <Table.Td className={classes.wrap}>{entry.reference ?? '—'}</Table.Td>
                    </>
                  )}
                  <Table.Td ta="right">
                    <SignedAmount entry={entry} currency={ledger.currency} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {more ? (
        <Text size="xs" c="dimmed" mt="xs">
          The newest {CLIENT_LEDGER_ENTRIES} entries.
        </Text>
      ) : null}
    </Card>
  );
}
