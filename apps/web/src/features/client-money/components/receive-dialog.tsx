// 'Receive client money': money received to hold for the lead or client, not yet earned, into its ledger in
// the chosen currency (created with the first money). The version sent is the ledger's as the dialog read it;
// when someone changed it since (409), the dialog reads it again and says so.
import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import {
  centsOf,
  type ClientLedger,
  type ClientMoney,
  CURRENCIES,
  CURRENCY_SYMBOLS,
  type Currency,
  displayMoney,
  GENERIC_MESSAGES,
  INVOICE_MONEY_MESSAGES,
} from '@crm/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/format.ts';
import type { ClientMoneyOwner } from '../api/client-money-keys.ts';
import { useReceiveClientMoney } from '../api/receive-client-money.ts';
import {
  emptyReceiveValues,
  type FieldErrors,
  firstMessages,
  type ReceiveFormValues,
  receiveFormErrors,
  toReceiveBody,
  versionIn,
} from '../client-money-form-values.ts';
import { isStaleLedger, MoneyDialog, MovementFields, ReferenceField, SaveFailedAlert } from './money-dialog.tsx';
import { differs, useCloseGuard } from '../../../components/close-guard.tsx';

const CURRENCY_OPTIONS = CURRENCIES.map((c) => ({ value: c, label: `${c} (${CURRENCY_SYMBOLS[c]})` }));
const FAILED = 'Failed to record client money';

type ReceiveDialogProps = {
  opened: boolean;
  owner: ClientMoneyOwner;
  /** The record's ledgers as last read. */
  ledgers: readonly ClientLedger[];
  onReload: () => Promise<ClientMoney | undefined>;
  onClose: () => void;
};

export function ReceiveDialog({ opened, ledgers, ...props }: ReceiveDialogProps) {
  return (
    <MoneyDialog opened={opened} title="Receive client money" onClose={props.onClose}>
      {/* Mounted only while open: every opening starts empty, with the ledgers as they are now. */}
      {opened ? <ReceiveForm ledgers={ledgers} {...props} /> : null}
    </MoneyDialog>
  );
}

function ReceiveForm({ owner, ledgers, onReload, onClose }: Omit<ReceiveDialogProps, 'opened'>) {
  const { today } = useDateFormat();
  const receive = useReceiveClientMoney(owner);
  // The ledgers the versions come from: as read when the dialog opened, or again after a 409.
  const [seen, setSeen] = useState(ledgers);
  const [values, setValues] = useState<ReceiveFormValues>(() => emptyReceiveValues(today(), ledgers[0]?.currency));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [saveError, setSaveError] = useState<Error | null>(null);
  useCloseGuard(differs(values, emptyReceiveValues(today(), ledgers[0]?.currency)));

  const live = receiveFormErrors(values, today());
  // A date after today is said at once; the rest once a save was tried.
  const errorOf = (field: keyof ReceiveFormValues) =>
    serverErrors[field] ?? (submitted || field === 'receivedDate' ? live[field] : undefined);
  const set =
    <K extends keyof ReceiveFormValues>(field: K) =>
    (value: ReceiveFormValues[K]) => {
      setValues((v) => ({ ...v, [field]: value }));
      setServerErrors(({ [field]: _, ...rest }) => rest);
    };
  const held = seen.find((l) => l.currency === values.currency);

  const save = async () => {
    setSubmitted(true);
    if (Object.keys(live).length > 0) {
      notifications.show({ color: 'red', message: GENERIC_MESSAGES.validation });
      return;
    }
    setSaveError(null);
    setServerErrors({});
    try {
      await receive.mutateAsync(toReceiveBody(values, versionIn(seen, values.currency)));
      notifications.show({ color: 'green', message: INVOICE_MONEY_MESSAGES.clientMoneyRecorded });
      onClose();
    } catch (error) {
      setSaveError(error as Error);
      if (error instanceof ApiError) setServerErrors(firstMessages(error.fieldErrors));
      notifications.show({ color: 'red', message: FAILED });
      if (isStaleLedger(error)) {
        const fresh = await onReload();
        if (fresh) setSeen(fresh.ledgers);
      }
    }
  };

  return (
    <form
      noValidate
      aria-label="Receive client money"
      onSubmit={(event) => {
        event.preventDefault();
        if (!receive.isPending) void save();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Money received for the client and not yet earned. It is held in their ledger until it pays an invoice or is
          refunded.
        </Text>
        <SaveFailedAlert error={saveError} failure={FAILED} />
        <Text size="sm" data-testid="receive-held">
          {held ? (
            <>
              Held in {held.currency} now: <b>{displayMoney(centsOf(held.balance), held.currency)}</b>
            </>
          ) : (
            `No client money held in ${values.currency} yet.`
          )}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          <Select
            label="Currency"
            required
            data={CURRENCY_OPTIONS}
            value={values.currency}
            allowDeselect={false}
            onChange={(currency) => currency && set('currency')(currency as Currency)}
            error={errorOf('currency')}
          />
          <MovementFields
            currency={values.currency}
            amount={{ value: values.amount, onChange: set('amount'), error: errorOf('amount') }}
            date={{
              label: 'Date received',
              value: values.receivedDate,
              onChange: set('receivedDate'),
              error: errorOf('receivedDate'),
            }}
            method={{ value: values.method, onChange: set('method') }}
          />
        </SimpleGrid>
        <ReferenceField value={values.reference} onChange={set('reference')} error={errorOf('reference')} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={receive.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={receive.isPending}>
            Record client money
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
