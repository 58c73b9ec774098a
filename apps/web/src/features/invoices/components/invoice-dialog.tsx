// The invoice dialog (spec 3 §2.2): 'Create New Invoice', 'Edit Invoice', or the read-only 'View Invoice'
// with Download PDF, Print, Send by email and, for a paid invoice, its receipt. Full screen on a phone;
// editing reads the invoice afresh.
import { Alert, Badge, Button, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconDownload, IconMail, IconPencil, IconPrinter, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import {
  centsOf,
  displayMoney,
  INVOICE_MESSAGES,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUS_LOOKS,
  type InvoiceRecord,
  taxNameFor,
} from '@crm/domain';
import { PageLoader } from '../../../components/page-loader.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useAuthorization } from '../../../lib/authorization.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { saveFile } from '../../../lib/file-requests.ts';
import { invoicePdf, openFile, useInvoice, useSendInvoice } from '../api/invoices.ts';
import { emptyInvoiceValues, invoiceToFormValues } from '../invoice-form-values.ts';
import { InvoiceForm } from './invoice-form.tsx';

export type InvoiceDialogState = { mode: 'new' } | { mode: 'edit' | 'view'; id: string } | null;

type InvoiceDialogProps = {
  state: InvoiceDialogState;
  onClose: () => void;
  onEdit: (id: string) => void;
  onReceipt: (invoice: InvoiceRecord) => void;
};

export function InvoiceDialog({ state, onClose, onEdit, onReceipt }: InvoiceDialogProps) {
  const phone = usePhoneLayout();
  const { today } = useDateFormat();
  const [shown, setShown] = useState(state);
  if (state !== null && state !== shown) setShown(state);
  const invoice = useInvoice(state && state.mode !== 'new' ? state.id : null);
  const notFound = isApiError(invoice.error) && invoice.error.status === 404;
  const title = shown?.mode === 'new' ? 'Create New Invoice' : shown?.mode === 'edit' ? 'Edit Invoice' : 'View Invoice';

  return (
    <Modal
      opened={state !== null}
      onClose={onClose}
      title={title}
      size={shown?.mode === 'view' ? 'lg' : 'xl'}
      fullScreen={phone}
      radius={phone ? 0 : 'md'}
      closeOnClickOutside={shown?.mode === 'view'}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
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
            <InvoiceView invoice={invoice.data} onClose={onClose} onEdit={onEdit} onReceipt={onReceipt} />
          )
        ) : (
          <Stack gap="sm">
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
              <Text size="sm">{notFound ? INVOICE_MESSAGES.notFound : (invoice.error?.message ?? '')}</Text>
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
            </Group>
          </Stack>
        )
      ) : null}
    </Modal>
  );
}

function InvoiceView({
  invoice,
  onClose,
  onEdit,
  onReceipt,
}: {
  invoice: InvoiceRecord;
  onClose: () => void;
  onEdit: (id: string) => void;
  onReceipt: (invoice: InvoiceRecord) => void;
}) {
  const { formatDate } = useDateFormat();
  const { can } = useAuthorization();
  const send = useSendInvoice();
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
      await send.mutateAsync({ id: invoice.id, to });
      notifications.show({ color: 'green', message: `${INVOICE_MESSAGES.sent} to ${to}` });
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
                <Table.Td>{item.description}</Table.Td>
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
        {centsOf(invoice.amountPaid) > 0n ? (
          <Text size="sm">
            Paid {money(invoice.amountPaid)} · Balance due {money(invoice.balanceDue)}
          </Text>
        ) : null}
      </Stack>
      {invoice.notes ? (
        <Text size="sm" c="dimmed">
          {invoice.notes}
        </Text>
      ) : null}
      {can('finance:edit') && invoice.state !== 'cancelled' ? (
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
          {invoice.state === 'paid' || invoice.state === 'partially_paid' ? (
            <Button variant="light" leftSection={<IconReceipt size={16} />} onClick={() => onReceipt(invoice)}>
              Preview Receipt
            </Button>
          ) : null}
        </Group>
        <Group gap="xs">
          {can('finance:edit') && invoice.state !== 'cancelled' ? (
            <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => onEdit(invoice.id)}>
              Edit
            </Button>
          ) : null}
          <Button variant="default" onClick={onClose}>
            Back to Invoices
          </Button>
        </Group>
      </Group>
      {invoice.payments.length > 0 ? (
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            Payments
          </Text>
          {invoice.payments.map((p) => (
            <Group key={p.id} gap="xs">
              <Text size="sm">
                {formatDate(p.paymentDate)} · {money(p.amount)} · {p.method}
              </Text>
              {p.receiptNumber ? (
                <Badge size="sm" variant="light" tt="none">
                  {p.receiptNumber}
                </Badge>
              ) : null}
            </Group>
          ))}
        </Stack>
      ) : null}
    </Stack>
  );
}
