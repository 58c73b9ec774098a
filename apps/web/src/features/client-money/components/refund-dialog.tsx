// 'Refund' of one ledger: client money paid back, at most the balance, on a date not after today. Money
// leaving the firm is confirmed first: the form, then what will happen (amount, to whom, how, the balance
// after), then the request. On a 409 the ledger is read again and the form shows the balance as it is now.
import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import {
  centsOf,
  type ClientLedger,
  type ClientMoney,
  displayMoney,
  GENERIC_MESSAGES,
  INVOICE_MONEY_MESSAGES,
  parseMoney,
} from '@crm/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/format.ts';
import type { ClientMoneyOwner } from '../api/client-money-keys.ts';
import { useRefundClientMoney } from '../api/refund-client-money.ts';
import {
  emptyRefundValues,
  type FieldErrors,
  firstMessages,
  type RefundFormValues,
  refundFormErrors,
  toRefundBody,
} from '../client-money-form-values.ts';
import { isStaleLedger, MoneyDialog, MovementFields, ReferenceField, SaveFailedAlert } from './money-dialog.tsx';
import { differs, useCloseGuard } from '../../../components/close-guard.tsx';

const FAILED = 'Failed to record the refund';

type RefundDialogProps = {
  owner: ClientMoneyOwner;
  /** Whose money it is, for the confirmation. */
  name: string;
  /** The ledger to refund from, as last read; null while closed. */
  ledger: ClientLedger | null;
  onReload: () => Promise<ClientMoney | undefined>;
  onClose: () => void;
};

export function RefundDialog({ ledger, ...props }: RefundDialogProps) {
  return (
    <MoneyDialog
      opened={ledger !== null}
      title={ledger ? `Refund client money (${ledger.currency})` : 'Refund client money'}
      onClose={props.onClose}
    >
      {ledger ? <RefundForm key={ledger.id} ledger={ledger} {...props} /> : null}
    </MoneyDialog>
  );
}

function RefundForm({ owner, name, ledger, onReload, onClose }: RefundDialogProps & { ledger: ClientLedger }) {
  const { today, formatDate } = useDateFormat();
  const refund = useRefundClientMoney(owner);
  // The ledger the version and the balance come from: as read when the dialog opened, or again after a 409.
  const [seen, setSeen] = useState(ledger);
  const [values, setValues] = useState<RefundFormValues>(() => emptyRefundValues(today()));
  const [confirming, setConfirming] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<Error | null>(null);
  useCloseGuard(differs(values, emptyRefundValues(today())));

  const money = (cents: bigint) => displayMoney(cents, seen.currency);
  const balance = centsOf(seen.balance);
  const live = refundFormErrors(values, seen.balance, today());
  // A date after today or an amount over the balance is said at once; the rest once a save was tried.
  const errorOf = (field: keyof RefundFormValues) =>
    serverErrors[field] ??
    (submitted || field === 'refundDate' || live[field] === INVOICE_MONEY_MESSAGES.ledgerRefundOver
      ? live[field]
      : undefined);
  const set =
    <K extends keyof RefundFormValues>(field: K) =>
    (value: RefundFormValues[K]) => {
      setValues((v) => ({ ...v, [field]: value }));
      setServerErrors(({ [field]: _, ...rest }) => rest);
    };
  const amount = parseMoney(values.amount.trim());

  const review = () => {
    setSubmitted(true);
    if (Object.keys(live).length > 0) {
      notifications.show({ color: 'red', message: GENERIC_MESSAGES.validation });
      return;
    }
    setSaveError(null);
    setConfirming(true);
  };

  const save = async () => {
    setSaveError(null);
    setServerErrors({});
    try {
      await refund.mutateAsync({ ledgerId: seen.id, input: toRefundBody(values, seen.version) });
      notifications.show({ color: 'green', message: INVOICE_MONEY_MESSAGES.refunded });
      onClose();
    } catch (error) {
      setConfirming(false);
      setSaveError(error as Error);
      if (error instanceof ApiError) setServerErrors(firstMessages(error.fieldErrors));
      notifications.show({ color: 'red', message: FAILED });
      if (isStaleLedger(error)) {
        const fresh = (await onReload())?.ledgers.find((l) => l.id === seen.id);
        if (fresh) setSeen(fresh);
      }
    }
  };

  if (confirming && amount !== undefined) {
    return (
      <Stack gap="sm">
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} title="Money leaves the ledger">
          <Stack gap={4}>
            <Text size="sm">
              Refund <b>{money(amount)}</b> to <b>{name}</b> by {values.method} on {formatDate(values.refundDate)}
              {values.reference.trim() ? ` (${values.reference.trim()})` : ''}?
            </Text>
            <Text size="sm">
              The client money held goes from {money(balance)} to <b>{money(balance - amount)}</b>. A refund is not
              undone here.
            </Text>
          </Stack>
        </Alert>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setConfirming(false)} disabled={refund.isPending}>
            Back
          </Button>
          <Button color="red" onClick={() => void save()} loading={refund.isPending} data-autofocus>
            Confirm refund
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      aria-label="Refund client money"
      onSubmit={(event) => {
        event.preventDefault();
        review();
      }}
    >
      <Stack gap="sm">
        <Text size="sm">
          {name} holds <b data-testid="refund-balance">{money(balance)}</b> of client money in {seen.currency}: a refund
          may be up to that.
        </Text>
        <SaveFailedAlert error={saveError} failure={FAILED} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          <MovementFields
            currency={seen.currency}
            amount={{ value: values.amount, onChange: set('amount'), error: errorOf('amount') }}
            date={{
              label: 'Refund date',
              value: values.refundDate,
              onChange: set('refundDate'),
              error: errorOf('refundDate'),
            }}
            method={{ value: values.method, onChange: set('method') }}
          />
          <ReferenceField value={values.reference} onChange={set('reference')} error={errorOf('reference')} />
        </SimpleGrid>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" color="red" variant="light">
            Refund...
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
