// A contract's row, shared by the Contract Manager's list and a record's Contracts tab so the two read alike;
// clicking it, Enter or Space opens the contract. Each list picks its columns from CONTRACT_COLUMNS; a column the list leaves out at its width
// folds under the title, so a phone still reads the reference and the dates.
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ContractSummary } from '@crm/domain';
import { OpenableRow } from '../../../components/list-table/list-row.tsx';
import { FoldedText, type FoldedPart } from '../../../components/list-table/folded-text.tsx';
import { ListCell, type ListColumn } from '../../../components/list-table/list-table.tsx';
import { useDateFormat } from '../../../lib/format.ts';
import { ContractStatusBadge } from './contract-status-badge.tsx';

type ContractColumnKey = 'reference' | 'title' | 'client' | 'status' | 'effective' | 'expiry' | 'signed';

export type ContractColumn = ListColumn & { key: ContractColumnKey };

export function ContractRow({
  contract: c,
  columns,
  note,
  onOpen,
}: {
  contract: ContractSummary;
  /** The list's columns, in order: the cells follow them and only they fold. */
  columns: readonly ContractColumn[];
  /** A line under the title, e.g. whom the contract was drawn up for. */
  note?: ReactNode;
  onOpen: () => void;
}) {
  const { formatDate } = useDateFormat();
  const listed = new Set<string>(columns.map((column) => column.key));
  const line = (parts: FoldedPart[]) => parts.filter(([column]) => listed.has(column));
  const folded = [
    line([['reference', c.reference]]),
    line([['client', c.clientName]]),
    line([
      ['effective', `Effective ${formatDate(c.effectiveDate)}`],
      ['expiry', c.expiryDate ? `Expiry ${formatDate(c.expiryDate)}` : null],
      ['signed', c.signedDate ? `Signed ${formatDate(c.signedDate)}` : 'Not signed yet'],
    ]),
  ];
  const cell = (key: ContractColumnKey) => {
    switch (key) {
      case 'reference':
        return (
          <ListCell key={key} column={key} style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm" ff="monospace">
              {c.reference}
            </Text>
          </ListCell>
        );
      case 'title':
        return (
          <Table.Td key={key}>
            <Text size="sm" fw={600}>
              {c.title}
            </Text>
            {note}
            <FoldedText lines={folded} />
          </Table.Td>
        );
      case 'client':
        return (
          <ListCell key={key} column={key}>
            <Text size="sm">{c.clientName}</Text>
          </ListCell>
        );
      case 'status':
        return (
          <ListCell key={key} column={key}>
            <ContractStatusBadge status={c.status} />
          </ListCell>
        );
      case 'effective':
        return (
          <ListCell key={key} column={key} style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">{formatDate(c.effectiveDate)}</Text>
          </ListCell>
        );
      case 'expiry':
        return (
          <ListCell key={key} column={key} style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">{c.expiryDate ? formatDate(c.expiryDate) : '—'}</Text>
          </ListCell>
        );
      case 'signed':
        return (
          <ListCell key={key} column={key} style={{ whiteSpace: 'nowrap' }}>
            <Text size="sm">{c.signedDate ? formatDate(c.signedDate) : 'Not yet'}</Text>
          </ListCell>
        );
    }
  };
  return (
    <OpenableRow label={`${c.reference} ${c.title}`} hidden={false} testId={`contract-${c.id}`} onOpen={onOpen}>
      {columns.map((column) => cell(column.key))}
    </OpenableRow>
  );
}
