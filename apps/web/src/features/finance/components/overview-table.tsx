// The Services Overview's table (spec 3 §2.1): checkbox, Service (with category), Client/Lead (name,
// email), Type, Status, Payment, Fee, Paid, Balance, Date, Actions; the server sorts. Compact (the page's
// toggle) hides Type and Date and the second lines. Like every list it fits its room (decision 0006): a
// narrower list leaves columns out and folds their values under the service, and a phone-wide one keeps
// the service, the balance and the actions.
// The styles of the Mantine components only this table uses (its selection checkboxes, and Checkbox.Card,
// which Checkbox brings into the bundle), in @mantine/core's order: they load with this page, not the app.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import { ActionIcon, Badge, Checkbox, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { centsOf, displayMoney, parseSort, SERVICE_SORT_FIELDS, type ServiceOverviewRow } from '@crm/domain';
import { ListCell, type ListColumn, ListTable, useListLayout } from '../../../components/list-table/list-table.tsx';
import { SelectAllCheckbox } from '../../../components/list-table/select-all-checkbox.tsx';
import { useDateFormat } from '../../../lib/format.ts';
import { PaymentStatusBadge, ServiceStatusBadge } from '../../services/index.ts';
import classes from '../finance.module.css';
import { type FoldedPart, FoldedText } from '../../../components/list-table/folded-text.tsx';

type OverviewTableProps = {
  rows: ServiceOverviewRow[];
  /** The first page is on its way: skeleton rows. */
  loading: boolean;
  compact: boolean;
  sort: string;
  onSort: (sort: string) => void;
  /** Rows can be chosen (for export) only by roles that may export them. */
  selectable: boolean;
  selected: ServiceOverviewRow[];
  onSelect: (rows: ServiceOverviewRow[]) => void;
  canDelete: boolean;
  onDelete: (row: ServiceOverviewRow) => void;
};

/** The cells' padding either side: the dense spacing of a table of eleven columns. */
const SPACING = 6;
// Each column says the narrowest list that shows it, so that the visible ones fit without scrolling (the
// service and the client or lead share what the others leave, at least 100 px each): beside an open
// sidebar at 1280 px Paid folds under the service (Fee and Balance say it), which leaves the names room;
// with the sidebar closed every column shows. Then Type goes, Fee, Date and Status (their values folded
// under the service), below 560 px the client or lead and then Payment. The badges 'Client' and
// 'Completed' fit whole and 'Partially Paid' on two lines; a money column holds 'A$16,118.00', Fee
// '₱1,331,216.00'.
const COLUMNS: readonly ListColumn[] = [
  { key: 'service', label: 'Service', sortField: 'serviceName', skeletonWidth: '70%' },
  { key: 'entity', label: 'Client/Lead', sortField: 'entityName', minListWidth: 560, skeletonWidth: '70%' },
  { key: 'type', label: 'Type', width: 66, minListWidth: 970 },
  { key: 'status', label: 'Status', width: 94, minListWidth: 600 },
  { key: 'payment', label: 'Payment', width: 84, minListWidth: 400 },
  { key: 'fee', label: 'Fee', width: 108, minListWidth: 810, align: 'right' },
  { key: 'paid', label: 'Paid', width: 102, minListWidth: 1100, align: 'right' },
  { key: 'balance', label: 'Balance', width: 102, align: 'right' },
  { key: 'date', label: 'Date', sortField: 'startDate', width: 102, minListWidth: 700 },
];
/** What Compact leaves out whatever the room. */
const COMPACT_HIDES = new Set(['type', 'date']);
const COMPACT_COLUMNS = COLUMNS.filter((c) => !COMPACT_HIDES.has(c.key));
/** Two 28 px buttons 4 px apart; wide enough for the header 'Actions' too. */
const ACTIONS_WIDTH = 2 * 28 + 4 + 2 * SPACING;

const money = (amount: string | null, currency: string) =>
  amount === null ? '—' : displayMoney(centsOf(amount), currency);

export function OverviewTable({
  rows,
  loading,
  compact,
  sort,
  onSort,
  selectable,
  selected,
  onSelect,
  canDelete,
  onDelete,
}: OverviewTableProps) {
  const current = parseSort(sort, SERVICE_SORT_FIELDS, 'createdAt');
  const chosen = new Set(selected.map((r) => r.id));
  const all = rows.length > 0 && rows.every((r) => chosen.has(r.id));

  return (
    <ListTable
      label="Services"
      columns={compact ? COMPACT_COLUMNS : COLUMNS}
      sort={current}
      // A new column starts ascending; the sorted one turns round.
      onSort={(field) => onSort(`${field}:${field === current.field && current.direction === 'asc' ? 'desc' : 'asc'}`)}
      horizontalSpacing={SPACING}
      actions={{ width: ACTIONS_WIDTH }}
      selection={
        selectable ? (
          <SelectAllCheckbox
            label="Select all services on this page"
            all={all}
            some={chosen.size > 0}
            onToggleAll={(next) => onSelect(next ? rows : [])}
          />
        ) : undefined
      }
      loading={loading}
    >
      {rows.map((row) => (
        <OverviewRow
          key={row.id}
          row={row}
          compact={compact}
          selection={
            selectable
              ? {
                  chosen: chosen.has(row.id),
                  onToggle: () =>
                    onSelect(chosen.has(row.id) ? selected.filter((r) => r.id !== row.id) : [...selected, row]),
                }
              : null
          }
          onDelete={canDelete ? () => onDelete(row) : null}
        />
      ))}
    </ListTable>
  );
}

type OverviewRowProps = {
  row: ServiceOverviewRow;
  compact: boolean;
  selection: { chosen: boolean; onToggle: () => void } | null;
  onDelete: (() => void) | null;
};

function OverviewRow({ row, compact, selection, onDelete }: OverviewRowProps) {
  const { formatDate } = useDateFormat();
  const { shows } = useListLayout();
  const type = row.entityType === 'client' ? 'Client' : 'Lead';
  const date = row.startDate ? formatDate(row.startDate) : '-';
  // Compact's columns are left out, not folded. The type folds under the client or lead, in its own cell or
  // in the service's when that column is folded too.
  const typePart: FoldedPart[] = compact ? [] : [['type', type]];
  return (
    <Table.Tr>
      {selection ? (
        <Table.Td>
          <Checkbox
            aria-label={`Select ${row.serviceName} of ${row.entityName}`}
            checked={selection.chosen}
            onChange={selection.onToggle}
          />
        </Table.Td>
      ) : null}
      <Table.Td>
        <Text size="sm" fw={600}>
          {row.serviceName}
        </Text>
        {!compact && row.serviceCategory ? (
          <Text size="xs" c="dimmed">
            {row.serviceCategory}
          </Text>
        ) : null}
        <FoldedText
          lines={[
            shows('entity') ? [] : [['entity', row.entityName], ...typePart],
            [
              ['status', row.serviceStatus],
              ['payment', `Payment: ${row.paymentStatus}`],
            ],
            [
              ['fee', `Fee ${money(row.serviceFee, row.currency)}`],
              ['paid', `Paid ${money(row.paidAmount, row.currency)}`],
            ],
            compact ? [] : [['date', row.startDate ? date : null]],
          ]}
        />
      </Table.Td>
      <ListCell column="entity" className={classes.wrapAnywhere}>
        <Text size="sm">{row.entityName}</Text>
        {!compact && row.entityEmail ? (
          <Text size="xs" c="dimmed">
            {row.entityEmail}
          </Text>
        ) : null}
        <FoldedText lines={[typePart]} />
      </ListCell>
      <ListCell column="type">
        <Badge size="sm" radius="sm" tt="none" variant="outline" color={row.entityType === 'client' ? 'teal' : 'gray'}>
          {type}
        </Badge>
      </ListCell>
      <ListCell column="status">
        <ServiceStatusBadge status={row.serviceStatus} />
      </ListCell>
      <ListCell column="payment">
        <PaymentStatusBadge status={row.paymentStatus} wrap />
      </ListCell>
      <ListCell column="fee" ta="right" className={classes.figure}>
        {money(row.serviceFee, row.currency)}
      </ListCell>
      <ListCell column="paid" ta="right" className={classes.figure}>
        {money(row.paidAmount, row.currency)}
      </ListCell>
      <ListCell column="balance" ta="right">
        {row.serviceFee === null ? (
          '—'
        ) : (
          <span className={`${classes.figure} ${centsOf(row.balanceDue) > 0n ? classes.owing : classes.settled}`}>
            {money(row.balanceDue, row.currency)}
          </span>
        )}
      </ListCell>
      <ListCell column="date" style={{ whiteSpace: 'nowrap' }}>
        {date}
      </ListCell>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="View Profile" openDelay={300}>
            <ActionIcon
              renderRoot={(props) => (
                <Link
                  {...props}
                  to="/leads-clients"
                  search={{ view: row.entityId, type: row.entityType, tab: 'services' }}
                />
              )}
              variant="subtle"
              color="gray"
              aria-label={`View Profile of ${row.entityName}`}
            >
              <IconExternalLink size={18} />
            </ActionIcon>
          </Tooltip>
          {onDelete ? (
            <Tooltip label="Delete" openDelay={300}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${row.serviceName} of ${row.entityName}`}
                onClick={onDelete}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
