// Receipts & Credits → Credit notes: every credit note, called an adjustment note when it adjusts a tax
// invoice (Number, Title, Invoice #, Client, Issue date, Reason, Tax, Total), with View PDF and Download.
import { Table } from '@mantine/core';
import { IconDownload, IconEye, IconReceiptOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { centsOf, type CreditNoteRow, displayMoney } from '@crm/domain';
import { CellText, DateText } from '../../../components/list-table/list-cells.tsx';
import { FoldedText } from '../../../components/list-table/folded-text.tsx';
import { ListCell, type ListColumn } from '../../../components/list-table/list-table.tsx';
import { useDateFormat } from '../../../lib/format.ts';
import { useCreditNoteList } from '../api/credit-note-list.ts';
import { downloadCreditNotePdf, viewCreditNotePdf } from '../api/money-document-pdf.ts';
import {
  type DocumentAction,
  InvoiceNumberText,
  DocumentActionsCell,
  MoneyCell,
  NumberText,
  pdfFailed,
} from './money-list-cells.tsx';
import { MoneyListFrame, useMoneyListState } from './money-list-frame.tsx';

// Each column says the narrowest list that shows it (the title goes under the number beside an open
// sidebar at 1280 px); below 560 px a row is the number (with the rest folded under it), the total and a
// menu. The number, the client and the reason share what the others leave.
const COLUMNS: ListColumn[] = [
  { key: 'number', label: 'Number', sortField: 'creditNoteNumber' },
  { key: 'title', label: 'Title', width: 140, minListWidth: 1100 },
  { key: 'invoice', label: 'Invoice #', width: 108, minListWidth: 840 },
  { key: 'client', label: 'Client', minListWidth: 560 },
  { key: 'issueDate', label: 'Issue date', sortField: 'issueDate', width: 128, minListWidth: 660 },
  { key: 'reason', label: 'Reason', minListWidth: 940 },
  { key: 'tax', label: 'Tax', width: 104, minListWidth: 760, align: 'right' },
  { key: 'total', label: 'Total', width: 116, align: 'right' },
];

export function CreditNotesList({ switcher }: { switcher: ReactNode }) {
  const state = useMoneyListState();
  const list = useCreditNoteList(state.params);

  const actionsOf = (note: CreditNoteRow): DocumentAction[] => [
    { label: 'View PDF', icon: <IconEye size={16} />, onClick: () => void viewCreditNotePdf(note).catch(pdfFailed) },
    {
      label: 'Download',
      icon: <IconDownload size={16} />,
      onClick: () => void downloadCreditNotePdf(note).catch(pdfFailed),
    },
  ];

  return (
    <MoneyListFrame
      switcher={switcher}
      noun="credit notes"
      state={state}
      list={list}
      empty={{
        description: 'A credit note issued to cancel or reduce an invoice appears here.',
        icon: <IconReceiptOff size={28} />,
      }}
      columns={COLUMNS}
      actionCount={2}
    >
      {(list.data?.items ?? []).map((note) => (
        <CreditNoteTableRow key={note.id} note={note} actions={actionsOf(note)} />
      ))}
    </MoneyListFrame>
  );
}

function CreditNoteTableRow({ note, actions }: { note: CreditNoteRow; actions: DocumentAction[] }) {
  const { formatDate } = useDateFormat();
  return (
    <Table.Tr data-testid="credit-note-row">
      <Table.Td>
        <NumberText>{note.creditNoteNumber}</NumberText>
        <FoldedText
          lines={[
            [['title', note.title]],
            [['client', note.clientName]],
            [
              ['invoice', note.invoiceNumber],
              ['issueDate', formatDate(note.issueDate)],
              ['tax', `Tax ${displayMoney(centsOf(note.tax), note.currency)}`],
            ],
            [['reason', note.reason]],
          ]}
        />
      </Table.Td>
      <ListCell column="title">
        <CellText>{note.title}</CellText>
      </ListCell>
      <ListCell column="invoice">
        <InvoiceNumberText>{note.invoiceNumber}</InvoiceNumberText>
      </ListCell>
      <ListCell column="client">
        <CellText>{note.clientName}</CellText>
      </ListCell>
      <ListCell column="issueDate">
        <DateText value={note.issueDate} />
      </ListCell>
      <ListCell column="reason">
        <CellText>{note.reason}</CellText>
      </ListCell>
      <MoneyCell column="tax" amount={note.tax} currency={note.currency} />
      <MoneyCell amount={note.total} currency={note.currency} />
      <DocumentActionsCell name={note.creditNoteNumber} actions={actions} />
    </Table.Tr>
  );
}
