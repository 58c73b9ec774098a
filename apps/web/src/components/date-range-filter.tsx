// The From and To dates of a list's filters (Audit Logs, Mail Log): each in the firm's format, each cleared
// on its own; a cleared date is no bound.
import { DateField } from './date-field.tsx';

export type DateRange = { from?: string; to?: string };

export function DateRangeFilter({ from, to, onChange }: DateRange & { onChange: (range: DateRange) => void }) {
  return (
    <>
      <DateField
        kind="document"
        label="From"
        clearable
        filter
        value={from ?? null}
        onChange={(value) => onChange({ from: value || undefined })}
      />
      <DateField
        kind="document"
        label="To"
        clearable
        filter
        value={to ?? null}
        onChange={(value) => onChange({ to: value || undefined })}
      />
    </>
  );
}
