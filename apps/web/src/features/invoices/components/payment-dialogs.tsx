// Mark as Paid (spec 3 §4: paid in full today on the firm's date, or a part of it on a date, with the
// method) and the receipt preview (spec 3 §2.2, §4: 'RCP-' and the invoice number without 'INV-' until
// saved; Close, Save Receipt and Print Receipt).
import { Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import {
  centsOf,
  displayMoney,
  formatMoney,
  INVOICE_MESSAGES,
  type InvoiceRecord,
  type InvoiceRow,
  parseMoney,
  PAYMENT_METHODS,
  type PaymentMethod,
  type ReceiptRecord,
  receiptPreviewNumber,
  taxNameFor,
} from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import { useDateFormat } from '../../../lib/format.ts';
import { openFile, receiptPdf, useMarkPaid, useSaveReceipt } from '../api/invoices.ts';

export function MarkPaidDialog({ invoice, onClose }: { invoice: InvoiceRow | null; onClose: () => void }) {
  return (
    <Modal opened={invoice !== null} onClose={onClose} title="Mark as Paid" centered>
      {invoice ? <MarkPaidForm key={invoice.id} invoice={invoice} onClose={onClose} /> : null}
    </Modal>
  );
}

function MarkPaidForm({ invoice, onClose }: { invoice: InvoiceRow; onClose: () => void }) {
  const { today } = useDateFormat();
  const markPaid = useMarkPaid();
  const [amount, setAmount] = useState(invoice.balanceDue);
  const [date, setDate] = useState(today());
  const [method, setMethod] = useState<PaymentMethod>('Bank Transfer');
  const cents = parseMoney(String(amount));
  const balance = centsOf(invoice.balanceDue);
  const invalid = cents === undefined || cents <= 0n || cents > balance;

  const submit = async () => {
    try {
      await markPaid.mutateAsync({
        invoice,
        amount: cents === balance ? undefined : formatMoney(cents!),
        paymentDate: date,
        method,
      });
      notifications.show({ color: 'green', message: INVOICE_MESSAGES.markedPaid });
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', message: `${INVOICE_MESSAGES.markPaidFailed}: ${(error as Error).message}` });
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        {invoice.invoiceNumber} · {invoice.clientName} · balance due <b>{displayMoney(balance, invoice.currency)}</b>
      </Text>
      <SimpleGrid cols={2} spacing="sm">
        <NumberInput
          label="Amount"
          value={amount}
          onChange={(v) => setAmount(String(v))}
          min={0}
          decimalScale={2}
          thousandSeparator=","
          hideControls
          error={invalid ? INVOICE_MESSAGES.paymentOverTotal : undefined}
          description="Less than the balance records a part payment"
        />
        <DateField kind="document" label="Payment date" value={date} onChange={setDate} />
      </SimpleGrid>
      <Select
        label="Method"
        data={PAYMENT_METHODS as unknown as string[]}
        value={method}
        allowDeselect={false}
        onChange={(m) => m && setMethod(m as PaymentMethod)}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={markPaid.isPending}>
          Cancel
        </Button>
        <Button color="green" onClick={() => void submit()} loading={markPaid.isPending} disabled={invalid || !date}>
          Mark as Paid
        </Button>
      </Group>
    </Stack>
  );
}

/** The receipt of the invoice's latest payment: previewed, then saved with the server's number. */
export function ReceiptDialog({ invoice, onClose }: { invoice: InvoiceRecord | null; onClose: () => void }) {
  return (
    <Modal opened={invoice !== null} onClose={onClose} title="Receipt" size="lg">
      {invoice ? <ReceiptPreview key={invoice.id} invoice={invoice} onClose={onClose} /> : null}
    </Modal>
  );
}

function ReceiptPreview({ invoice, onClose }: { invoice: InvoiceRecord; onClose: () => void }) {
  const { formatDate } = useDateFormat();
  const saveReceipt = useSaveReceipt();
  const payment = invoice.payments.at(-1);
  const [saved, setSaved] = useState<ReceiptRecord | null>(null);
  const [printing, setPrinting] = useState(false);
  const money = (amount: string) => displayMoney(centsOf(amount), invoice.currency);
  const existing = payment?.receiptNumber ?? null;

  const save = async () => {
    try {
      const receipt = await saveReceipt.mutateAsync({ invoiceId: invoice.id, paymentId: payment?.id });
      setSaved(receipt);
      notifications.show({ color: 'green', message: INVOICE_MESSAGES.receiptSaved });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: `${INVOICE_MESSAGES.receiptSaveFailed}: ${(error as Error).message}`,
      });
    }
  };
  const print = async () => {
    const id = saved?.id ?? payment?.receiptId;
    if (!id) return;
    setPrinting(true);
    try {
      openFile(await receiptPdf(id));
    } catch (error) {
      notifications.show({ color: 'red', message: `Failed to generate PDF: ${(error as Error).message}` });
    } finally {
      setPrinting(false);
    }
  };

  if (!payment)
    return (
      <Stack>
        <Text>{INVOICE_MESSAGES.receiptUnpaid}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <div>
          <Text size="xs" c="dimmed">
            Receipt number
          </Text>
          <Text fw={700} data-testid="receipt-number">
            {saved?.receiptNumber ?? existing ?? receiptPreviewNumber(invoice.invoiceNumber)}
          </Text>
          {saved || existing ? null : (
            <Text size="xs" c="dimmed">
              Preview: the number is assigned on save
            </Text>
          )}
        </div>
        <div style={{ textAlign: 'right' }}>
          <Text size="xs" c="dimmed">
            For invoice
          </Text>
          <Text fw={600}>{invoice.invoiceNumber}</Text>
        </div>
      </Group>
      <Text size="sm">
        Received from <b>{invoice.clientName}</b> on {formatDate(payment.paymentDate)} by {payment.method}
      </Text>
      <Table verticalSpacing={4} aria-label="Receipt items">
        <Table.Tbody>
          {invoice.items.map((item, i) => (
            <Table.Tr key={i}>
              <Table.Td>{item.description}</Table.Td>
              <Table.Td ta="right">{money(item.amount)}</Table.Td>
            </Table.Tr>
          ))}
          {invoice.applyTax ? (
            <Table.Tr>
              <Table.Td c="dimmed">
                {taxNameFor(invoice.currency)} ({invoice.taxRate}%)
              </Table.Td>
              <Table.Td ta="right">{money(invoice.tax)}</Table.Td>
            </Table.Tr>
          ) : null}
          <Table.Tr>
            <Table.Td fw={700}>Total</Table.Td>
            <Table.Td ta="right" fw={700}>
              {money(invoice.total)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>Amount received</Table.Td>
            <Table.Td ta="right" fw={700}>
              {money(payment.amount)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        {saved || existing ? null : (
          <Button onClick={() => void save()} loading={saveReceipt.isPending}>
            Save Receipt
          </Button>
        )}
        <Button
          variant="light"
          leftSection={<IconPrinter size={16} />}
          disabled={!saved && !existing}
          loading={printing}
          onClick={() => void print()}
        >
          Print Receipt
        </Button>
      </Group>
    </Stack>
  );
}
