// The footer of a server-paginated list: 'from–to of total', the rows-per-page choice (up to the
// role's limit) and the page buttons; its bar and page buttons also serve lists with their own footer.
import { Group, type GroupProps, Pagination, Select, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The page a list shows and how the user changes it. */
export type ListPaging = {
  page: number;
  pageSize: number;
  /** Page sizes offered (those above the role's limit are left out). */
  pageSizes: readonly number[];
  /** The largest page the role may read. */
  limit: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
};

type ListFooterProps = ListPaging & { total: number; loading: boolean };

export function ListFooter({ total, page, pageSize, pageSizes, limit, loading, onPage, onPageSize }: ListFooterProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  const choices = pageSizes.filter((n) => n <= limit);
  return (
    <ListFooterBar>
      <Group gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          {loading ? 'Loading…' : `${from}–${to} of ${total}`}
        </Text>
        {choices.length > 1 ? (
          <Select
            aria-label="Rows per page"
            size="xs"
            w={110}
            data={choices.map((n) => ({ value: String(n), label: `${n} / page` }))}
            value={String(pageSize)}
            onChange={(v) => v && onPageSize(Number(v))}
            allowDeselect={false}
          />
        ) : null}
      </Group>
      {pages > 1 ? <ListPagination total={pages} value={Math.min(page, pages)} onChange={onPage} /> : null}
    </ListFooterBar>
  );
}

/** The bar under a list's rows, ruled off from them. */
export function ListFooterBar({
  justify = 'space-between',
  children,
}: {
  justify?: GroupProps['justify'];
  children: ReactNode;
}) {
  return (
    <Group
      justify={justify}
      px="sm"
      py="xs"
      gap="xs"
      wrap="wrap"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      {children}
    </Group>
  );
}

/** Page buttons with the first and last page always in reach, each named for screen readers. */
export function ListPagination({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  return (
    <Pagination
      size="sm"
      total={total}
      value={value}
      onChange={onChange}
      siblings={1}
      boundaries={1}
      getControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
      getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
    />
  );
}
