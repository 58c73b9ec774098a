// The dense table of the list screens (leads, clients, records, contacts): fixed column widths, a
// sticky header whose columns sort through the server where the list allows it, a trailing Actions
// column, and skeleton rows while the first page loads.
import { Group, type MantineSpacing, Skeleton, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './list-table.module.css';

export type ListColumn = {
  key: string;
  label: string;
  /** The server's sort field; without one the header is plain text. */
  sortField?: string;
  width?: number | string;
  /** How much of the cell the loading placeholder fills (60% unless said). */
  skeletonWidth?: string;
};

export type ListSort = { field: string; direction: 'asc' | 'desc' };

type ActionsColumn = {
  width: number;
  /** An icon menu's column is named for screen readers only. */
  labelHidden?: boolean;
  /** The loading placeholder of the column (empty unless given). */
  skeleton?: ReactNode;
};

type ListTableProps = {
  columns: readonly ListColumn[];
  /** Below this width the table scrolls sideways rather than squeezing its columns. */
  minWidth: number;
  horizontalSpacing?: MantineSpacing;
  /** The current sort and how to change it; a list the server does not sort leaves them out. */
  sort?: ListSort;
  onSort?: (field: string) => void;
  /** The trailing Actions column; left out when the role has no row actions. */
  actions?: ActionsColumn;
  loading: boolean;
  /** The rows, shown once the first page has loaded. */
  children: ReactNode;
};

const SKELETON_ROWS = 8;

export function ListTable({
  columns,
  minWidth,
  horizontalSpacing = 'xs',
  sort,
  onSort,
  actions,
  loading,
  children,
}: ListTableProps) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table
        verticalSpacing={6}
        horizontalSpacing={horizontalSpacing}
        fz="sm"
        highlightOnHover
        stickyHeader
        layout="fixed"
        className={classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              column.sortField && sort && onSort ? (
                <SortableTh key={column.key} column={column} sortField={column.sortField} sort={sort} onSort={onSort} />
              ) : (
                <Table.Th key={column.key} w={column.width}>
                  {column.label}
                </Table.Th>
              ),
            )}
            {actions ? (
              <Table.Th w={actions.width}>
                {actions.labelHidden ? <span className={classes.srOnly}>Actions</span> : 'Actions'}
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <SkeletonRow key={i} columns={columns} actions={actions} />
              ))
            : children}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SortableTh({
  column,
  sortField,
  sort,
  onSort,
}: {
  column: ListColumn;
  sortField: string;
  sort: ListSort;
  onSort: (field: string) => void;
}) {
  const active = sort.field === sortField;
  const Icon = !active ? IconSelector : sort.direction === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th w={column.width} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(sortField)} className={classes.sortButton}>
        <Group gap={4} wrap="nowrap">
          <span>{column.label}</span>
          <Icon size={14} stroke={1.8} className={active ? undefined : classes.dimIcon} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function SkeletonRow({ columns, actions }: { columns: readonly ListColumn[]; actions: ActionsColumn | undefined }) {
  return (
    <Table.Tr aria-hidden>
      {columns.map((c) => (
        <Table.Td key={c.key}>
          <Skeleton height={12} my={6} width={c.skeletonWidth ?? '60%'} radius="sm" />
        </Table.Td>
      ))}
      {actions ? <Table.Td>{actions.skeleton}</Table.Td> : null}
    </Table.Tr>
  );
}
