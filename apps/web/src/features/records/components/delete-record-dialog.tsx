// Asks before a row's delete (every destructive action asks first), then soft-deletes the lead or
// client and reports with the spec's messages (spec 1 §2.4, §8).
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CLIENT_MESSAGES, LEAD_MESSAGES, type RecordRow } from '@crm/domain';
import { useDeleteRecord } from '../api/delete-record.ts';

const COPY = {
  lead: { title: 'Delete Lead', noun: 'lead', success: LEAD_MESSAGES.deleted, failure: LEAD_MESSAGES.deleteFailed },
  client: {
    title: 'Delete Client',
    noun: 'client',
    success: CLIENT_MESSAGES.deleted,
    failure: CLIENT_MESSAGES.deleteFailed,
  },
} as const;

export function DeleteRecordDialog({ record, onClose }: { record: RecordRow | null; onClose: () => void }) {
  const remove = useDeleteRecord();
  const [error, setError] = useState<string | null>(null);
  // Keeps the text while the modal animates out after `record` is cleared.
  const [shown, setShown] = useState<RecordRow | null>(record);
  if (record && record !== shown) setShown(record);
  const copy = shown ? COPY[shown.type] : null;

  const close = () => {
    if (remove.isPending) return;
    setError(null);
    onClose();
  };

  const confirm = () => {
    if (!record || !copy) return;
    setError(null);
    remove.mutate(
      { type: record.type, id: record.id },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: copy.success });
          onClose();
        },
        onError: (e) => {
          setError(e.message && e.message !== 'Request failed' ? `${copy.failure}: ${e.message}` : copy.failure);
          notifications.show({ color: 'red', message: copy.failure });
        },
      },
    );
  };

  return (
    <Modal opened={record !== null} onClose={close} title={copy?.title} centered size="md">
      {shown && copy ? (
        <Stack gap="md">
          <Text size="sm">
            <Text span fw={600}>
              {shown.fullName}
            </Text>{' '}
            <Text span c="dimmed" ff="monospace" size="xs">
              {shown.displayId}
            </Text>
          </Text>
          <Text size="sm">
            Are you sure you want to delete this {copy.noun}? This action cannot be undone from here: the {copy.noun}{' '}
            leaves every list and goes to Deleted Items, where only an account administrator can restore it.
          </Text>
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={remove.isPending} data-autofocus>
              Cancel
            </Button>
            <Button color="red.9" onClick={confirm} loading={remove.isPending}>
              {copy.title}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
