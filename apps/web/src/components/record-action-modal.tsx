// The confirmation every record action asks for before it runs (archive, hide, delete, revert…):
// who it is about, what will happen, an optional reason, and the error when the server refused.
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { GuardedModal, useCloseGuard } from './close-guard.tsx';

/** What the user reads after the action (spec 1 §8). */
export type RecordActionMessages = {
  success: string;
  failure: string;
  /** The dialog's wording of a failure the server explained; default '{failure}: {message}'. */
  failureWithMessage?: (message: string) => string;
};

type RecordActionModalProps = {
  opened: boolean;
  title: string | undefined;
  subject: { name: string; displayId: string } | null;
  body: string;
  /** The default reason the server records when none is given; null when the action takes none. */
  reasonPlaceholder: string | null;
  confirmLabel: string;
  color: string;
  messages: RecordActionMessages | null;
  /** Runs the action; rejects with the server's error. */
  run: (reason: string) => Promise<unknown>;
  onClose: () => void;
  /** After a success, once the dialog has closed. */
  onDone?: () => void;
};

export function RecordActionModal({
  opened,
  title,
  messages,
  run,
  onClose,
  onDone,
  ...content
}: RecordActionModalProps) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    if (pending) return;
    setError(null);
    onClose();
  };

  const confirm = async (reason: string) => {
    if (!messages) return;
    setError(null);
    setPending(true);
    try {
      await run(reason);
      setPending(false);
      notifications.show({ color: 'green', message: messages.success });
      onClose();
      onDone?.();
    } catch (e) {
      setPending(false);
      const message = (e as Error).message;
      const describe = messages.failureWithMessage ?? ((m: string) => `${messages.failure}: ${m}`);
      setError(message && message !== 'Request failed' ? describe(message) : messages.failure);
      notifications.show({ color: 'red', message: messages.failure });
    }
  };

  return (
    <GuardedModal opened={opened} onClose={close} title={title} centered size="md">
      {/* Mounted only while open, so every opening starts with an empty reason. */}
      {opened && content.subject ? (
        <ActionConfirmation
          {...content}
          subject={content.subject}
          pending={pending}
          error={error}
          onConfirm={(reason) => void confirm(reason)}
          onClose={close}
        />
      ) : null}
    </GuardedModal>
  );
}

type ActionConfirmationProps = Pick<RecordActionModalProps, 'body' | 'reasonPlaceholder' | 'confirmLabel' | 'color'> & {
  subject: { name: string; displayId: string };
  pending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

function ActionConfirmation({
  subject,
  body,
  reasonPlaceholder,
  confirmLabel,
  color,
  pending,
  error,
  onConfirm,
  onClose,
}: ActionConfirmationProps) {
  const [reason, setReason] = useState('');
  useCloseGuard(reason.trim() !== '');
  const withReason = reasonPlaceholder !== null;
  return (
    <Stack gap="md">
      <Text size="sm">
        <Text span fw={600}>
          {subject.name}
        </Text>{' '}
        <Text span c="dimmed" ff="monospace" size="xs">
          {subject.displayId}
        </Text>
      </Text>
      <Text size="sm">{body}</Text>
      {withReason ? (
        <Textarea
          label="Reason (optional)"
          placeholder={reasonPlaceholder}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={2}
          data-autofocus
        />
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onClose} disabled={pending} data-autofocus={withReason ? undefined : true}>
          Cancel
        </Button>
        <Button color={color} onClick={() => onConfirm(reason)} loading={pending}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
