// The Export button of a list (issue 15 item 6): CSV or Excel of what the list shows for its filters. The
// request code loads on the first click; a failure says why in a toast.
import { Button, Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ExportedList } from '@crm/domain';
import { useDateFormat } from '../lib/format.ts';
import type { ListParams } from '../lib/list-query.ts';

type ExportMenuProps = {
  list: Exclude<ExportedList, 'users'>;
  filters: ListParams;
  /** The button's text where several lists' exports sit side by side (Data Management). */
  label?: string;
};

export function ExportMenu({ list, filters, label = 'Export' }: ExportMenuProps) {
  const { today } = useDateFormat();
  const [busy, setBusy] = useState(false);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      const { exportList } = await import('../features/records/api/export-list.ts');
      await exportList(list, filters, format, today());
    } catch (error) {
      notifications.show({ color: 'red', message: error instanceof Error ? error.message : 'Export failed' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy}>
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void run('csv')}>CSV</Menu.Item>
        <Menu.Item onClick={() => void run('xlsx')}>Excel (.xlsx)</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
