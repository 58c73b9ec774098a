// The footer of every keyset-paged list (docs/decisions/0008, 0031): where the rows shown sit ('51–100 of
// 1,234', '1–50 of many' for a search), the rows-per-page choice (the role's, pageSizeChoices), First /
// Previous / Next / Last, and between them up to five page numbers (three on a phone) around the page shown
// when the list's total is known, within the pages addressed by number. Deep pages are reached by cursor, so
// Last costs what First does.
import { ActionIcon, Group, type GroupProps, Select, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type Page, PAGE_BUTTONS } from '@crm/domain';
import { type ListNavigation, navigationTo, pageNumbersTo, positionLabel } from '../lib/list-navigation.ts';
import { usePhoneLayout } from '../lib/use-phone-layout.ts';

/** Page numbers on a phone: with First, Previous, Next and Last they fit a 390 px screen with room to spare. */
const PHONE_PAGE_BUTTONS = 3;

/** Where a list is and how the user moves it. */
/** A page's URL search narrowed to where its list is, as the footer reads it. */
export const navigationOf = ({ page, after, before, last, at }: ListNavigation): ListNavigation => ({
  page,
  after,
  before,
  last,
  at,
});

export type ListPaging = {
  navigation: ListNavigation;
  pageSize: number;
  /** Page sizes the role may choose (pageSizeChoices). */
  pageSizes: readonly number[];
  onNavigate: (navigation: ListNavigation) => void;
  onPageSize: (pageSize: number) => void;
};

type ListFooterProps = ListPaging & { page: Page<unknown> | undefined; loading: boolean; sizeLabel?: string };

export function ListFooter({
  page,
  navigation,
  pageSize,
  pageSizes,
  loading,
  onNavigate,
  onPageSize,
  sizeLabel = 'Rows per page',
}: ListFooterProps) {
  const phone = usePhoneLayout();
  const moves = page ? navigationTo(page, navigation) : null;
  const numbers = page ? pageNumbersTo(page, navigation, phone ? PHONE_PAGE_BUTTONS : PAGE_BUTTONS) : [];
  return (
    <ListFooterBar>
      <Group gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="list-position">
          {loading || !page ? 'Loading…' : positionLabel(page, navigation)}
        </Text>
        {pageSizes.length > 1 ? (
          <Select
            aria-label={sizeLabel}
            size="xs"
            w={110}
            data={pageSizes.map((n) => ({ value: String(n), label: `${n} / page` }))}
            value={String(pageSize)}
            onChange={(v) => v && onPageSize(Number(v))}
            allowDeselect={false}
          />
        ) : null}
      </Group>
      {moves && (moves.previous || moves.next) ? (
        <Group gap={4} role="navigation" aria-label="Pages">
          <PageButton label="First page" target={moves.previous ? moves.first : null} onNavigate={onNavigate}>
            <IconChevronsLeft size={16} />
          </PageButton>
          <PageButton label="Previous page" target={moves.previous} onNavigate={onNavigate}>
            <IconChevronLeft size={16} />
          </PageButton>
          {numbers.map(({ number, target }) => (
            <PageNumberButton key={number} number={number} target={target} onNavigate={onNavigate} />
          ))}
          <PageButton label="Next page" target={moves.next} onNavigate={onNavigate}>
            <IconChevronRight size={16} />
          </PageButton>
          <PageButton label="Last page" target={moves.last} onNavigate={onNavigate}>
            <IconChevronsRight size={16} />
          </PageButton>
        </Group>
      ) : null}
    </ListFooterBar>
  );
}

function PageButton({
  label,
  target,
  onNavigate,
  children,
}: {
  label: string;
  target: ListNavigation | null;
  onNavigate: (navigation: ListNavigation) => void;
  children: ReactNode;
}) {
  return (
    <ActionIcon
      variant="default"
      size="md"
      aria-label={label}
      title={label}
      disabled={!target}
      onClick={() => target && onNavigate(target)}
    >
      {children}
    </ActionIcon>
  );
}

/**
 * A numbered page. The page shown stays a focusable button marked aria-current (so a screen reader hears
 * where the list is), and clicking it does nothing.
 */
function PageNumberButton({
  number,
  target,
  onNavigate,
}: {
  number: number;
  target: ListNavigation | null;
  onNavigate: (navigation: ListNavigation) => void;
}) {
  const current = target === null;
  return (
    <ActionIcon
      variant={current ? 'filled' : 'default'}
      size="md"
      miw={28}
      w="auto"
      px={6}
      aria-label={`Page ${number}`}
      aria-current={current ? 'page' : undefined}
      fz="sm"
      fw={current ? 700 : 400}
      onClick={() => target && onNavigate(target)}
    >
      {number}
    </ActionIcon>
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
