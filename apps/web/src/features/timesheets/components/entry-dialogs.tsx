// The week's dialogs: Add time (a day of the week, a lead or client, optionally one of its tasks, hours and a
// description) and the confirmation before an entry is deleted.
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { readHours, TIMESHEET_MESSAGES, type TimesheetEntry } from '@crm/domain';
import { isApiError } from '../../../lib/api-client.ts';
import { useDateFormat } from '../../../lib/format.ts';
import { useAddEntry, useDeleteEntry } from '../api/timesheets.ts';
import { errorText, hoursText } from '../timesheet-format.ts';
import { HoursField } from './hours-field.tsx';
import { type PickedRecord, RecordPicker } from './record-picker.tsx';
import { type PickedTask, TaskPicker } from './task-picker.tsx';
import { GuardedModal } from '../../../components/close-guard.tsx';
import { ConfirmActions } from '../../../components/confirm-actions.tsx';

export function AddEntryDialog({ dates, onClose }: { dates: string[]; onClose: () => void }) {
  const { formatDate, today } = useDateFormat();
  const add = useAddEntry();
  const [date, setDate] = useState(() => (dates.includes(today()) ? today() : dates[0]!));
  const [record, setRecord] = useState<PickedRecord | null>(null);
  const [task, setTask] = useState<PickedTask | null>(null);
  const [hours, setHours] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [description, setDescription] = useState('');
  const fieldErrors = isApiError(add.error) ? add.error.fieldErrors : {};
  const save = () => {
    setSubmitted(true);
    const reading = readHours(hours);
    if (reading.hours === null) return;
    add.mutate(
      {
        date,
        hours: reading.hours,
        ...(record ? { [record.type === 'lead' ? 'leadId' : 'clientId']: record.id } : {}),
        ...(task ? { taskId: task.id } : {}),
        description,
      },
      { onSuccess: onClose },
    );
  };
  return (
    <GuardedModal
      opened
      onClose={onClose}
      unsavedEdits={record !== null || task !== null || hours !== '' || description !== ''}
      title="Add time"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <Select
            label="Date"
            required
            allowDeselect={false}
            data={dates.map((d) => ({ value: d, label: formatDate(d) }))}
            value={date}
            onChange={(d) => d && setDate(d)}
            error={fieldErrors.date?.[0]}
          />
          <RecordPicker
            value={record}
            onPick={(picked) => {
              // A task belongs to one record: another record (or none) leaves no task picked.
              if (picked?.id !== record?.id) setTask(null);
              setRecord(picked);
            }}
            error={fieldErrors.leadId?.[0] ?? fieldErrors.clientId?.[0]}
          />
          <TaskPicker
            record={record}
            value={task}
            onPick={(picked, itsRecord) => {
              setTask(picked);
              if (itsRecord) setRecord(itsRecord);
            }}
            error={fieldErrors.taskId?.[0]}
          />
          <HoursField
            label="Hours"
            required
            value={hours}
            onChange={setHours}
            submitted={submitted}
            serverError={fieldErrors.hours?.[0]}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={fieldErrors.description?.[0]}
          />
          {add.isError && Object.keys(fieldErrors).length === 0 ? (
            <Alert color="red">{errorText(add.error)}</Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </GuardedModal>
  );
}

export function DeleteEntryDialog({ entry, onClose }: { entry: TimesheetEntry | null; onClose: () => void }) {
  const { formatDate } = useDateFormat();
  const remove = useDeleteEntry();
  // The next entry asked about starts without the last one's error.
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <Modal opened={entry !== null} onClose={close} title="Delete entry">
      {entry ? (
        <Stack gap="md">
          <Text size="sm">
            Delete {hoursText(entry.hours)} hours on {formatDate(entry.date)} for {entry.recordName}?
          </Text>
          {remove.isError ? <Alert color="red">{errorText(remove.error)}</Alert> : null}
          <ConfirmActions
            label="Delete"
            loading={remove.isPending}
            onCancel={close}
            onConfirm={() =>
              remove.mutate(entry.id, {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: TIMESHEET_MESSAGES.entryDeleted });
                  close();
                },
              })
            }
          />
        </Stack>
      ) : null}
    </Modal>
  );
}
