// What the two client money dialogs share: the frame (full screen on a phone, a click beside it keeps what
// was typed), the amount, date, method and reference fields, and the notices of a failed save — a ledger changed elsewhere
// (409 on the version: the dialog has already read it again) or any other refusal.
import { Alert, Select, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { GENERIC_MESSAGES, PAYMENT_METHODS, type PaymentMethod } from '@crm/domain';
import { DateField } from '../../../components/date-field.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { MoneyInput } from '../../../components/money-input.tsx';
import { isApiError } from '../../../lib/api-client.ts';

/** A 409 that means "the ledger changed since it was read" (a read-only record is a 409 too). */
export const isStaleLedger = (error: unknown) =>
  isApiError(error) && error.status === 409 && error.message === GENERIC_MESSAGES.conflict;

export function MoneyDialog({
  opened,
  title,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <FormDialog opened={opened} onClose={onClose} title={title} size="lg">
      {children}
    </FormDialog>
  );
}

/** One field of the form: its value, how it changes, and what is wrong with it. */
type FieldOf<T> = { value: T; onChange: (value: T) => void; error?: string | undefined };

/**
 * How much money moves, on which date and by what method: the fields receiving and refunding share, the
 * amount first (it takes the focus); the date's label says which movement it is.
 */
export function MovementFields({
  currency,
  amount,
  date,
  method,
}: {
  currency: string;
  amount: FieldOf<string>;
  date: FieldOf<string> & { label: string };
  method: FieldOf<PaymentMethod>;
}) {
  return (
    <>
      <MoneyInput
        label="Amount"
        required
        currency={currency}
        value={amount.value}
        onChange={amount.onChange}
        error={amount.error}
        data-autofocus
      />
      <DateField
        kind="document"
        label={date.label}
        required
        value={date.value}
        onChange={date.onChange}
        error={date.error}
      />
      <MethodField value={method.value} onChange={method.onChange} />
    </>
  );
}

function MethodField({ value, onChange }: { value: PaymentMethod; onChange: (value: PaymentMethod) => void }) {
  return (
    <Select
      label="Method"
      required
      data={PAYMENT_METHODS as unknown as string[]}
      value={value}
      allowDeselect={false}
      onChange={(method) => method && onChange(method as PaymentMethod)}
    />
  );
}

export function ReferenceField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <TextInput
      label="Reference"
      placeholder="Bank or card reference"
      value={value}
      maxLength={200}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** Why the last save failed: the ledger changed elsewhere (read again already), or the server's message. */
export function SaveFailedAlert({ error, failure }: { error: Error | null; failure: string }) {
  if (!error) return null;
  if (isStaleLedger(error)) {
    return (
      <Alert
        color="orange"
        variant="light"
        p="xs"
        role="alert"
        icon={<IconAlertTriangle size={16} />}
        title="This client money was changed by someone else"
      >
        <Text size="sm">It has been reloaded: check the balance and save again.</Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" p="xs" role="alert" icon={<IconAlertTriangle size={16} />} title={failure}>
      <Text size="sm">{error.message}</Text>
    </Alert>
  );
}
