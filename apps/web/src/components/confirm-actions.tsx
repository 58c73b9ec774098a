// The foot of a dialog that asks before it deletes or changes something for good: Cancel, then the button
// that does it — red unless told otherwise, busy while the change is sent.
import { Button, Group, type GroupProps, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';

export function ConfirmActions({
  label,
  color = 'red',
  loading,
  onCancel,
  onConfirm,
  ...group
}: Omit<GroupProps, 'children'> & {
  label: ReactNode;
  color?: MantineColor;
  loading: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Group justify="flex-end" {...group}>
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button color={color} loading={loading} onClick={onConfirm}>
        {label}
      </Button>
    </Group>
  );
}
