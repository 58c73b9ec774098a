// The header checkbox of a list whose rows can be chosen: checked when every choosable row is, mixed when
// some are; a click chooses them all or none.
import { Checkbox } from '@mantine/core';

type SelectAllCheckboxProps = {
  /** Its name ('Select all invoices'). */
  label: string;
  all: boolean;
  some: boolean;
  onToggleAll: (all: boolean) => void;
};

export function SelectAllCheckbox({ label, all, some, onToggleAll }: SelectAllCheckboxProps) {
  return (
    <Checkbox
      aria-label={label}
      checked={all}
      indeterminate={!all && some}
      onChange={(e) => onToggleAll(e.currentTarget.checked)}
    />
  );
}
