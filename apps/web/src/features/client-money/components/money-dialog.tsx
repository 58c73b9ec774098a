// What the two client money dialogs share: the frame (full screen on a phone, a click beside it keeps what
// was typed), the method and reference fields, and the notices of a failed save — a ledger changed elsewhere
// (409 on the version: the dialog has already read it again) or any other refusal.
import { Alert, Select, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { GENERIC_MESSAGES, PAYMENT_METHODS, type PaymentMethod } from '@crm/domain';
import { FormDialog } from '../../../components/form-dialog.tsx';
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

export function MethodField({ value, onChange }: { value: PaymentMethod; onChange: (value: PaymentMethod) => void }) {
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
