// The invoice dialog (spec 3 §2.2): 'Create New Invoice', 'Edit Invoice', or the read-only 'View Invoice'
// with Download PDF, Print, Send by email, and its money (issue 25): each payment with its receipt or
// 'Generate receipt', the credit notes with what happened to the money they returned, and the actions the
// server would take for it (the domain's invoiceActionsOf). Full screen on a phone; editing reads the
// invoice afresh.
import { Alert, Badge, Button, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCash,
  IconDownload,
  IconMail,
  IconPencil,
  IconPrinter,
  IconReceipt,
  IconReceiptOff,
  IconReceiptRefund,
  IconWallet,
} from '@tabler/icons-react';
import { useState } from 'react';
import {
  centsOf,
  displayMoney,
  INVOICE_MESSAGES,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUS_LOOKS,
  invoiceActionsOf,
  type InvoiceRecord,
  PAYMENT_KIND_LABELS,
  TAX_TREATMENT_LABELS,
  taxNameFor,
} from '@crm/domain';
import { DialogLoadError, FormDialog } from '../../../components/form-dialog.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/file-requests.ts';
import { creditNotePdf, invoicePdf, openFile, receiptPdf, useInvoice, useSendInvoice } from '../api/invoices.ts';
import { emptyInvoiceValues, invoiceToFormValues } from '../invoice-form-values.ts';
import { InvoiceForm } from './invoice-form.tsx';
import { showMailToast } from '../../mail/index.ts';

export type InvoiceDialogState = { mode: 'new' } | { mode: 'edit' | 'view'; id: string } | null;

/** What the user may do with an invoice's money (null: not allowed to the user); each opens its dialog. */
export type InvoiceMoneyActions = {
  receipt: ((invoice: InvoiceRecord, paymentId?: string) => void) | null;
  markPaid: ((invoice: InvoiceRecord) => void) | null;
  applyCredit: ((invoice: InvoiceRecord) => void) | null;
  credit: ((invoice: InvoiceRecord, mode: 'cancel' | 'part') => void) | null;
};

type InvoiceDialogProps = {
  state: InvoiceDialogState;
  onClose: () => void;
  onEdit: (id: string) => void;
  money: InvoiceMoneyActions;
};

export function InvoiceDialog({ state, onClose, onEdit, money }: InvoiceDialogProps) {
  const { today } = useDateFormat();
  const [shown, setShown] = useState(state);
  if (state !== null && state !== shown) setShown(state);
  const invoice = useInvoice(state && state.mode !== 'new' ? state.id : null);
  const notFound = isApiError(invoice.error) && invoice.error.status === 404;
  const title = shown?.mode === 'new' ? 'Create New Invoice' : shown?.mode === 'edit' ? 'Edit Invoice' : 'View Invoice';

  return (
    <FormDialog
      opened={state !== null}
      onClose={onClose}
      title={title}
      size={shown?.mode === 'view' ? 'lg' : 'xl'}
      closeOnClickOutside={shown?.mode === 'view'}
    >
      {shown?.mode === 'new' ? (
        <InvoiceForm
          invoice={null}
          initialValues={emptyInvoiceValues(today())}
          onClose={onClose}
          onSaved={onClose}
          onReload={() => Promise.resolve(undefined)}
        />
      ) : shown ? (
        invoice.isPending ? (
          <PageLoader label="Loading invoice..." />
        ) : invoice.data && !notFound ? (
          shown.mode === 'edit' ? (
            <InvoiceForm
              key={invoice.data.id}
              invoice={invoice.data}
              initialValues={invoiceToFormValues(invoice.data)}
              onClose={onClose}
              onSaved={onClose}
              onReload={async () => (await invoice.refetch()).data}
            />
          ) : (
            <InvoiceView invoice={invoice.data} onClose={onClose} onEdit={onEdit} actions={money} />
          )
        ) : (
          <DialogLoadError
            message={notFound ? INVOICE_MESSAGES.notFound : (invoice.error?.message ?? '')}
            onRetry={null}
            onClose={onClose}
          />
        )
      ) : null}
    </FormDialog>
  );
}

function InvoiceView({
  invoice,
  onClose,
  onEdit,
  actions,
}: {
  invoice: InvoiceRecord;
  onClose: () => void;
  onEdit: (id: string) => void;
  actions: InvoiceMoneyActions;
}) {
  const { formatDate } = useDateFormat();
  const { can } = useAuthorization();
  const send = useSendInvoice();
  const allowed = invoiceActionsOf(invoice);
  const clientCredit = centsOf(invoice.clientCreditAvailable ?? '0');
  const [busy, setBusy] = useState<'download' | 'print' | null>(null);
  const [to, setTo] = useState(invoice.clientEmail ?? '');
  const money = (amount: string) => displayMoney(centsOf(amount), invoice.currency);
  const taxName = taxNameFor(invoice.currency);

  const pdf = async (kind: 'download' | 'print') => {
    setBusy(kind);
    notifications.show({ id: 'pdf', loading: true, message: 'Generating PDF...', autoClose: false });
    try {
      const blob = await invoicePdf(invoice.id);
      if (kind === 'download') {
        saveFile(blob, `${invoice.invoiceNumber}.pdf`);
        notifications.update({
          id: 'pdf',
          loading: false,
          color: 'green',
          message: 'Invoice downloaded as PDF',
          autoClose: 3000,
        });
      } else {
        openFile(blob);
        notifications.update({
          id: 'pdf',
          loading: false,
          color: 'green',
          message: 'Invoice sent to printer',
          autoClose: 3000,
        });
      }
    } catch (error) {
      notifications.update({
        id: 'pdf',
        loading: false,
        color: 'red',
        message: `Failed to generate PDF: ${(error as Error).message}`,
        autoClose: 5000,
      });
    } finally {
      setBusy(null);
    }
  };

  const sendMail = async () => {
    try {
      const sent = await send.mutateAsync({ id: invoice.id, to });
      showMailToast('Invoice', sent.mail);
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={3} size="h4">
            {invoice.invoiceNumber}
          </Title>
          <Text size="sm" c="dimmed">
            Issued {formatDate(invoice.issueDate)} · Due {formatDate(invoice.dueDate)}
            {invoice.sentAt ? ` · Sent ${formatDate(invoice.sentAt)}` : ''}
          </Text>
        </div>
        <StatusBadge look={INVOICE_STATUS_LOOKS[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</StatusBadge>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <div>
          <Text size="xs" c="dimmed">
            Bill to
          </Text>
          <Text fw={600}>{invoice.clientName}</Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {invoice.clientAddress}
          </Text>
          {invoice.clientEmail ? (
            <Text size="sm" c="dimmed">
              {invoice.clientEmail}
            </Text>
          ) : null}
        </div>
        {invoice.creditNoteNumber ? (
          <Alert color="red" variant="light" p="xs">
            <Text size="sm">
              Cancelled by credit note {invoice.creditNoteNumber}
              {invoice.cancelReason ? `: ${invoice.cancelReason}` : ''}
            </Text>
          </Alert>
        ) : clientCredit > 0n ? (
          <Alert color="blue" variant="light" p="xs" icon={<IconWallet size={18} />}>
            <Text size="sm">
              {invoice.clientName} holds {money(invoice.clientCreditAvailable!)} of client credit in {invoice.currency}.
            </Text>
          </Alert>
        ) : null}
      </SimpleGrid>
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label="Invoice items" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Description</Table.Th>
              <Table.Th ta="right">Qty</Table.Th>
              <Table.Th ta="right">Rate</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="center">{taxName}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.items.map((item, i) => (
              <Table.Tr key={i}>
                <Table.Td>
                  {item.description}
                  {item.treatmentReason ? (
                    <Text size="xs" c="dimmed">
                      {TAX_TREATMENT_LABELS[item.taxTreatment]}: {item.treatmentReason}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">{item.quantity}</Table.Td>
                <Table.Td ta="right">{money(item.rate)}</Table.Td>
                <Table.Td ta="right">{money(item.amount)}</Table.Td>
                <Table.Td ta="center">{item.taxable ? 'Yes' : 'No'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={2} align="flex-end" data-testid="invoice-totals">
        <Text size="sm" c="dimmed">
          Subtotal {money(invoice.subtotal)}
        </Text>
        {invoice.applyTax ? (
          <Text size="sm" c="dimmed">
            {taxName} ({invoice.taxRate}%) {money(invoice.tax)}
          </Text>
        ) : null}
        <Text fw={700} size="lg">
          Total {money(invoice.total)}
        </Text>
        {centsOf(invoice.credited) > 0n ? <Text size="sm">Credited −{money(invoice.credited)}</Text> : null}
        {centsOf(invoice.amountPaid) > 0n || centsOf(invoice.credited) > 0n || invoice.payments.length > 0 ? (
          <Text size="sm" data-testid="invoice-balance">
            Received {money(invoice.amountPaid)} · Balance due {money(invoice.balanceDue)}
          </Text>
        ) : null}
      </Stack>
      {invoice.notes ? (
        <Text size="sm" c="dimmed">
          {invoice.notes}
        </Text>
      ) : null}
      {actions.markPaid || actions.applyCredit || actions.credit ? (
        <Group gap="xs" aria-label="Money">
          {actions.markPaid && allowed.recordPayment ? (
            <Button
              variant="light"
              color="green"
              leftSection={<IconCash size={16} />}
              onClick={() => actions.markPaid?.(invoice)}
            >
              Mark as Paid
            </Button>
          ) : null}
          {actions.applyCredit && allowed.recordPayment && clientCredit > 0n ? (
            <Button
              variant="light"
              leftSection={<IconWallet size={16} />}
              onClick={() => actions.applyCredit?.(invoice)}
            >
              Apply client credit
            </Button>
          ) : null}
          {actions.credit && allowed.credit ? (
            <Button
              variant="light"
              color="orange"
              leftSection={<IconReceiptRefund size={16} />}
              onClick={() => actions.credit?.(invoice, 'part')}
            >
              Credit note
            </Button>
          ) : null}
          {actions.credit && allowed.cancel ? (
            <Button
              variant="light"
              color="red"
              leftSection={<IconReceiptOff size={16} />}
              onClick={() => actions.credit?.(invoice, 'cancel')}
            >
              Cancel with credit note
            </Button>
          ) : null}
        </Group>
      ) : null}
      {invoice.payments.length > 0 ? <PaymentsTable invoice={invoice} onReceipt={actions.receipt} /> : null}
      {invoice.creditNotes.length > 0 ? <CreditNotesTable invoice={invoice} /> : null}
      {/* A cancelled invoice is mailed too: for the adjustment note that goes with it. */}
      {can('finance:edit') ? (
        <Group gap="xs" align="flex-end">
          <TextInput
            label="Send to"
            type="email"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <Button
            variant="light"
            leftSection={<IconMail size={16} />}
            loading={send.isPending}
            disabled={!to.trim()}
            onClick={() => void sendMail()}
          >
            Send by email
          </Button>
        </Group>
      ) : null}
      <Group justify="space-between" gap="xs">
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={busy === 'download'}
            onClick={() => void pdf('download')}
          >
            Download PDF
          </Button>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            loading={busy === 'print'}
            onClick={() => void pdf('print')}
          >
            Print
          </Button>
          {actions.receipt && invoice.payments.length > 0 ? (
            <Button variant="light" leftSection={<IconReceipt size={16} />} onClick={() => actions.receipt?.(invoice)}>
              Preview Receipt
            </Button>
          ) : null}
        </Group>
        <Group gap="xs">
          {can('finance:edit') && allowed.edit ? (
            <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => onEdit(invoice.id)}>
              Edit
            </Button>
          ) : null}
          <Button variant="default" onClick={onClose}>
            Back to Invoices
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

const openPdf = async (file: Promise<Blob>) => {
  try {
    openFile(await file);
  } catch (error) {
    notifications.show({ color: 'red', message: `Failed to generate PDF: ${(error as Error).message}` });
  }
};

/** Each payment with its receipt, or 'Generate receipt' for one without. */
function PaymentsTable({ invoice, onReceipt }: { invoice: InvoiceRecord; onReceipt: InvoiceMoneyActions['receipt'] }) {
  const { formatDate } = useDateFormat();
  const money = (amount: string) => displayMoney(centsOf(amount), invoice.currency);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        Payments
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={4} aria-label="Payments">
          <Table.Tbody>
            {invoice.payments.map((p) => (
              <Table.Tr key={p.id} data-testid="payment-row">
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.paymentDate)}</Table.Td>
                <Table.Td>
                  {p.kind === 'payment' ? p.method : PAYMENT_KIND_LABELS[p.kind]}
                  {p.reference ? (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      · {p.reference}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {money(p.amount)}
                  {centsOf(p.returned) > 0n ? (
                    <Text size="xs" c="dimmed">
                      {money(p.returned)} returned by credit note
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">
                  {p.receiptId ? (
                    <Badge
                      component="button"
                      type="button"
                      size="sm"
                      variant="light"
                      tt="none"
                      style={{ cursor: 'pointer' }}
                      aria-label={`Open receipt ${p.receiptNumber}`}
                      onClick={() => void openPdf(receiptPdf(p.receiptId!))}
                    >
                      {p.receiptNumber}
                    </Badge>
                  ) : onReceipt ? (
                    <Button size="compact-xs" variant="subtle" onClick={() => onReceipt(invoice, p.id)}>
                      Generate receipt
                    </Button>
                  ) : (
                    <Text size="xs" c="dimmed">
                      No receipt
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The invoice's credit notes, with what happened to the money each returned, and their PDFs. */
function CreditNotesTable({ invoice }: { invoice: InvoiceRecord }) {
  const { formatDate } = useDateFormat();
  const money = (amount: string) => displayMoney(centsOf(amount), invoice.currency);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        Credit notes
      </Text>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing={4} aria-label="Credit notes">
          <Table.Tbody>
            {invoice.creditNotes.map((n) => (
              <Table.Tr key={n.id} data-testid="credit-note-row">
                <Table.Td>
                  <Badge
                    component="button"
                    type="button"
                    size="sm"
                    variant="light"
                    color="red"
                    tt="none"
                    style={{ cursor: 'pointer' }}
                    aria-label={`Open credit note ${n.creditNoteNumber}`}
                    onClick={() => void openPdf(creditNotePdf(n.id))}
                  >
                    {n.creditNoteNumber}
                  </Badge>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(n.issueDate)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{n.reason}</Text>
                  {centsOf(n.refunded) > 0n || centsOf(n.movedToClientCredit) > 0n ? (
                    <Text size="xs" c="dimmed">
                      {[
                        centsOf(n.refunded) > 0n ? `${money(n.refunded)} refunded` : null,
                        centsOf(n.movedToClientCredit) > 0n
                          ? `${money(n.movedToClientCredit)} kept as client credit`
                          : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  −{money(n.total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
