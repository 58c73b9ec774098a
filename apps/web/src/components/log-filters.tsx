// The bar over a log's table (Audit Logs, Mail log): the search, the updating spinner, Refresh and the log's
// own buttons on the first line, its filters in a grid under them; and the time that opens one entry.
import { Group, SimpleGrid, type SimpleGridProps, Stack, Text, UnstyledButton } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ListUpdating, RefreshButton } from './list-toolbar.tsx';
import { SearchBox } from './search-box.tsx';

type LogFiltersProps = {
  searchLabel: string;
  searchPlaceholder: string;
  onSearch: (search: string | undefined) => void;
  list: Pick<UseQueryResult, 'isFetching' | 'isPending'>;
  onRefresh: () => void;
  /** Buttons after Refresh (Export CSV). */
  actions?: ReactNode;
  /** The filters' grid columns by breakpoint. */
  cols: SimpleGridProps['cols'];
  /** The filters. */
  children: ReactNode;
};

export function LogFilters({
  searchLabel,
  searchPlaceholder,
  onSearch,
  list,
  onRefresh,
  actions,
  cols,
  children,
}: LogFiltersProps) {
  return (
    <Stack gap="sm" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <SearchBox label={searchLabel} placeholder={searchPlaceholder} maxWidth={380} onSearch={onSearch} />
        <Group gap="xs">
          <ListUpdating list={list} />
          <RefreshButton onClick={onRefresh} />
          {actions}
        </Group>
      </Group>
      <SimpleGrid cols={cols} spacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
}

/** A log entry's time as a link that opens the entry; `label` names it for a screen reader. */
export function EntryTimeButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: string;
}) {
  return (
    <UnstyledButton onClick={onClick} aria-label={label}>
      <Text size="sm" td="underline" c="blue">
        {children}
      </Text>
    </UnstyledButton>
  );
}
