// Money coming in on an invoice: Mark as Paid (spec 3 §4: the balance due today on the firm's date, or a part
// of it on a date that is not after today, with the method and a reference), client credit applied from the
// client's ledger, and the receipt of any payment (spec 3 §2.2: Close, Save Receipt, Print Receipt) with the
// payments before it and the balance it left; its number is taken on save (numbers are gap-free).
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import {
  ASSIGNED_ON_SAVE,
  centsOf,
  displayMoney,
  formatMoney,
  futureMoneyDate,
  INVOICE_MESSAGES,
  INVOICE_MONEY_MESSAGES,
  type InvoicePayment,
  type InvoiceRecord,
  type InvoiceRow,
  parseMoney,
  PAYMENT_KIND_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  positionAfterPayment,
  type ReceiptRecord,
  taxNameFor,
} from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import { useDateFormat } from '../../../lib/format.ts';
import { openFile, receiptPdf, useApplyClientCredit, useMarkPaid, useSaveReceipt } from '../api/invoices.ts';
import { differs, GuardedModal, useCloseGuard } from '../../../components/close-guard.tsx';
import { AmountInput } from './amount-input.tsx';

export function MarkPaidDialog({
  invoice,
  onClose,
}: {
  invoice: Pick<InvoiceRow, 'id' | 'version' | 'invoiceNumber' | 'clientName' | 'balanceDue' | 'currency'> | null;
  onClose: () => void;
}) {
  return (
    <GuardedModal opened={invoice !== null} onClose={onClose} title="Mark as Paid" centered>
      {invoice ? <MarkPaidForm key={invoice.id} invoice={invoice} onClose={onClose} /> : null}
    </GuardedModal>
  );
}

function MarkPaidForm({
  invoice,
  onClose,
}: {
  invoice: Pick<InvoiceRow, 'id' | 'version' | 'invoiceNumber' | 'clientName' | 'balanceDue' | 'currency'>;
  onClose: () => void;
}) {
  const { today } = useDateFormat();
  const markPaid = useMarkPaid();
  const [amount, setAmount] = useState(invoice.balanceDue);
  const [date, setDate] = useState(today());
  const [method, setMethod] = useState<PaymentMethod>('Bank Transfer');
  const [reference, setReference] = useState('');
  useCloseGuard(
    differs(
      { amount, date, method, reference },
      { amount: invoice.balanceDue, date: today(), method: 'Bank Transfer', reference: '' },
    ),
  );
  const cents = parseMoney(String(amount));
  const balance = centsOf(invoice.balanceDue);
  const invalid = cents === undefined || cents <= 0n || cents > balance;
  const dateError = date && futureMoneyDate(date, today()) ? INVOICE_MONEY_MESSAGES.paymentInFuture : undefined;

  const submit = async () => {
    try {
      await markPaid.mutateAsync({
        invoice,
        amount: cents === balance ? undefined : formatMoney(cents!),
        paymentDate: date,
        method,
        reference: reference.trim() || undefined,
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
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <AmountInput
          label="Amount"
          value={amount}
          onChange={setAmount}
          error={invalid ? INVOICE_MESSAGES.paymentOverTotal : undefined}
          description="Less than the balance records a part payment"
        />
        <DateField kind="document" label="Payment date" value={date} onChange={setDate} error={dateError} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Method"
          data={PAYMENT_METHODS as unknown as string[]}
          value={method}
          allowDeselect={false}
          onChange={(m) => m && setMethod(m as PaymentMethod)}
        />
        <TextInput
          label="Reference"
          placeholder="Bank or card reference"
          value={reference}
          maxLength={200}
          onChange={(e) => setReference(e.currentTarget.value)}
        />
      </SimpleGrid>
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={markPaid.isPending}>
          Cancel
        </Button>
        <Button
          color="green"
          onClick={() => void submit()}
          loading={markPaid.isPending}
          disabled={invalid || !date || Boolean(dateError)}
        >
          Mark as Paid
        </Button>
      </Group>
    </Stack>
  );
}

/** Client money the invoice's lead or client holds pays (part of) it. */
export function ApplyClientCreditDialog({ invoice, onClose }: { invoice: InvoiceRecord | null; onClose: () => void }) {
  return (
    <GuardedModal opened={invoice !== null} onClose={onClose} title="Apply client credit" centered>
      {invoice ? <ApplyClientCreditForm key={invoice.id} invoice={invoice} onClose={onClose} /> : null}
    </GuardedModal>
  );
}

function ApplyClientCreditForm({ invoice, onClose }: { invoice: InvoiceRecord; onClose: () => void }) {
  const apply = useApplyClientCredit();
  const available = centsOf(invoice.clientCreditAvailable ?? '0');
  const balance = centsOf(invoice.balanceDue);
  const most = available < balance ? available : balance;
  const [amount, setAmount] = useState(formatMoney(most));
  useCloseGuard(amount !== formatMoney(most));
  const cents = parseMoney(String(amount));
  const invalid = cents === undefined || cents <= 0n || cents > most;
  const money = (c: bigint) => displayMoney(c, invoice.currency);

  const submit = async () => {
    try {
      await apply.mutateAsync({ invoice, amount: formatMoney(cents!) });
      notifications.show({ color: 'green', message: INVOICE_MONEY_MESSAGES.clientCreditApplied });
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">
        {invoice.clientName} holds <b>{money(available)}</b> of client money; {invoice.invoiceNumber} has{' '}
        <b>{money(balance)}</b> due.
      </Text>
      <AmountInput
        label="Amount to apply"
        value={amount}
        onChange={setAmount}
        error={invalid ? INVOICE_MONEY_MESSAGES.clientCreditOver : undefined}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={apply.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={apply.isPending} disabled={invalid}>
          Apply client credit
        </Button>
      </Group>
    </Stack>
  );
}

/** The receipt of one payment: the one named, or the latest still without one. */
export type ReceiptTarget = { invoice: InvoiceRecord; paymentId?: string };

export function ReceiptDialog({ target, onClose }: { target: ReceiptTarget | null; onClose: () => void }) {
  return (
    <Modal opened={target !== null} onClose={onClose} title="Receipt" size="lg">
      {target ? <ReceiptPreview key={target.invoice.id} target={target} onClose={onClose} /> : null}
    </Modal>
  );
}

const paymentLabel = (p: InvoicePayment) => (p.kind === 'payment' ? p.method : PAYMENT_KIND_LABELS[p.kind]);

function ReceiptPreview({ target, onClose }: { target: ReceiptTarget; onClose: () => void }) {
  const { invoice } = target;
  const { formatDate } = useDateFormat();
  const saveReceipt = useSaveReceipt();
  const initial =
    invoice.payments.find((p) => p.id === target.paymentId) ??
    invoice.payments.findLast((p) => p.receiptId === null) ??
    invoice.payments.at(-1);
  const [paymentId, setPaymentId] = useState(initial?.id ?? null);
  const [saved, setSaved] = useState<Record<string, ReceiptRecord>>({});
  const [printing, setPrinting] = useState(false);
  const money = (amount: bigint) => displayMoney(amount, invoice.currency);
  const at = invoice.payments.findIndex((p) => p.id === paymentId);
  const payment = invoice.payments[at];

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

  const receipt = saved[payment.id];
  const receiptId = receipt?.id ?? payment.receiptId;
  const number = receipt?.receiptNumber ?? payment.receiptNumber;
  const earlier = invoice.payments.slice(0, at);
  // What was due once this payment came: the receipt's own figure, by the rule the server saves it with.
  const balanceAfter = receipt
    ? centsOf(receipt.balanceDue)
    : positionAfterPayment(
        centsOf(invoice.total),
        invoice.payments.map((p) => ({ amount: centsOf(p.amount), createdAt: p.createdAt })),
        at,
        invoice.creditNotes.map((n) => ({
          total: centsOf(n.total),
          returned: centsOf(n.refunded) + centsOf(n.movedToClientCredit),
          createdAt: n.createdAt,
        })),
      ).balanceDue;

  const save = async () => {
    try {
      const result = await saveReceipt.mutateAsync({ invoiceId: invoice.id, paymentId: payment.id });
      setSaved((s) => ({ ...s, [payment.id]: result }));
      notifications.show({ color: 'green', message: INVOICE_MESSAGES.receiptSaved });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: `${INVOICE_MESSAGES.receiptSaveFailed}: ${(error as Error).message}`,
      });
    }
  };
  const print = async () => {
    if (!receiptId) return;
    setPrinting(true);
    try {
      openFile(await receiptPdf(receiptId));
    } catch (error) {
      notifications.show({ color: 'red', message: `Failed to generate PDF: ${(error as Error).message}` });
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Stack gap="sm">
      {invoice.payments.length > 1 ? (
        <Select
          label="Payment"
          allowDeselect={false}
          value={payment.id}
          onChange={(id) => id && setPaymentId(id)}
          data={invoice.payments.map((p) => ({
            value: p.id,
            label: `${formatDate(p.paymentDate)} · ${paymentLabel(p)} · ${money(centsOf(p.amount))}${
              p.receiptNumber || saved[p.id]
                ? ` · ${saved[p.id]?.receiptNumber ?? p.receiptNumber}`
                : ' · no receipt yet'
            }`,
          }))}
        />
      ) : null}
      <Group justify="space-between">
        <div>
          <Text size="xs" c="dimmed">
            Receipt number
          </Text>
          <Text fw={700} data-testid="receipt-number">
            {number ?? ASSIGNED_ON_SAVE}
          </Text>
        </div>
        <div style={{ textAlign: 'right' }}>
          <Text size="xs" c="dimmed">
            For invoice
          </Text>
          <Text fw={600}>{invoice.invoiceNumber}</Text>
        </div>
      </Group>
      <Text size="sm">
        Received from <b>{invoice.clientName}</b> on {formatDate(payment.paymentDate)} by {paymentLabel(payment)}
        {payment.reference ? ` (${payment.reference})` : ''}
      </Text>
      <Table verticalSpacing={4} aria-label="Receipt items">
        <Table.Tbody>
          {invoice.items.map((item, i) => (
            <Table.Tr key={i}>
              <Table.Td>{item.description}</Table.Td>
              <Table.Td ta="right">{money(centsOf(item.amount))}</Table.Td>
            </Table.Tr>
          ))}
          {invoice.applyTax ? (
            <Table.Tr>
              <Table.Td c="dimmed">
                {taxNameFor(invoice.currency)} ({invoice.taxRate}%)
              </Table.Td>
              <Table.Td ta="right">{money(centsOf(invoice.tax))}</Table.Td>
            </Table.Tr>
          ) : null}
          <Table.Tr>
            <Table.Td fw={700}>Total</Table.Td>
            <Table.Td ta="right" fw={700}>
              {money(centsOf(invoice.total))}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Table verticalSpacing={4} aria-label="Payments on this invoice">
        <Table.Tbody>
          {earlier.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td c="dimmed">
                Earlier: {formatDate(p.paymentDate)} · {paymentLabel(p)}
              </Table.Td>
              <Table.Td ta="right" c="dimmed">
                {money(centsOf(p.amount))}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td fw={700}>Amount received</Table.Td>
            <Table.Td ta="right" fw={700}>
              {money(centsOf(payment.amount))}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>Balance still due</Table.Td>
            <Table.Td ta="right" fw={700} data-testid="receipt-balance">
              {money(balanceAfter)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {number ? null : (
        <Alert variant="light" color="gray" p="xs">
          <Text size="xs">A preview: the receipt number is assigned on save, in order, without gaps.</Text>
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        {number ? null : (
          <Button onClick={() => void save()} loading={saveReceipt.isPending}>
            Save Receipt
          </Button>
        )}
        <Button
          variant="light"
          leftSection={<IconPrinter size={16} />}
          disabled={!receiptId}
          loading={printing}
          onClick={() => void print()}
        >
          Print Receipt
        </Button>
      </Group>
    </Stack>
  );
}
