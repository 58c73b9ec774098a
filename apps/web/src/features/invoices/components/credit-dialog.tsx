// 'Cancel with credit note' and 'Credit note' (issue 25): a credit note — an adjustment note for a tax
// invoice — for all that is left of the invoice or for lines (or parts of lines). The dialog shows the
// amount and the GST adjusted as the server will compute them (the domain's creditNoteFigures), and when the
// credit reaches money already received it asks, payment by payment, whether that money is refunded or kept
// as client credit; nothing is sent until every dollar is accounted for.
import {
  Alert,
  Button,
  Checkbox,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import {
  centsOf,
  creditNoteFigures,
  displayMoney,
  formatMoney,
  futureMoneyDate,
  INVOICE_MONEY_MESSAGES,
  type InvoiceRecord,
  isTaxInvoice,
  MONEY_ACTION_LABELS,
  type MoneyAction,
  moneyReleasedBy,
  parseMoney,
  PAYMENT_KIND_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  releasedFromPayments,
  taxNameFor,
} from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useDateFormat } from '../../../lib/format.ts';
import { usePhoneLayout } from '../../../lib/use-phone-layout.ts';
import { useCreditInvoice, useInvoice } from '../api/invoices.ts';
import { GuardedModal, useCloseGuard } from '../../../components/close-guard.tsx';
import { AmountInput } from './amount-input.tsx';

export type CreditTarget = { id: string; mode: 'cancel' | 'part' };

export function CreditDialog({ target, onClose }: { target: CreditTarget | null; onClose: () => void }) {
  const invoice = useInvoice(target?.id ?? null);
  const phone = usePhoneLayout();
  const title = target?.mode === 'part' ? 'Credit note' : 'Cancel with credit note';
  return (
    <GuardedModal
      opened={target !== null}
      onClose={onClose}
      title={title}
      size="lg"
      fullScreen={phone}
      radius={phone ? 0 : 'md'}
    >
      {!target ? null : invoice.data && invoice.data.id === target.id ? (
        <CreditForm
          key={`${invoice.data.id}:${invoice.data.version}`}
          invoice={invoice.data}
          mode={target.mode}
          onClose={onClose}
        />
      ) : invoice.isError ? (
        <Alert color="red" variant="light" role="alert">
          {invoice.error.message}
        </Alert>
      ) : (
        <PageLoader label="Loading invoice..." />
      )}
    </GuardedModal>
  );
}

function CreditForm({
  invoice,
  mode,
  onClose,
}: {
  invoice: InvoiceRecord;
  mode: 'cancel' | 'part';
  onClose: () => void;
}) {
  const { formatDate, today } = useDateFormat();
  const credit = useCreditInvoice();
  const money = (cents: bigint) => displayMoney(cents, invoice.currency);
  const taxName = taxNameFor(invoice.currency);
  const items = invoice.items.map((i) => ({ amount: centsOf(i.amount), taxable: i.taxable }));
  const uncredited = invoice.uncredited.map(centsOf);
  const creditedBefore = items.map((item, i) => item.amount - uncredited[i]!);

  const [reason, setReason] = useState('');
  // A part credit: the lines chosen and the amount of each (before tax), the whole line by default.
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const [actions, setActions] = useState<Record<string, MoneyAction>>({});
  const [refundDate, setRefundDate] = useState(today());
  const [method, setMethod] = useState<PaymentMethod>('Bank Transfer');
  const [reference, setReference] = useState('');
  const [submitted, setSubmitted] = useState(false);
  useCloseGuard(reason !== '' || Object.keys(chosen).length > 0 || Object.keys(actions).length > 0 || reference !== '');

  const lineAmounts = Object.entries(chosen).map(([index, text]) => ({
    index: Number(index),
    text,
    cents: parseMoney(text),
  }));
  const lineErrors = new Map<number, string>();
  for (const l of lineAmounts) {
    if (l.cents === undefined || l.cents <= 0n) lineErrors.set(l.index, INVOICE_MONEY_MESSAGES.creditAmountPositive);
    else if (l.cents > uncredited[l.index]!) lineErrors.set(l.index, INVOICE_MONEY_MESSAGES.creditOverLine);
  }
  const lines =
    mode === 'cancel'
      ? uncredited.map((amount, index) => ({ index, amount })).filter((l) => l.amount > 0n)
      : lineAmounts.filter((l) => !lineErrors.has(l.index)).map((l) => ({ index: l.index, amount: l.cents! }));
  const figures = creditNoteFigures(items, creditedBefore, lines, invoice.applyTax, invoice.taxRate);
  const balance = centsOf(invoice.balanceDue);
  const released = moneyReleasedBy(figures.total, balance);
  const payments = invoice.payments.map((p) => ({ ...p, remainingCents: centsOf(p.remaining) }));
  const split = releasedFromPayments(
    payments.map((p) => ({ id: p.id, remaining: p.remainingCents })),
    released,
  );
  const hasRecord = invoice.entityId !== null;
  const actionOf = (paymentId: string): MoneyAction => actions[paymentId] ?? (hasRecord ? 'client_credit' : 'refund');
  const refunding = split.some((s) => actionOf(s.paymentId) === 'refund');
  const refundDateError =
    refundDate && futureMoneyDate(refundDate, today()) ? INVOICE_MONEY_MESSAGES.refundInFuture : undefined;
  const problems = [
    reason.trim() === '' ? 'A reason is required' : null,
    mode === 'part' && lines.length === 0 ? INVOICE_MONEY_MESSAGES.creditNothing : null,
    mode === 'part' && lineErrors.size > 0 ? [...lineErrors.values()][0]! : null,
    refunding && (!refundDate || refundDateError)
      ? (refundDateError ?? INVOICE_MONEY_MESSAGES.refundDetailsRequired)
      : null,
  ].filter((p): p is string => p !== null);

  const submit = async () => {
    setSubmitted(true);
    if (problems.length > 0) return;
    try {
      await credit.mutateAsync({
        invoice,
        reason: reason.trim(),
        lines: mode === 'cancel' ? null : lines.map((l) => ({ index: l.index, amount: formatMoney(l.amount) })),
        money: split.map((s) => ({
          paymentId: s.paymentId,
          action: actionOf(s.paymentId),
          amount: formatMoney(s.amount),
        })),
        ...(refunding ? { refund: { refundDate, method, reference: reference.trim() || undefined } } : {}),
      });
      notifications.show({
        color: 'green',
        message: mode === 'cancel' ? INVOICE_MONEY_MESSAGES.cancelled : INVOICE_MONEY_MESSAGES.creditSaved,
      });
      onClose();
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    }
  };

  const document = isTaxInvoice(invoice) ? 'an adjustment note' : 'a credit note';
  return (
    <Stack gap="sm">
      <Text size="sm">
        {invoice.invoiceNumber} · {invoice.clientName} · total {money(centsOf(invoice.total))}
        {centsOf(invoice.credited) > 0n ? ` · credited ${money(centsOf(invoice.credited))}` : ''} · received{' '}
        {money(centsOf(invoice.amountPaid))} · balance due {money(balance)}
      </Text>
      {mode === 'cancel' ? (
        <Text size="sm">
          The invoice stays on record, cancelled by {document} with its own CN- number for all that is left of it.
        </Text>
      ) : (
        <Stack gap={0} role="group" aria-label="Lines to credit">
          {invoice.items.map((item, index) => {
            const left = uncredited[index]!;
            const on = chosen[index] !== undefined;
            return (
              <Group
                key={index}
                justify="space-between"
                align="center"
                wrap="wrap"
                gap="xs"
                py={6}
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Checkbox
                  aria-label={`Credit ${item.description}`}
                  checked={on}
                  disabled={left <= 0n}
                  style={{ flex: '1 1 220px' }}
                  label={
                    <>
                      <Text size="sm" component="span" display="block">
                        {item.description}
                      </Text>
                      <Text size="xs" c="dimmed" component="span" display="block">
                        {item.taxable ? `${taxName} applies` : `No ${taxName}`} · {money(left)} left to credit
                      </Text>
                    </>
                  }
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    setChosen((c) => {
                      const next = { ...c };
                      if (checked) next[index] = formatMoney(left);
                      else delete next[index];
                      return next;
                    });
                  }}
                />
                {on ? (
                  <AmountInput
                    aria-label={`Amount to credit on ${item.description}`}
                    description={`Credit before ${taxName}`}
                    value={chosen[index]}
                    onChange={(v) => setChosen((c) => ({ ...c, [index]: v }))}
                    size="xs"
                    w={170}
                    error={lineErrors.get(index)}
                  />
                ) : null}
              </Group>
            );
          })}
        </Stack>
      )}
      <Stack gap={2} align="flex-end" data-testid="credit-figures">
        <Text size="sm" c="dimmed">
          Credited before {taxName}: {money(figures.taxable + figures.nonTaxable)}
        </Text>
        {invoice.applyTax ? (
          <Text size="sm" c="dimmed">
            {taxName} adjusted ({invoice.taxRate}%): {money(figures.tax)}
          </Text>
        ) : null}
        <Text fw={700}>Total credited: {money(figures.total)}</Text>
      </Stack>
      {released > 0n ? (
        <Stack gap="xs">
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
            <Text size="sm">
              This credit reaches <b>{money(released)}</b> of the money received. Say what happens to it: refunded to{' '}
              {invoice.clientName}, or kept as client credit for a later invoice.
            </Text>
          </Alert>
          <Stack gap={0} role="group" aria-label="Money received">
            {split.map((s) => {
              const p = payments.find((x) => x.id === s.paymentId)!;
              return (
                <Group
                  key={s.paymentId}
                  data-testid="money-row"
                  justify="space-between"
                  wrap="wrap"
                  gap="xs"
                  py={6}
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  <div style={{ flex: '1 1 200px' }}>
                    <Text size="sm">
                      {formatDate(p.paymentDate)} · {p.kind === 'payment' ? p.method : PAYMENT_KIND_LABELS[p.kind]} ·{' '}
                      <b>{money(s.amount)}</b>
                    </Text>
                    {s.amount < centsOf(p.amount) ? (
                      <Text size="xs" c="dimmed">
                        of the {money(centsOf(p.amount))} received
                      </Text>
                    ) : null}
                  </div>
                  <SegmentedControl
                    size="xs"
                    aria-label={`What happens to ${money(s.amount)} paid on ${formatDate(p.paymentDate)}`}
                    value={actionOf(s.paymentId)}
                    onChange={(v) => setActions((a) => ({ ...a, [s.paymentId]: v as MoneyAction }))}
                    data={[
                      { value: 'refund', label: MONEY_ACTION_LABELS.refund },
                      { value: 'client_credit', label: MONEY_ACTION_LABELS.client_credit, disabled: !hasRecord },
                    ]}
                  />
                </Group>
              );
            })}
          </Stack>
          {hasRecord ? null : (
            <Text size="xs" c="dimmed">
              {INVOICE_MONEY_MESSAGES.noRecordForCredit}
            </Text>
          )}
          {refunding ? (
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
              <DateField
                kind="document"
                label="Refund date"
                value={refundDate}
                onChange={setRefundDate}
                error={
                  submitted || refundDateError
                    ? (refundDateError ?? (refundDate ? undefined : 'Refund date is required'))
                    : undefined
                }
              />
              <Select
                label="Refund method"
                data={PAYMENT_METHODS as unknown as string[]}
                value={method}
                allowDeselect={false}
                onChange={(m) => m && setMethod(m as PaymentMethod)}
              />
              <TextInput
                label="Reference"
                value={reference}
                maxLength={200}
                onChange={(e) => setReference(e.currentTarget.value)}
              />
            </SimpleGrid>
          ) : null}
        </Stack>
      ) : null}
      <Textarea
        label="Reason"
        placeholder="Issued in error"
        required
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={submitted && reason.trim() === '' ? 'A reason is required' : undefined}
      />
      {submitted && problems.length > 0 ? (
        <Text size="sm" c="red" role="alert">
          {problems[0]}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={credit.isPending}>
          Close
        </Button>
        <Button color="red" onClick={() => void submit()} loading={credit.isPending}>
          {mode === 'cancel' ? 'Cancel invoice' : 'Issue credit note'}
        </Button>
      </Group>
    </Stack>
  );
}
