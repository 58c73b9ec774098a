// The dense leads table: sortable headers, focusable rows (Enter opens the panel), a row menu
// for hide / unhide / archive / delete, and skeleton rows while the first page loads.
import { Menu, Table } from '@mantine/core';
import { IconArchive, IconTrash } from '@tabler/icons-react';
import { fullNameOf, type LeadRecord } from '@crm/domain';
import {
  HideMenuItem,
  OpenableRow,
  ROW_MENU_COLUMN_WIDTH,
  RowActionsCell,
  RowMenu,
} from '../../../components/list-table/list-row.tsx';
import { type ListColumn, type ListSort, ListTable } from '../../../components/list-table/list-table.tsx';
import { PersonRecordCells } from '../../../components/list-table/person-record-cells.tsx';
import { LeadStatusBadge } from '../../../components/status-badge.tsx';

export type LeadRowAction = 'hide' | 'unhide' | 'archive' | 'delete';

// Name, Contact and Desired Visa share what the fixed columns leave. A list narrower than a
// column's minListWidth leaves it out, so the row never scrolls sideways and the actions stay in
// view: at 1280 px with the sidebar open the id moves under the name; a phone shows name and status.
const COLUMNS: ListColumn[] = [
  { key: 'id', label: 'ID', width: 100, minListWidth: 1100 },
  { key: 'name', label: 'Name', sortField: 'firstName' },
  { key: 'contact', label: 'Contact', minListWidth: 700, skeletonWidth: '80%' },
  { key: 'status', label: 'Status', sortField: 'leadStatus', width: 150 },
  { key: 'location', label: 'Location', sortField: 'applicantLocation', width: 110, minListWidth: 960 },
  { key: 'desiredVisa', label: 'Desired Visa', sortField: 'desiredVisa', minListWidth: 620 },
  { key: 'manager', label: 'Manager', width: 120, minListWidth: 820 },
  { key: 'created', label: 'Created', sortField: 'createdAt', width: 108, minListWidth: 520 },
];

type LeadsTableProps = {
  items: readonly LeadRecord[];
  loading: boolean;
  sort: ListSort;
  onSort: (field: string) => void;
  onOpen: (lead: LeadRecord) => void;
  onAction: (action: LeadRowAction, lead: LeadRecord) => void;
  canEdit: boolean;
  canDelete: boolean;
};

export function LeadsTable({ items, loading, sort, onSort, onOpen, onAction, canEdit, canDelete }: LeadsTableProps) {
  return (
    <ListTable
      columns={COLUMNS}
      sort={sort}
      onSort={onSort}
      actions={{ width: ROW_MENU_COLUMN_WIDTH, labelHidden: true }}
      loading={loading}
    >
      {items.map((lead) => (
        <LeadRow
          key={lead.id}
          lead={lead}
          onOpen={onOpen}
          onAction={onAction}
          canEdit={canEdit}
          canDelete={canDelete}
        />
      ))}
    </ListTable>
  );
}

function LeadRow({
  lead,
  onOpen,
  onAction,
  canEdit,
  canDelete,
}: {
  lead: LeadRecord;
  onOpen: (lead: LeadRecord) => void;
  onAction: (action: LeadRowAction, lead: LeadRecord) => void;
  canEdit: boolean;
  canDelete: boolean;
}) {
  const name = fullNameOf(lead);
  return (
    <OpenableRow label={`Open lead ${name}`} hidden={lead.isHidden} testId="lead-row" onOpen={() => onOpen(lead)}>
      <PersonRecordCells
        record={lead}
        name={name}
        statusCells={
          <Table.Td>
            <LeadStatusBadge status={lead.leadStatus} wrap />
          </Table.Td>
        }
      />
      <RowActionsCell>
        {canEdit ? (
          <RowMenu name={name} width={180}>
            <HideMenuItem hidden={lead.isHidden} onSelect={(action) => onAction(action, lead)} />
            <Menu.Item leftSection={<IconArchive size={14} />} onClick={() => onAction('archive', lead)}>
              Archive
            </Menu.Item>
            {canDelete ? (
              <>
                <Menu.Divider />
                <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onAction('delete', lead)}>
                  Delete
                </Menu.Item>
              </>
            ) : null}
          </RowMenu>
        ) : null}
      </RowActionsCell>
    </OpenableRow>
  );
}
