// Page controls of the combined list: first / previous, a window of at most 5 page buttons around
// the current page (spec 1 §2.4), next / last.
import { Group, Pagination } from '@mantine/core';

const MAX_PAGE_BUTTONS = 5;

/** The pages shown: up to 5 consecutive pages, the current one centred when there is room. */
export function pageWindow(current: number, total: number): number[] {
  const start = Math.max(1, Math.min(current - Math.floor(MAX_PAGE_BUTTONS / 2), total - MAX_PAGE_BUTTONS + 1));
  const end = Math.min(total, start + MAX_PAGE_BUTTONS - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

type RecordsPaginationProps = { total: number; value: number; onChange: (page: number) => void };

export function RecordsPagination({ total, value, onChange }: RecordsPaginationProps) {
  return (
    <Pagination.Root
      total={total}
      value={value}
      onChange={onChange}
      size="sm"
      // The dark theme's primary is light slate: the active page takes the theme's contrast text colour.
      vars={() => ({ root: { '--pagination-active-color': 'var(--mantine-primary-color-contrast)' } })}
    >
      <Group gap={6} wrap="nowrap" component="nav" aria-label="Records pages">
        <Pagination.First aria-label="First page" />
        <Pagination.Previous aria-label="Previous page" />
        {pageWindow(value, total).map((page) => (
          <Pagination.Control
            key={page}
            active={page === value}
            aria-current={page === value ? 'page' : undefined}
            aria-label={`Page ${page}`}
            onClick={() => onChange(page)}
          >
            {page}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label="Next page" />
        <Pagination.Last aria-label="Last page" />
      </Group>
    </Pagination.Root>
  );
}
