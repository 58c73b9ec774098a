// The week's entries, one row each. While the week is editable (draft or rejected, the author's own), a row's
// hours and description are changed in place — Enter saves, Escape cancels, the focus goes back to the row's
// Edit button — and an entry is deleted after a confirmation. A submitted or approved week is read-only.
import { ActionIcon, Alert, Button, Group, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import {
  readHours,
  TIMESHEET_MESSAGES,
  type TimesheetEntry,
  timesheetEntryPatchSchema,
  type TimesheetWeek,
} from '@crm/domain';
import { isApiError } from '../../../lib/api-client.ts';
import { useUpdateEntry } from '../api/timesheets.ts';
import { errorText, hoursText } from '../timesheet-format.ts';
import { HoursField } from './hours-field.tsx';

type FormatDate = (d: string) => string;

export function EntryList({
  week,
  formatDate,
  onDelete,
}: {
  week: TimesheetWeek;
  formatDate: FormatDate;
  onDelete: (entry: TimesheetEntry) => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [lastEdited, setLastEdited] = useState<string | null>(null);
  if (week.entries.length === 0) return null;
  const finish = (id: string) => {
    setEditing(null);
    setLastEdited(id);
  };
  return (
    <Table.ScrollContainer minWidth={640} type="native" tabIndex={0}>
      <Table aria-label="Entries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Lead or client</Table.Th>
            <Table.Th ta="right">Hours</Table.Th>
            <Table.Th>Description</Table.Th>
            {week.editable ? <Table.Th aria-label="Actions" /> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {week.entries.map((e) =>
            week.editable && editing === e.id ? (
              <EntryEditRow key={e.id} entry={e} formatDate={formatDate} onDone={() => finish(e.id)} />
            ) : (
              <EntryRow
                key={e.id}
                entry={e}
                formatDate={formatDate}
                editable={week.editable}
                focusEdit={lastEdited === e.id}
                onEdit={() => setEditing(e.id)}
                onDelete={() => onDelete(e)}
              />
            ),
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RecordCell({ entry }: { entry: TimesheetEntry }) {
  return (
    <Table.Td>
      {entry.recordName}
      {entry.taskName ? (
        <Text size="xs" c="dimmed">
          {entry.taskName}
        </Text>
      ) : null}
    </Table.Td>
  );
}

function EntryRow({
  entry,
  formatDate,
  editable,
  focusEdit,
  onEdit,
  onDelete,
}: {
  entry: TimesheetEntry;
  formatDate: FormatDate;
  editable: boolean;
  focusEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const editButton = useRef<HTMLButtonElement>(null);
  // Back from editing this row (saved or cancelled): the keyboard carries on where it was.
  useEffect(() => {
    if (focusEdit) editButton.current?.focus();
  }, [focusEdit]);
  const what = `entry of ${formatDate(entry.date)} for ${entry.recordName}`;
  return (
    <Table.Tr>
      <Table.Td>{formatDate(entry.date)}</Table.Td>
      <RecordCell entry={entry} />
      <Table.Td ta="right">{hoursText(entry.hours)}</Table.Td>
      <Table.Td>{entry.description}</Table.Td>
      {editable ? (
        <Table.Td>
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <ActionIcon ref={editButton} variant="subtle" aria-label={`Edit ${what}`} onClick={onEdit}>
              <IconPencil size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${what}`} onClick={onDelete}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

/** The first problem of each field, in the schema's (the spec's) words. */
function problemsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const problems: Record<string, string> = {};
  for (const issue of issues) problems[String(issue.path[0] ?? '')] ??= issue.message;
  return problems;
}

function EntryEditRow({
  entry,
  formatDate,
  onDone,
}: {
  entry: TimesheetEntry;
  formatDate: FormatDate;
  onDone: () => void;
}) {
  const update = useUpdateEntry();
  const [hours, setHours] = useState(hoursText(entry.hours));
  const [submitted, setSubmitted] = useState(false);
  const [description, setDescription] = useState(entry.description);
  // The version the user started from: a change saved elsewhere meanwhile is refused (409), never overwritten.
  const [version] = useState(entry.version);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const hoursInput = useRef<HTMLInputElement>(null);
  useEffect(() => {
    hoursInput.current?.focus();
    hoursInput.current?.select();
  }, []);

  const apiProblems = isApiError(update.error) ? update.error.fieldErrors : {};
  const hoursError = problems.hours ?? apiProblems.hours?.[0];
  const descriptionError = problems.description ?? apiProblems.description?.[0];
  const otherError = update.isError && !hoursError && !descriptionError ? errorText(update.error) : null;

  const save = () => {
    setSubmitted(true);
    const reading = readHours(hours);
    if (reading.hours === null) return;
    const parsed = timesheetEntryPatchSchema.safeParse({
      hours: reading.hours,
      description,
      version,
    });
    if (!parsed.success) {
      setProblems(problemsOf(parsed.error.issues));
      return;
    }
    setProblems({});
    if (parsed.data.hours === entry.hours && parsed.data.description === entry.description) {
      onDone();
      return;
    }
    update.mutate(
      { id: entry.id, patch: parsed.data },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: TIMESHEET_MESSAGES.entryUpdated });
          onDone();
        },
      },
    );
  };
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onDone();
    }
  };
  const what = `entry of ${formatDate(entry.date)} for ${entry.recordName}`;
  return (
    <>
      <Table.Tr aria-label={`Editing ${what}`}>
        <Table.Td>{formatDate(entry.date)}</Table.Td>
        <RecordCell entry={entry} />
        <Table.Td>
          <HoursField
            inputRef={hoursInput}
            aria-label="Hours"
            size="xs"
            w={110}
            ml="auto"
            value={hours}
            onChange={(text) => {
              setHours(text);
              setProblems({});
            }}
            onKeyDown={keys}
            submitted={submitted}
            serverError={hoursError}
          />
        </Table.Td>
        <Table.Td>
          <TextInput
            aria-label="Description"
            size="xs"
            miw={160}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            onKeyDown={keys}
            error={descriptionError}
          />
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap" justify="flex-end">
            <Button size="compact-sm" loading={update.isPending} onClick={save}>
              Save
            </Button>
            <Button size="compact-sm" variant="default" onClick={onDone}>
              Cancel
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {otherError ? (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <Alert color="red" variant="light" role="alert">
              {otherError}
            </Alert>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
