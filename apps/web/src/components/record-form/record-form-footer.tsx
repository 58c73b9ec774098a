// The buttons under a record form, kept in view at the bottom of the drawer while the form scrolls:
// the record's own actions on the left, Cancel/Close and Save on the right, always in one row (the
// hint gives way first; on a phone the record's actions show as icons).
import { Button, Group, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './record-form.module.css';

type RecordFormFooterProps = {
  /** Archive, hide, delete…: shown on the left. */
  actions?: ReactNode;
  readOnly: boolean;
  saving: boolean;
  valid: boolean;
  canSave: boolean;
  saveLabel: string;
  /** Orange while offline: the save waits for the connection. */
  saveColor?: string;
  onCancel: () => void;
};

export function RecordFormFooter({
  actions,
  readOnly,
  saving,
  valid,
  canSave,
  saveLabel,
  saveColor,
  onCancel,
}: RecordFormFooterProps) {
  return (
    <div className={classes.footer}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" className={classes.footerActions}>
          {actions}
        </Group>
        <Group gap="xs" className={classes.footerMain}>
          {!readOnly && !valid && !saving ? (
            <Text
              size="xs"
              c="dimmed"
              visibleFrom="sm"
              truncate="end"
              className={classes.footerHint}
              title="Complete the required fields (*) to save."
            >
              Complete the required fields (*) to save.
            </Text>
          ) : null}
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {readOnly ? 'Close' : 'Cancel'}
          </Button>
          {!readOnly ? (
            <Button
              type="submit"
              // Held back only by missing fields, Save looks disabled but still answers a click: the form
              // then opens the sections to complete and says so (spec 1 §5.1). Otherwise it is disabled.
              disabled={!canSave && (valid || saving)}
              data-disabled={!canSave || undefined}
              aria-disabled={!canSave || undefined}
              leftSection={<IconDeviceFloppy size={16} />}
              color={saveColor}
            >
              {saveLabel}
            </Button>
          ) : null}
        </Group>
      </Group>
    </div>
  );
}
