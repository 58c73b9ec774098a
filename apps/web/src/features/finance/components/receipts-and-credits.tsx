// Receipts & Credits (issue 25 item 3): the saved receipts, the credit and adjustment notes and the refunds,
// one list at a time, each searched, sorted where the server sorts, and paged by keyset like every list.
// One component in two places: Finance's 'Receipts & Credits' tab, and Templates → 'Receipt Templates'
// under the spec's heading 'Receipt Management' (spec 3 §2.3). Loads with the first of them opened.
import { Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { MONEY_LISTS, type MoneyList } from '../api/money-documents-cache.ts';
import { CreditNotesList } from './credit-notes-list.tsx';
import { ReceiptsList } from './receipts-list.tsx';
import { RefundsList } from './refunds-list.tsx';

const LIST_LABELS: Record<MoneyList, string> = {
  receipts: 'Receipts',
  'credit-notes': 'Credit notes',
  refunds: 'Refunds',
};

type ReceiptsAndCreditsProps = {
  title: string;
  subtitle?: string;
  /** The heading's level where it stands: 2 as a Finance tab, 3 inside Templates. */
  order: 2 | 3;
};

export function ReceiptsAndCredits({ title, subtitle, order }: ReceiptsAndCreditsProps) {
  const [list, setList] = useState<MoneyList>('receipts');
  // Each list keeps its own search, sort and page while shown; switching starts the other afresh.
  const switcher = (
    <SegmentedControl
      aria-label="Show"
      size="sm"
      value={list}
      onChange={(value) => setList(value as MoneyList)}
      data={MONEY_LISTS.map((value) => ({ value, label: LIST_LABELS[value] }))}
    />
  );
  return (
    <Stack gap="sm">
      <div>
        <Title order={order} size={order === 2 ? 'h3' : 'h4'}>
          {title}
        </Title>
        {subtitle ? (
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        ) : null}
      </div>
      <Card withBorder padding={0} radius="md">
        {list === 'receipts' ? (
          <ReceiptsList switcher={switcher} />
        ) : list === 'credit-notes' ? (
          <CreditNotesList switcher={switcher} />
        ) : (
          <RefundsList switcher={switcher} />
        )}
      </Card>
    </Stack>
  );
}
