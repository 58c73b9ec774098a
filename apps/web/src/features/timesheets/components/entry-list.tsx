// The week's entries, one row each. While the week is editable (draft or rejected, the author's own), a row's
// hours and description are changed in place — Enter saves, Escape cancels, the focus goes back to the row's
// Edit button — and an entry is deleted after a confirmation. A submitted or approved week is read-only.
// On a phone a row is the record (its date and description under it), the hours and the buttons; a row
// being changed spans the whole width.
import { ActionIcon, Alert, Box, Button, Card, Group, Table, Text, TextInput } from '@mantine/core';
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
import { FoldedText } from '../../../components/list-table/folded-text.tsx';
import { ListCell, type ListColumn, ListTable, useListLayout } from '../../../components/list-table/list-table.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useUpdateEntry } from '../api/timesheets.ts';
import { errorText, hoursText } from '../timesheet-format.ts';
import { HoursField } from './hours-field.tsx';

type FormatDate = (d: string) => string;

// The hours column holds the hours field of a row being changed.
const COLUMNS: readonly ListColumn[] = [
  { key: 'date', label: 'Date', width: 120, minListWidth: 560 },
  { key: 'record', label: 'Lead or client' },
  { key: 'hours', label: 'Hours', width: 110, align: 'right' },
  { key: 'description', label: 'Description', minListWidth: 560 },
];
/** Edit and Delete; Save and Cancel while a row is changed, on a phone under the row's fields. */
const ACTIONS = { width: 156, compactWidth: 84, labelHidden: true };

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
    <Card withBorder padding={0} radius="md">
      <ListTable label="Entries" columns={COLUMNS} actions={week.editable ? ACTIONS : undefined} loading={false}>
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
      </ListTable>
    </Card>
  );
}

function RecordText({ entry }: { entry: TimesheetEntry }) {
  return (
    <>
      {entry.recordName}
      {entry.taskName ? (
        <Text size="xs" c="dimmed">
          {entry.taskName}
        </Text>
      ) : null}
    </>
  );
}

/** The record and its task, with the date and the description under them when the list has no room for them. */
function RecordCell({ entry, formatDate }: { entry: TimesheetEntry; formatDate: FormatDate }) {
  return (
    <Table.Td>
      <RecordText entry={entry} />
      <FoldedText
        lines={[
          [
            ['date', formatDate(entry.date)],
            ['description', entry.description],
          ],
        ]}
      />
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
      <ListCell column="date">{formatDate(entry.date)}</ListCell>
      <RecordCell entry={entry} formatDate={formatDate} />
      <Table.Td ta="right">{hoursText(entry.hours)}</Table.Td>
      <ListCell column="description">{entry.description}</ListCell>
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
  const { compact, span } = useListLayout();
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
  const hoursField = (
    <HoursField
      inputRef={hoursInput}
      aria-label="Hours"
      size="xs"
      w={compact ? 110 : '100%'}
      value={hours}
      onChange={(text) => {
        setHours(text);
        setProblems({});
      }}
      onKeyDown={keys}
      submitted={submitted}
      serverError={hoursError}
    />
  );
  const descriptionField = (
    <TextInput
      aria-label="Description"
      size="xs"
      miw={160}
      value={description}
      onChange={(e) => setDescription(e.currentTarget.value)}
      onKeyDown={keys}
      error={descriptionError}
    />
  );
  const buttons = (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Button size="compact-sm" loading={update.isPending} onClick={save}>
        Save
      </Button>
      <Button size="compact-sm" variant="default" onClick={onDone}>
        Cancel
      </Button>
    </Group>
  );
  return (
    <>
      <Table.Tr aria-label={`Editing ${what}`}>
        {compact ? (
          <Table.Td colSpan={span}>
            <RecordText entry={entry} />
            <Text size="xs" c="dimmed">
              {formatDate(entry.date)}
            </Text>
            <Group gap="xs" mt="xs" align="flex-start">
              {hoursField}
              <Box flex={1}>{descriptionField}</Box>
            </Group>
            <Box mt="xs">{buttons}</Box>
          </Table.Td>
        ) : (
          <>
            <ListCell column="date">{formatDate(entry.date)}</ListCell>
            <RecordCell entry={entry} formatDate={formatDate} />
            <Table.Td>{hoursField}</Table.Td>
            <ListCell column="description">{descriptionField}</ListCell>
            <Table.Td>{buttons}</Table.Td>
          </>
        )}
      </Table.Tr>
      {otherError ? (
        <Table.Tr>
          <Table.Td colSpan={span}>
            <Alert color="red" variant="light" role="alert">
              {otherError}
            </Alert>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
