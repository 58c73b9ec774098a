// The contacts table of spec 2 "Contacts page": name (with nationality and company), contact
// info, original status, archived date, and Restore for roles that may edit contacts.
import { ActionIcon, Button, Skeleton, Table, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { type ContactRecord, fullNameOf, originalLeadStatusLook } from '@crm/domain';
import { ContactText, DateText } from '../../../components/list-table/list-cells.tsx';
import { ListCell, type ListColumn, ListTable, useListLayout } from '../../../components/list-table/list-table.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';

// Name and Contact Info share what the fixed columns leave; a phone shows name, status and Restore.
const COLUMNS: ListColumn[] = [
  { key: 'name', label: 'Name' },
  { key: 'contact', label: 'Contact Info', minListWidth: 640 },
  { key: 'status', label: 'Original Status', width: 160 },
  { key: 'archived', label: 'Archived Date', width: 144, minListWidth: 520, skeletonWidth: '70%' },
];

type ContactsTableProps = {
  items: readonly ContactRecord[];
  loading: boolean;
  /** Shows the Actions column with Restore (contacts:edit). */
  canRestore: boolean;
  onRestore: (contact: ContactRecord) => void;
};

export function ContactsTable({ items, loading, canRestore, onRestore }: ContactsTableProps) {
  return (
    <ListTable
      columns={COLUMNS}
      horizontalSpacing="sm"
      actions={
        canRestore
          ? { width: 120, compactWidth: 60, skeleton: <Skeleton height={22} width={32} radius="sm" /> }
          : undefined
      }
      loading={loading}
    >
      {items.map((contact) => (
        <ContactRow key={contact.id} contact={contact} canRestore={canRestore} onRestore={onRestore} />
      ))}
    </ListTable>
  );
}

function ContactRow({
  contact,
  canRestore,
  onRestore,
}: {
  contact: ContactRecord;
  canRestore: boolean;
  onRestore: (contact: ContactRecord) => void;
}) {
  const name = fullNameOf(contact);
  const { compact } = useListLayout();
  const details = [contact.nationality, contact.company ?? 'No company'].filter(Boolean).join(' · ');
  return (
    <Table.Tr data-testid="contact-row">
      <Table.Td>
        <Text size="sm" fw={600} lineClamp={2} title={name}>
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end" title={details}>
          {details}
        </Text>
      </Table.Td>
      <ListCell column="contact">
        <ContactText email={contact.email} phone={contact.contactNumberDisplay} />
      </ListCell>
      <Table.Td>
        {contact.originalLeadStatus ? (
          <StatusBadge look={originalLeadStatusLook(contact.originalLeadStatus)} wrap>
            {contact.originalLeadStatus}
          </StatusBadge>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <ListCell column="archived">
        <DateText value={contact.movedFromLeadsAt} />
      </ListCell>
      {canRestore ? (
        <Table.Td>
          {compact ? (
            // The same name as the labelled button: a phone has room for the icon only.
            <ActionIcon
              variant="default"
              size="lg"
              onClick={() => onRestore(contact)}
              aria-label={`Restore ${name}`}
              title="Restore"
            >
              <IconRestore size={16} />
            </ActionIcon>
          ) : (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconRestore size={14} />}
              onClick={() => onRestore(contact)}
              aria-label={`Restore ${name}`}
            >
              Restore
            </Button>
          )}
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}
