// The Services Overview's table (spec 3 §2.1): checkbox, Service (with category), Client/Lead (name,
// email), Type, Status, Payment, Fee, Paid, Balance, Date, Actions. Compact hides Type and Date and the
// second lines. mantine-datatable draws it (selection, sortable headers, a pinned Actions column and the
// horizontal scroll of a phone); the server sorts.
// The styles of the Mantine components only this table uses (its selection checkboxes, the datatable's
// flex rows), in @mantine/core's order, then the datatable's own: they load with this page, not the app.
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import 'mantine-datatable/styles.css';
import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconExternalLink, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { centsOf, displayMoney, parseSort, SERVICE_SORT_FIELDS, type ServiceOverviewRow } from '@crm/domain';
import { useDateFormat } from '../../../lib/format.ts';
import { PaymentStatusBadge, ServiceStatusBadge } from '../../services/components/service-badges.tsx';
import classes from '../finance.module.css';

type OverviewTableProps = {
  rows: ServiceOverviewRow[];
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

const money = (amount: string | null, currency: string) =>
  amount === null ? '—' : displayMoney(centsOf(amount), currency);

export function OverviewTable({
  rows,
  compact,
  sort,
  onSort,
  selectable,
  selected,
  onSelect,
  canDelete,
  onDelete,
}: OverviewTableProps) {
  const { formatDate } = useDateFormat();
  const { field, direction } = parseSort(sort, SERVICE_SORT_FIELDS, 'createdAt');
  const sortStatus: DataTableSortStatus<ServiceOverviewRow> = { columnAccessor: field, direction };

  const columns: DataTableColumn<ServiceOverviewRow>[] = [
    {
      accessor: 'serviceName',
      title: 'Service',
      sortable: true,
      render: (row) => (
        <div className={classes.textCell}>
          <Text size="sm" fw={600}>
            {row.serviceName}
          </Text>
          {!compact && row.serviceCategory ? (
            <Text size="xs" c="dimmed">
              {row.serviceCategory}
            </Text>
          ) : null}
        </div>
      ),
    },
    {
      accessor: 'entityName',
      title: 'Client/Lead',
      sortable: true,
      render: (row) => (
        <div className={classes.textCell}>
          <Text size="sm">{row.entityName}</Text>
          {!compact && row.entityEmail ? (
            <Text size="xs" c="dimmed" className={classes.email}>
              {row.entityEmail}
            </Text>
          ) : null}
        </div>
      ),
    },
    {
      accessor: 'entityType',
      title: 'Type',
      hidden: compact,
      noWrap: true,
      render: (row) => (
        <div className={classes.badgeCell}>
          <Badge
            size="sm"
            radius="sm"
            tt="none"
            variant="outline"
            color={row.entityType === 'client' ? 'teal' : 'gray'}
          >
            {row.entityType === 'client' ? 'Client' : 'Lead'}
          </Badge>
        </div>
      ),
    },
    {
      accessor: 'serviceStatus',
      title: 'Status',
      noWrap: true,
      render: (row) => (
        <div className={classes.badgeCell}>
          <ServiceStatusBadge status={row.serviceStatus} />
        </div>
      ),
    },
    {
      accessor: 'paymentStatus',
      title: 'Payment',
      noWrap: true,
      render: (row) => (
        <div className={classes.badgeCell}>
          <PaymentStatusBadge status={row.paymentStatus} />
        </div>
      ),
    },
    {
      accessor: 'serviceFee',
      title: 'Fee',
      textAlign: 'right',
      noWrap: true,
      render: (row) => <span className={classes.figure}>{money(row.serviceFee, row.currency)}</span>,
    },
    {
      accessor: 'paidAmount',
      title: 'Paid',
      textAlign: 'right',
      noWrap: true,
      render: (row) => <span className={classes.figure}>{money(row.paidAmount, row.currency)}</span>,
    },
    {
      accessor: 'balanceDue',
      title: 'Balance',
      textAlign: 'right',
      noWrap: true,
      render: (row) =>
        row.serviceFee === null ? (
          '—'
        ) : (
          <span className={`${classes.figure} ${centsOf(row.balanceDue) > 0n ? classes.owing : classes.settled}`}>
            {money(row.balanceDue, row.currency)}
          </span>
        ),
    },
    {
      accessor: 'startDate',
      title: 'Date',
      sortable: true,
      hidden: compact,
      noWrap: true,
      render: (row) => (row.startDate ? formatDate(row.startDate) : '-'),
    },
    {
      accessor: 'actions',
      title: 'Actions',
      textAlign: 'right',
      noWrap: true,
      render: (row) => (
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
          {canDelete ? (
            <Tooltip label="Delete" openDelay={300}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${row.serviceName} of ${row.entityName}`}
                onClick={() => onDelete(row)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
      ),
    },
  ];

  const selection = selectable
    ? {
        selectedRecords: selected,
        onSelectedRecordsChange: onSelect,
        allRecordsSelectionCheckboxProps: { 'aria-label': 'Select all services on this page' },
        getRecordSelectionCheckboxProps: (row: ServiceOverviewRow) => ({
          'aria-label': `Select ${row.serviceName} of ${row.entityName}`,
        }),
      }
    : {};

  return (
    <DataTable<ServiceOverviewRow>
      records={rows}
      columns={columns}
      idAccessor="id"
      withTableBorder={false}
      highlightOnHover
      verticalAlign="center"
      horizontalSpacing={6}
      pinLastColumn
      sortStatus={sortStatus}
      onSortStatusChange={(status) => {
        // The datatable keeps the direction when another column is chosen; a new column starts ascending.
        const column = String(status.columnAccessor);
        onSort(`${column}:${column === field ? status.direction : 'asc'}`);
      }}
      {...selection}
    />
  );
}
