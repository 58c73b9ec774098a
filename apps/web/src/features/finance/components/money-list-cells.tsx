// Cells the Receipts & Credits tables share: a document number, a money figure with its currency symbol,
// and a row's actions (icon buttons, or a menu on a phone).
import { ActionIcon, Group, Menu, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { centsOf, displayMoney } from '@crm/domain';
import { RowMenu } from '../../../components/list-table/list-row.tsx';
import { useListLayout } from '../../../components/list-table/list-table.tsx';

export function NumberText({ children }: { children: string }) {
  return (
    <Text size="sm" fw={600} ff="monospace" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}

/** An invoice's number beside the document's own: 'INV-000123'. */
export function InvoiceNumberText({ children }: { children: string | null }) {
  return (
    <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}

/** A figure right-aligned in its cell: 'A$1,234.50', '₱45,000.00'. */
export function MoneyCell({ column, amount, currency }: { column?: string; amount: string; currency: string }) {
  const { shows } = useListLayout();
  if (column && !shows(column)) return null;
  return (
    <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
      {displayMoney(centsOf(amount), currency)}
    </Table.Td>
  );
}

/** A PDF that could not be had, told as the invoices' Print tells it. */
export const pdfFailed = (error: unknown) =>
  notifications.show({ color: 'red', message: `Failed to generate PDF: ${(error as Error).message}` });

export type DocumentAction = {
  /** 'View', 'Download', 'Delete' */
  label: string;
  icon: ReactNode;
  danger?: boolean;
  onClick: () => void;
};

/** The Actions column's width for `count` icon buttons (28 px each, 4 px apart, the cell's padding). */
export const actionsWidth = (count: number) => count * 28 + (count - 1) * 4 + 24;

/** A row's actions on the document `name`: icon buttons named 'View RCP-000123', or a menu on a phone. */
export function DocumentActionsCell({ name, actions }: { name: string; actions: readonly DocumentAction[] }) {
  const { compact } = useListLayout();
  return (
    <Table.Td>
      {compact ? (
        <RowMenu name={name} width={180}>
          {actions.map((action) => (
            <Menu.Item
              key={action.label}
              color={action.danger ? 'red' : undefined}
              leftSection={action.icon}
              onClick={action.onClick}
            >
              {action.label}
            </Menu.Item>
          ))}
        </RowMenu>
      ) : (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {actions.map((action) => (
            <Tooltip key={action.label} label={action.label} openDelay={300}>
              <ActionIcon
                variant="subtle"
                color={action.danger ? 'red' : 'gray'}
                aria-label={`${action.label} ${name}`}
                onClick={action.onClick}
              >
                {action.icon}
              </ActionIcon>
            </Tooltip>
          ))}
        </Group>
      )}
    </Table.Td>
  );
}
