// The dense clients table: sortable headers, focusable rows (Enter opens the panel), a row menu
// (view, edit, hide / unhide, delete, permanently delete) and skeleton rows while the first page loads.
import { Menu, Table } from '@mantine/core';
import { IconEye, IconPencil, IconTrash, IconTrashX } from '@tabler/icons-react';
import { type ClientRecord, fullNameOf, REVERTED_STATUS } from '@crm/domain';
import {
  HideMenuItem,
  OpenableRow,
  ROW_MENU_COLUMN_WIDTH,
  RowActionsCell,
  RowMenu,
} from '../../../components/list-table/list-row.tsx';
import { ListCell, type ListColumn, type ListSort, ListTable } from '../../../components/list-table/list-table.tsx';
import { PersonRecordCells } from '../../../components/list-table/person-record-cells.tsx';
import { ClientStatusBadge, PassportStatusBadge } from '../../../components/status-badge.tsx';

export type ClientRowAction = 'view' | 'edit' | 'hide' | 'unhide' | 'delete' | 'permanent';

// As the leads table's columns, with Passport; Location goes first as the list narrows (it is also
// a filter), so that 1280 px with the sidebar open keeps Created and the actions in view.
const COLUMNS: ListColumn[] = [
  { key: 'id', label: 'ID', width: 100, minListWidth: 1200 },
  { key: 'name', label: 'Name', sortField: 'firstName' },
  { key: 'contact', label: 'Contact', minListWidth: 760, skeletonWidth: '80%' },
  { key: 'status', label: 'Status', sortField: 'status', width: 140 },
  { key: 'passport', label: 'Passport', sortField: 'passportExpiryDate', width: 108, minListWidth: 640 },
  { key: 'location', label: 'Location', sortField: 'applicantLocation', width: 110, minListWidth: 1040 },
  { key: 'desiredVisa', label: 'Desired Visa', sortField: 'desiredVisa', minListWidth: 620 },
  { key: 'manager', label: 'Manager', width: 120, minListWidth: 920 },
  { key: 'created', label: 'Created', sortField: 'createdAt', width: 108, minListWidth: 520 },
];

export type ClientRowRights = { canEdit: boolean; canDelete: boolean; canDeletePermanently: boolean };

type ClientsTableProps = {
  items: readonly ClientRecord[];
  loading: boolean;
  sort: ListSort;
  onSort: (field: string) => void;
  onOpen: (client: ClientRecord) => void;
  onAction: (action: ClientRowAction, client: ClientRecord) => void;
  rights: ClientRowRights;
};

export function ClientsTable({ items, loading, sort, onSort, onOpen, onAction, rights }: ClientsTableProps) {
  return (
    <ListTable
      columns={COLUMNS}
      sort={sort}
      onSort={onSort}
      actions={{ width: ROW_MENU_COLUMN_WIDTH, labelHidden: true }}
      loading={loading}
    >
      {items.map((client) => (
        <ClientRow key={client.id} client={client} onOpen={onOpen} onAction={onAction} rights={rights} />
      ))}
    </ListTable>
  );
}

function ClientRow({
  client,
  onOpen,
  onAction,
  rights,
}: {
  client: ClientRecord;
  onOpen: (client: ClientRecord) => void;
  onAction: (action: ClientRowAction, client: ClientRecord) => void;
  rights: ClientRowRights;
}) {
  const name = fullNameOf(client);
  // A Reverted client is kept for the record: it can be viewed, not changed.
  const editable = rights.canEdit && client.status !== REVERTED_STATUS;
  return (
    <OpenableRow
      label={`Open client ${name}`}
      hidden={client.isHidden}
      testId="client-row"
      onOpen={() => onOpen(client)}
    >
      <PersonRecordCells
        record={client}
        name={name}
        statusCells={
          <>
            <Table.Td>
              <ClientStatusBadge status={client.status} wrap />
            </Table.Td>
            <ListCell column="passport">
              <PassportStatusBadge status={client.passportStatus} size="xs" />
            </ListCell>
          </>
        }
      />
      <RowActionsCell>
        <RowMenu name={name} width={200}>
          <Menu.Item leftSection={<IconEye size={14} />} onClick={() => onAction('view', client)}>
            View
          </Menu.Item>
          {editable ? (
            <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onAction('edit', client)}>
              Edit
            </Menu.Item>
          ) : null}
          {rights.canEdit ? (
            <HideMenuItem hidden={client.isHidden} onSelect={(action) => onAction(action, client)} />
          ) : null}
          {rights.canDelete || rights.canDeletePermanently ? <Menu.Divider /> : null}
          {rights.canDelete ? (
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onAction('delete', client)}>
              Delete
            </Menu.Item>
          ) : null}
          {rights.canDeletePermanently ? (
            <Menu.Item color="red" leftSection={<IconTrashX size={14} />} onClick={() => onAction('permanent', client)}>
              Permanently Delete
            </Menu.Item>
          ) : null}
        </RowMenu>
      </RowActionsCell>
    </OpenableRow>
  );
}
