// The dense table of the list screens (leads, clients, records, contacts): fixed column widths, a
// sticky header whose columns sort through the server where the list allows it, a trailing Actions
// column, and skeleton rows while the first page loads. The table fits the room it is given: each
// column says how wide the list must be to show it, and a phone-wide list is 'compact' (rows lead
// with the name and status; the rows fold what they lose into the name cell or a menu).
import { Group, type MantineSpacing, Skeleton, Table, type TableTdProps, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useElementWidth } from '../../lib/use-element-width.ts';
import classes from './list-table.module.css';

export type ListColumn = {
  key: string;
  label: string;
  /** The server's sort field; without one the header is plain text. */
  sortField?: string;
  /** Width in px; the columns without one share what the others leave. */
  width?: number;
  /** The narrowest list (px) that shows this column; a narrower list leaves it out. */
  minListWidth?: number;
  /** How much of the cell the loading placeholder fills (60% unless said). */
  skeletonWidth?: string;
  /** Figures (money) stand right-aligned, their header with them. */
  align?: 'right';
};

export type ListSort = { field: string; direction: 'asc' | 'desc' };

type ActionsColumn = {
  width: number;
  /** The width in a compact list, where the row's actions fold into a menu. */
  compactWidth?: number;
  /** An icon menu's column is named for screen readers only. */
  labelHidden?: boolean;
  /** The loading placeholder of the column (empty unless given). */
  skeleton?: ReactNode;
};

const SELECTION_WIDTH = 40;

/** Below this width a list is laid out for a phone. */
export const COMPACT_LIST_WIDTH = 560;
/** What a column without a width needs at least before the table scrolls sideways. */
const SHARED_COLUMN_MIN_WIDTH = 100;

type ListLayout = {
  /** Phone-wide: rows show the name, the status and the actions. */
  compact: boolean;
  /** Whether the column `key` is shown at the list's current width. */
  shows: (key: string) => boolean;
  /** The columns shown, the selection and actions columns included: what a row's one full-width cell spans. */
  span: number;
};

const ListLayoutContext = createContext<ListLayout>({ compact: false, shows: () => true, span: 1 });

/** The layout the enclosing list table chose for its width. */
export const useListLayout = () => useContext(ListLayoutContext);

/** A body cell of the column `column`; nothing when the list is too narrow to show that column. */
export function ListCell({ column, ...props }: TableTdProps & { column: string }) {
  const { shows } = useListLayout();
  return shows(column) ? <Table.Td {...props} /> : null;
}

type ListTableProps = {
  /** The table's accessible name, when the page does not name it otherwise. */
  label?: string;
  columns: readonly ListColumn[];
  horizontalSpacing?: MantineSpacing;
  /** The current sort and how to change it; a list the server does not sort leaves them out. */
  sort?: ListSort;
  onSort?: (field: string) => void;
  /** The trailing Actions column; left out when the role has no row actions. */
  actions?: ActionsColumn;
  /**
   * The leading selection column's header, a SelectAllCheckbox (each row draws its own checkbox cell); left out
   * when the role cannot act on chosen rows. Passed in, so that a list without one does not load the checkbox.
   */
  selection?: ReactNode;
  loading: boolean;
  /** The rows, shown once the first page has loaded. */
  children: ReactNode;
};

const SKELETON_ROWS = 8;

export function ListTable({
  label,
  columns,
  horizontalSpacing = 'xs',
  sort,
  onSort,
  actions,
  selection,
  loading,
  children,
}: ListTableProps) {
  const { ref, width } = useElementWidth<HTMLDivElement>();
  // Until measured (before the first paint) every column is shown.
  const visible = columns.filter((c) => width === null || !c.minListWidth || width >= c.minListWidth);
  const visibleKeys = visible.map((c) => c.key).join(' ');
  const compact = width !== null && width < COMPACT_LIST_WIDTH;
  const span = visible.length + (actions ? 1 : 0) + (selection ? 1 : 0);
  const layout = useMemo<ListLayout>(() => {
    const keys = new Set(visibleKeys.split(' '));
    return { compact, shows: (key) => keys.has(key), span };
  }, [compact, visibleKeys, span]);
  const actionsWidth = actions && (compact ? (actions.compactWidth ?? actions.width) : actions.width);
  // A safety net only: the column sets are chosen so that the visible ones fit without scrolling.
  const minWidth =
    visible.reduce((sum, c) => sum + (c.width ?? SHARED_COLUMN_MIN_WIDTH), 0) +
    (actionsWidth ?? 0) +
    (selection ? SELECTION_WIDTH : 0);

  return (
    <ListLayoutContext.Provider value={layout}>
      <Table.ScrollContainer ref={ref} minWidth={minWidth} type="native" data-list-table>
        <Table
          verticalSpacing={6}
          horizontalSpacing={horizontalSpacing}
          fz="sm"
          highlightOnHover
          stickyHeader
          layout="fixed"
          className={classes.table}
          aria-label={label}
          data-compact={compact || undefined}
        >
          <Table.Thead>
            <Table.Tr>
              {selection ? <Table.Th w={SELECTION_WIDTH}>{selection}</Table.Th> : null}
              {visible.map((column) =>
                column.sortField && sort && onSort ? (
                  <SortableTh
                    key={column.key}
                    column={column}
                    sortField={column.sortField}
                    sort={sort}
                    onSort={onSort}
                  />
                ) : (
                  <Table.Th key={column.key} w={column.width} ta={column.align}>
                    {column.label}
                  </Table.Th>
                ),
              )}
              {actions ? (
                <Table.Th w={actionsWidth}>
                  {actions.labelHidden || compact ? <span className={classes.srOnly}>Actions</span> : 'Actions'}
                </Table.Th>
              ) : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <SkeletonRow key={i} columns={visible} actions={actions} selectable={Boolean(selection)} />
                ))
              : children}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </ListLayoutContext.Provider>
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
    <Table.Th
      w={column.width}
      ta={column.align}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton onClick={() => onSort(sortField)} className={classes.sortButton}>
        <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : undefined}>
          <span className={classes.headerLabel}>{column.label}</span>
          <Icon size={14} stroke={1.8} className={active ? undefined : classes.dimIcon} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function SkeletonRow({
  columns,
  actions,
  selectable,
}: {
  columns: readonly ListColumn[];
  actions: ActionsColumn | undefined;
  selectable: boolean;
}) {
  return (
    <Table.Tr aria-hidden>
      {selectable ? <Table.Td /> : null}
      {columns.map((c) => (
        <Table.Td key={c.key}>
          <Skeleton
            height={12}
            my={6}
            width={c.skeletonWidth ?? '60%'}
            radius="sm"
            ml={c.align === 'right' ? 'auto' : undefined}
          />
        </Table.Td>
      ))}
      {actions ? <Table.Td>{actions.skeleton}</Table.Td> : null}
    </Table.Tr>
  );
}
