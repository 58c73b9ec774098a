// The rows of the list tables whose records open in a panel: the row itself (click, Enter or Space
// opens it), its actions cell, and the row menu of the leads and clients tables.
import { ActionIcon, Menu, Table, Tooltip } from '@mantine/core';
import { IconDots, IconEye, IconEyeOff } from '@tabler/icons-react';
import type { KeyboardEvent, ReactNode } from 'react';
import classes from './list-table.module.css';

type OpenableRowProps = {
  /** The row's accessible name, e.g. 'Open lead Jane Citizen'. */
  label: string;
  /** Hidden records are shaded. */
  hidden: boolean;
  testId: string;
  onOpen: () => void;
  children: ReactNode;
};

export function OpenableRow({ label, hidden, testId, onOpen, children }: OpenableRowProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    // Keys pressed on a control inside the row belong to that control.
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen();
    }
  };
  return (
    <Table.Tr
      tabIndex={0}
      className={classes.row}
      data-hidden={hidden || undefined}
      onClick={onOpen}
      onKeyDown={onKeyDown}
      aria-label={label}
      data-testid={testId}
    >
      {children}
    </Table.Tr>
  );
}

/** The last cell of an openable row: clicks and keys on its buttons do not open the row as well. */
export function RowActionsCell({ children }: { children: ReactNode }) {
  return (
    <Table.Td onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      {children}
    </Table.Td>
  );
}

/** The Actions column of a row menu: the 28 px button and the cell's padding on both sides. */
export const ROW_MENU_COLUMN_WIDTH = 48;

/** The '…' button of a row and its menu of actions on the record called `name`. */
export function RowMenu({ name, width, children }: { name: string; width: number; children: ReactNode }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={width}>
      <Menu.Target>
        <Tooltip label="Actions" openDelay={500}>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${name}`}>
            <IconDots size={16} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}

/** 'Unhide' on a hidden record, 'Hide' on the others. */
export function HideMenuItem({ hidden, onSelect }: { hidden: boolean; onSelect: (action: 'hide' | 'unhide') => void }) {
  return hidden ? (
    <Menu.Item leftSection={<IconEye size={14} />} onClick={() => onSelect('unhide')}>
      Unhide
    </Menu.Item>
  ) : (
    <Menu.Item leftSection={<IconEyeOff size={14} />} onClick={() => onSelect('hide')}>
      Hide
    </Menu.Item>
  );
}
