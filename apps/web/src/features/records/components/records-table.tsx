// The combined list's table: leads and clients in one list, rows open their panel (click, Enter or
// Space), view / edit / delete icon buttons, and skeleton rows while the first page loads.
import { ActionIcon, Badge, Box, Group, Menu, Table, Text } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { CONVERTED_STATUS, type RecordRow } from '@crm/domain';
import { CellText, ContactText, DisplayIdText, NameText } from '../../../components/list-table/list-cells.tsx';
import {
  OpenableRow,
  ROW_MENU_COLUMN_WIDTH,
  RowActionsCell,
  RowMenu,
} from '../../../components/list-table/list-row.tsx';
import { ListCell, type ListColumn, ListTable, useListLayout } from '../../../components/list-table/list-table.tsx';
import { RecordStatusBadge } from '../../../components/status-badge.tsx';
import classes from './records-table.module.css';
import { TaskSummaryHoverCard } from './task-summary-hover-card.tsx';

export type RecordRowAction = 'view' | 'edit' | 'delete';

/** Badge text colours that keep 4.5:1 on the rows in both themes (axe): deep in light, pale in dark. */
const LEAD_COLOR = 'light-dark(var(--mantine-color-blue-9), var(--mantine-color-blue-3))';
const CLIENT_COLOR = 'light-dark(var(--mantine-color-teal-9), var(--mantine-color-teal-3))';

// Name, Contact and Desired Visa share what the fixed columns leave. A narrower list leaves out
// the columns it has no room for: ID and Type move under the name, and a phone shows name and status.
const COLUMNS: ListColumn[] = [
  { key: 'id', label: 'ID', width: 100, minListWidth: 900 },
  { key: 'type', label: 'Type', width: 76, minListWidth: 900 },
  { key: 'name', label: 'Name' },
  { key: 'contact', label: 'Contact', minListWidth: 700, skeletonWidth: '80%' },
  { key: 'status', label: 'Status', width: 150 },
  { key: 'location', label: 'Location', width: 110, minListWidth: 800 },
  { key: 'desiredVisa', label: 'Desired Visa', minListWidth: 600 },
];

/** What the signed-in role may do per record type (the server enforces the same). */
export type RecordPermissions = { canEdit: (row: RecordRow) => boolean; canDelete: (row: RecordRow) => boolean };

type RecordsTableProps = {
  items: readonly RecordRow[];
  loading: boolean;
  onAction: (action: RecordRowAction, row: RecordRow) => void;
  permissions: RecordPermissions;
};

export function RecordsTable({ items, loading, onAction, permissions }: RecordsTableProps) {
  return (
    <ListTable
      columns={COLUMNS}
      // A compact list folds the three buttons into a row menu.
      actions={{ width: 112, compactWidth: ROW_MENU_COLUMN_WIDTH }}
      loading={loading}
    >
      {items.map((row) => (
        <RecordTableRow key={`${row.type}-${row.id}`} row={row} onAction={onAction} permissions={permissions} />
      ))}
    </ListTable>
  );
}

function RecordTableRow({
  row,
  onAction,
  permissions,
}: {
  row: RecordRow;
  onAction: RecordsTableProps['onAction'];
  permissions: RecordPermissions;
}) {
  const noun = row.type === 'lead' ? 'lead' : 'client';
  const typeLabel = row.type === 'lead' ? 'Lead' : 'Client';
  const { compact, shows } = useListLayout();
  return (
    <OpenableRow
      label={`Open ${noun} ${row.fullName}`}
      hidden={row.isHidden}
      testId="record-row"
      onOpen={() => onAction('view', row)}
    >
      <ListCell column="id">
        <DisplayIdText>{row.displayId}</DisplayIdText>
      </ListCell>
      <ListCell column="type">
        <Badge
          size="sm"
          radius="sm"
          tt="none"
          variant="outline"
          color={row.type === 'lead' ? LEAD_COLOR : CLIENT_COLOR}
        >
          {typeLabel}
        </Badge>
      </ListCell>
      <Table.Td>
        <NameText
          name={row.fullName}
          hidden={row.isHidden}
          secondary={
            shows('type') ? null : (
              <Text size="xs" c="dimmed" truncate="end">
                {typeLabel} · <span className={classes.monospace}>{row.displayId}</span>
              </Text>
            )
          }
        />
      </Table.Td>
      <ListCell column="contact">
        <ContactText email={row.email} phone={row.contactNumberDisplay} />
      </ListCell>
      <Table.Td>
        <Group gap={4} wrap="wrap">
          <RecordStatusBadge type={row.type} status={row.status} />
          <ConversionBadge row={row} />
        </Group>
      </Table.Td>
      <ListCell column="location">
        <CellText>{row.location}</CellText>
      </ListCell>
      <ListCell column="desiredVisa">
        <TaskSummaryHoverCard type={row.type} id={row.id}>
          <CellText>{row.desiredVisa}</CellText>
        </TaskSummaryHoverCard>
      </ListCell>
      <RowActionsCell>
        {compact ? (
          <RowMenu name={row.fullName} width={160}>
            <Menu.Item leftSection={<IconEye size={14} />} onClick={() => onAction('view', row)}>
              View
            </Menu.Item>
            {permissions.canEdit(row) ? (
              <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onAction('edit', row)}>
                Edit
              </Menu.Item>
            ) : null}
            {permissions.canDelete(row) ? (
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onAction('delete', row)}>
                Delete
              </Menu.Item>
            ) : null}
          </RowMenu>
        ) : (
          <Group gap={2} wrap="nowrap">
            <RowButton label={`View ${row.fullName}`} tooltip="View" onClick={() => onAction('view', row)}>
              <IconEye size={16} />
            </RowButton>
            {permissions.canEdit(row) ? (
              <RowButton label={`Edit ${row.fullName}`} tooltip="Edit" onClick={() => onAction('edit', row)}>
                <IconPencil size={16} />
              </RowButton>
            ) : (
              // Keeps the delete buttons in one column when a row cannot be edited.
              <Box w={28} aria-hidden />
            )}
            {permissions.canDelete(row) ? (
              <RowButton
                label={`Delete ${row.fullName}`}
                tooltip="Delete"
                // The theme's red: deep on the light rows, pale on the dark ones.
                color="red"
                onClick={() => onAction('delete', row)}
              >
                <IconTrash size={16} />
              </RowButton>
            ) : null}
          </Group>
        )}
      </RowActionsCell>
    </OpenableRow>
  );
}

/** '→ Client' on a lead that became a client, '← From Lead' on a client that came from a lead. */
function ConversionBadge({ row }: { row: RecordRow }) {
  if (row.type === 'lead' && (row.convertedToClientId || row.status === CONVERTED_STATUS)) {
    return (
      <Badge size="sm" radius="sm" tt="none" variant="outline" color={CLIENT_COLOR}>
        → Client
      </Badge>
    );
  }
  if (row.type === 'client' && row.convertedFromLeadId) {
    return (
      <Badge size="sm" radius="sm" tt="none" variant="outline" color={LEAD_COLOR}>
        ← From Lead
      </Badge>
    );
  }
  return null;
}

/** A native title instead of a Mantine Tooltip: 300 tooltips made a 100-row page ~40% slower to render. */
function RowButton({
  label,
  tooltip,
  color = 'gray',
  onClick,
  children,
}: {
  label: string;
  tooltip: string;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <ActionIcon variant="subtle" color={color} aria-label={label} title={tooltip} onClick={onClick}>
      {children}
    </ActionIcon>
  );
}
