// The dense leads table: sortable headers, focusable rows (Enter opens the panel), a row menu
// for hide / unhide / archive / delete, and skeleton rows while the first page loads.
import { Menu, Table } from '@mantine/core';
import { IconArchive, IconTrash } from '@tabler/icons-react';
import { fullNameOf, type LeadRecord } from '@crm/domain';
import { HideMenuItem, OpenableRow, RowActionsCell, RowMenu } from '../../../components/list-table/list-row.tsx';
import { type ListColumn, type ListSort, ListTable } from '../../../components/list-table/list-table.tsx';
import { PersonRecordCells } from '../../../components/list-table/person-record-cells.tsx';
import { LeadStatusBadge } from './lead-status-badge.tsx';

export type LeadRowAction = 'hide' | 'unhide' | 'archive' | 'delete';

const COLUMNS: ListColumn[] = [
  { key: 'id', label: 'ID', width: 90 },
  { key: 'name', label: 'Name', sortField: 'firstName', width: '13%' },
  { key: 'contact', label: 'Contact', width: '18%', skeletonWidth: '80%' },
  { key: 'status', label: 'Status', sortField: 'leadStatus', width: '17%' },
  { key: 'location', label: 'Location', sortField: 'applicantLocation', width: '9%' },
  { key: 'desiredVisa', label: 'Desired Visa', sortField: 'desiredVisa', width: '12%' },
  { key: 'manager', label: 'Manager', width: '10%' },
  { key: 'created', label: 'Created', sortField: 'createdAt', width: 100 },
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
      minWidth={940}
      sort={sort}
      onSort={onSort}
      actions={{ width: 40, labelHidden: true }}
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
