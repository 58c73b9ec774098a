// Asks before a row's delete (every destructive action asks first), then soft-deletes the lead or
// client and reports with the spec's messages (spec 1 §2.4, §8).
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CLIENT_MESSAGES, LEAD_MESSAGES, type RecordRow } from '@crm/domain';
import { RecordActionModal } from '../../../components/record-action-modal.tsx';
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
  const copy = record ? COPY[record.type] : null;

  const close = () => {
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
    <RecordActionModal
      opened={record !== null}
      title={copy?.title}
      subject={record ? { name: record.fullName, displayId: record.displayId } : null}
      body={
        copy
          ? `Are you sure you want to delete this ${copy.noun}? This action cannot be undone from here: the ${copy.noun} leaves every list and goes to Deleted Items, where only an account administrator can restore it.`
          : ''
      }
      reasonPlaceholder={null}
      confirmLabel={copy?.title ?? ''}
      color="red.9"
      pending={remove.isPending}
      error={error}
      onConfirm={confirm}
      onClose={close}
    />
  );
}
