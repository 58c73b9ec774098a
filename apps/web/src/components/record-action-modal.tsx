// The confirmation every record action asks for before it runs (archive, hide, delete, revert…):
// who it is about, what will happen, an optional reason, and the error when the server refused.
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';

type RecordActionModalProps = {
  opened: boolean;
  title: string | undefined;
  subject: { name: string; displayId: string } | null;
  body: string;
  /** The default reason the server records when none is given; null when the action takes none. */
  reasonPlaceholder: string | null;
  confirmLabel: string;
  color: string;
  pending: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

export function RecordActionModal({ opened, title, onClose, pending, ...content }: RecordActionModalProps) {
  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={title} centered size="md">
      {/* Mounted only while open, so every opening starts with an empty reason. */}
      {opened && content.subject ? (
        <ActionConfirmation {...content} subject={content.subject} pending={pending} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

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
}: Omit<RecordActionModalProps, 'opened' | 'title' | 'subject'> & { subject: { name: string; displayId: string } }) {
  const [reason, setReason] = useState('');
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
