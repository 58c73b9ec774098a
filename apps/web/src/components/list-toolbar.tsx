// The bar over a list's table (its search, filters and buttons), wrapping on a narrow screen with a rule
// under it, the small spinner it shows while the list already on screen fetches again, and its Refresh.
import { Button, Group, Loader, type MantineSpacing } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function ListToolbar({ gap = 'sm', children }: { gap?: MantineSpacing; children: ReactNode }) {
  return (
    <Group
      gap={gap}
      p="sm"
      justify="space-between"
      wrap="wrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {children}
    </Group>
  );
}

/**
 * Shown while `list` fetches again after its first answer (a refresh, a change made elsewhere), or while
 * other work the list waits for is `busy`; the first load shows the table's own skeleton instead.
 */
export function ListUpdating({
  list,
  busy = false,
}: {
  list: Pick<UseQueryResult, 'isFetching' | 'isPending'>;
  busy?: boolean;
}) {
  return (list.isFetching && !list.isPending) || busy ? <Loader size={14} role="status" aria-label="Updating" /> : null;
}

/** Refresh: reads the list (and what goes with it) again; `loading` while a refresh asked for here runs. */
export function RefreshButton({ onClick, loading = false }: { onClick: () => void; loading?: boolean }) {
  return (
    <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={onClick} loading={loading}>
      Refresh
    </Button>
  );
}
