// The buttons under a record form, kept in view at the bottom of the drawer while the form scrolls:
// the record's own actions on the left, Cancel/Close and Save on the right, always in one row (the
// hint gives way first; on a phone the record's actions show as icons).
import { Button, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconDeviceFloppy, IconListCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { usePhoneLayout } from '../../lib/use-phone-layout.ts';
import type { FormProblem } from './form-section.tsx';
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
  /** What keeps the form from saving; each opens its section and focuses the field when chosen. */
  problems?: FormProblem[];
  onGoTo?: (field: string) => void;
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
  problems = [],
  onGoTo,
}: RecordFormFooterProps) {
  const [listOpen, setListOpen] = useState(false);
  const problemsLabel = problems.length === 1 ? '1 field to complete' : `${problems.length} fields to complete`;
  const phone = usePhoneLayout();
  const problemsList =
    !readOnly && !valid && !saving && problems.length > 0 ? (
      <Popover
        opened={listOpen}
        onChange={setListOpen}
        position={phone ? 'top-start' : 'top-end'}
        shadow="md"
        width={phone ? 'target' : 320}
        withArrow
      >
        <Popover.Target>
          {/* Its number only beside the buttons, to keep the row (the name says the rest); on a phone,
              in words on a row of its own above them. */}
          <Button
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconListCheck size={16} />}
            onClick={() => setListOpen((open) => !open)}
            aria-expanded={listOpen}
            aria-label={problemsLabel}
            title={problemsLabel}
            className={classes.problemsButton}
          >
            {phone ? problemsLabel : problems.length}
          </Button>
        </Popover.Target>
        <Popover.Dropdown p="xs">
          <Text size="xs" c="dimmed" mb={6}>
            Complete these fields to save:
          </Text>
          <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {problems.map((problem) => (
              <li key={problem.field}>
                <UnstyledButton
                  className={classes.problem}
                  onClick={() => {
                    setListOpen(false);
                    onGoTo?.(problem.field);
                  }}
                >
                  <Text size="sm" fw={600} component="span">
                    {problem.label}
                  </Text>
                  <Text size="xs" c="red" component="span" display="block">
                    {problem.message}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    ) : null;
  return (
    <div className={classes.footer}>
      {problemsList && phone ? <div className={classes.problemsRow}>{problemsList}</div> : null}
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" className={classes.footerActions}>
          {actions}
        </Group>
        <Group gap="xs" className={classes.footerMain}>
          {problemsList && !phone ? problemsList : null}
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
