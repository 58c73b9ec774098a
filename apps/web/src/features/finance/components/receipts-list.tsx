// Receipts & Credits → Receipts: every saved receipt (Receipt #, Invoice #, Client, Payment date, Method,
// Amount), with View (the PDF in a new tab), Download and, for finance:delete, Delete after a confirmation.
import { Table } from '@mantine/core';
import { IconDownload, IconEye, IconReceipt, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { INVOICE_MESSAGES, type ReceiptRow } from '@crm/domain';
import { CellText, DateText } from '../../../components/list-table/list-cells.tsx';
import { FoldedText } from '../../../components/list-table/folded-text.tsx';
import { ListCell, type ListColumn } from '../../../components/list-table/list-table.tsx';
import { RecordActionModal } from '../../../components/record-action-modal.tsx';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { useDeleteReceipt } from '../../invoices/index.ts';
import { downloadReceiptPdf, viewReceiptPdf } from '../api/money-document-pdf.ts';
import { useReceiptList } from '../api/receipt-list.ts';
import {
  type DocumentAction,
  InvoiceNumberText,
  DocumentActionsCell,
  MoneyCell,
  NumberText,
  pdfFailed,
} from './money-list-cells.tsx';
import { MoneyListFrame, useMoneyListState } from './money-list-frame.tsx';

// Each column says the narrowest list that shows it; below 560 px a row is the number (with the rest
// folded under it), the amount and a menu. The number and the client share what the others leave.
const COLUMNS: ListColumn[] = [
  { key: 'number', label: 'Receipt #', sortField: 'receiptNumber' },
  { key: 'invoice', label: 'Invoice #', width: 116, minListWidth: 760 },
  { key: 'client', label: 'Client', minListWidth: 560 },
  { key: 'paymentDate', label: 'Payment date', sortField: 'paymentDate', width: 148, minListWidth: 660 },
  { key: 'method', label: 'Method', width: 124, minListWidth: 880 },
  { key: 'amount', label: 'Amount', width: 120, align: 'right' },
];

export function ReceiptsList({ switcher }: { switcher: ReactNode }) {
  const { can } = useAuthorization();
  const canDelete = can('finance:delete');
  const state = useMoneyListState();
  const list = useReceiptList(state.params);
  const remove = useDeleteReceipt();
  const [deleting, setDeleting] = useState<ReceiptRow | null>(null);

  const actionsOf = (receipt: ReceiptRow): DocumentAction[] => [
    { label: 'View', icon: <IconEye size={16} />, onClick: () => void viewReceiptPdf(receipt).catch(pdfFailed) },
    {
      label: 'Download',
      icon: <IconDownload size={16} />,
      onClick: () => void downloadReceiptPdf(receipt).catch(pdfFailed),
    },
    ...(canDelete
      ? [{ label: 'Delete', icon: <IconTrash size={16} />, danger: true, onClick: () => setDeleting(receipt) }]
      : []),
  ];

  return (
    <>
      <MoneyListFrame
        switcher={switcher}
        noun="receipts"
        state={state}
        list={list}
        empty={{
          description: 'A receipt saved for a payment on an invoice appears here.',
          icon: <IconReceipt size={28} />,
        }}
        columns={COLUMNS}
        actionCount={canDelete ? 3 : 2}
      >
        {(list.data?.items ?? []).map((receipt) => (
          <ReceiptTableRow key={receipt.id} receipt={receipt} actions={actionsOf(receipt)} />
        ))}
      </MoneyListFrame>
      <RecordActionModal
        opened={deleting !== null}
        title="Delete Receipt"
        subject={deleting ? { name: deleting.receiptNumber, displayId: deleting.clientName } : null}
        body={INVOICE_MESSAGES.receiptDeleteConfirm}
        reasonPlaceholder={null}
        confirmLabel="Delete"
        color="red"
        messages={{ success: INVOICE_MESSAGES.receiptDeleted, failure: 'Failed to delete receipt' }}
        run={() => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function ReceiptTableRow({ receipt, actions }: { receipt: ReceiptRow; actions: DocumentAction[] }) {
  const { formatDate } = useDateFormat();
  return (
    <Table.Tr data-testid="receipt-row">
      <Table.Td>
        <NumberText>{receipt.receiptNumber}</NumberText>
        <FoldedText
          lines={[
            [['client', receipt.clientName]],
            [
              ['invoice', receipt.invoiceNumber],
              ['paymentDate', formatDate(receipt.paymentDate)],
              ['method', receipt.paymentMethod],
            ],
          ]}
        />
      </Table.Td>
      <ListCell column="invoice">
        <InvoiceNumberText>{receipt.invoiceNumber}</InvoiceNumberText>
      </ListCell>
      <ListCell column="client">
        <CellText>{receipt.clientName}</CellText>
      </ListCell>
      <ListCell column="paymentDate">
        <DateText value={receipt.paymentDate} />
      </ListCell>
      <ListCell column="method">
        <CellText>{receipt.paymentMethod}</CellText>
      </ListCell>
      <MoneyCell amount={receipt.amountPaid} currency={receipt.currency} />
      <DocumentActionsCell name={receipt.receiptNumber} actions={actions} />
    </Table.Tr>
  );
}
