// Receipts & Credits → Refunds: money paid back (Date, Client, Amount, Method, Reference, From — the
// invoice and the credit note that released it, or the client's money).
import { Table, Text } from '@mantine/core';
import { IconCashBanknote } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { RefundRow, RefundSource } from '@crm/domain';
import { CellText, DateText } from '../../../components/list-table/list-cells.tsx';
import { FoldedText } from '../../../components/list-table/folded-text.tsx';
import { ListCell, type ListColumn } from '../../../components/list-table/list-table.tsx';
import { useDateFormat } from '../../../lib/format.ts';
import { useRefundList } from '../api/refund-list.ts';
import { InvoiceNumberText, MoneyCell } from './money-list-cells.tsx';
import { MoneyListFrame, useMoneyListState } from './money-list-frame.tsx';

/** Where the money came from when no invoice released it. */
const SOURCE_LABELS: Record<Exclude<RefundSource, 'invoice'>, string> = { client_money: 'Client money' };

// Below 560 px a row is the client (with the rest folded under it) and the amount.
const COLUMNS: ListColumn[] = [
  { key: 'date', label: 'Date', sortField: 'refundDate', width: 120, minListWidth: 560 },
  { key: 'client', label: 'Client' },
  { key: 'amount', label: 'Amount', width: 120, align: 'right' },
  { key: 'method', label: 'Method', width: 124, minListWidth: 700 },
  { key: 'reference', label: 'Reference', minListWidth: 820 },
  { key: 'from', label: 'From', width: 150, minListWidth: 620 },
];

/** 'INV-000123 · CN-000045' for a refund a credit note released, 'Client money' for the client's own. */
const fromText = (refund: RefundRow) =>
  refund.source === 'invoice'
    ? [refund.invoiceNumber, refund.creditNoteNumber].filter(Boolean).join(' · ')
    : SOURCE_LABELS[refund.source];

export function RefundsList({ switcher }: { switcher: ReactNode }) {
  const state = useMoneyListState();
  const list = useRefundList(state.params);
  return (
    <MoneyListFrame
      switcher={switcher}
      noun="refunds"
      state={state}
      list={list}
      empty={{
        description: 'Money refunded by a credit note, or from a client’s money, appears here.',
        icon: <IconCashBanknote size={28} />,
      }}
      columns={COLUMNS}
    >
      {(list.data?.items ?? []).map((refund) => (
        <RefundTableRow key={refund.id} refund={refund} />
      ))}
    </MoneyListFrame>
  );
}

function RefundTableRow({ refund }: { refund: RefundRow }) {
  const { formatDate } = useDateFormat();
  return (
    <Table.Tr data-testid="refund-row">
      <ListCell column="date">
        <DateText value={refund.refundDate} />
      </ListCell>
      <Table.Td>
        <CellText>{refund.clientName}</CellText>
        <FoldedText
          lines={[
            [
              ['date', formatDate(refund.refundDate)],
              ['method', refund.method],
              ['reference', refund.reference],
            ],
            [['from', fromText(refund)]],
          ]}
        />
      </Table.Td>
      <MoneyCell amount={refund.amount} currency={refund.currency} />
      <ListCell column="method">
        <CellText>{refund.method}</CellText>
      </ListCell>
      <ListCell column="reference">
        <CellText>{refund.reference}</CellText>
      </ListCell>
      <ListCell column="from">
        {refund.source === 'invoice' ? (
          <>
            <InvoiceNumberText>{refund.invoiceNumber}</InvoiceNumberText>
            <Text size="xs" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {refund.creditNoteNumber}
            </Text>
          </>
        ) : (
          <CellText>{SOURCE_LABELS[refund.source]}</CellText>
        )}
      </ListCell>
    </Table.Tr>
  );
}
