// Asks before a row's delete (every destructive action asks first), then soft-deletes the lead or
// client and reports with the spec's messages (spec 1 §2.4, §8).
import { CLIENT_MESSAGES, LEAD_MESSAGES, type RecordRow, DELETED_ITEMS_MESSAGES } from '@crm/domain';
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
  const copy = record ? COPY[record.type] : null;
  return (
    <RecordActionModal
      opened={record !== null}
      title={copy?.title}
      subject={record ? { name: record.fullName, displayId: record.displayId } : null}
      body={
        copy
          ? `Are you sure you want to delete this ${copy.noun}? This action cannot be undone from here: the ${copy.noun} leaves every list and goes to Deleted Items. ${DELETED_ITEMS_MESSAGES.whoRestores}`
          : ''
      }
      reasonPlaceholder={null}
      confirmLabel={copy?.title ?? ''}
      color="red.9"
      messages={copy}
      run={() => remove.mutateAsync({ type: record!.type, id: record!.id })}
      onClose={onClose}
    />
  );
}
