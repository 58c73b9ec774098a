// The one date input of the forms: shows and reads the firm's date format whatever the browser's language
// (a native date input follows the browser), and hands the form 'YYYY-MM-DD' as the API expects ('' when
// empty, as the forms keep empty values). Only the forms import it, so the picker loads with them.
import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { DATE_BOUNDS } from '@crm/domain';
import { parseDateInput } from '../lib/date-input.ts';
import { useDateFormat } from '../lib/format.ts';

type DateFieldProps = Omit<
  DateInputProps,
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'valueFormat'
  | 'dateParser'
  | 'minDate'
  | 'maxDate'
  | 'allowDeselect'
  | 'clearButtonProps'
> & {
  /** A birth date runs from 1900 to the firm's today; a document date (passport, visa) to 2100. */
  kind: 'birth' | 'document';
  value?: string | null;
  onChange?: (value: string) => void;
};

export function DateField({ kind, value, onChange, ...props }: DateFieldProps) {
  const { setting, today } = useDateFormat();
  return (
    <DateInput
      // The input's text is formatted when the value changes; a new format needs a fresh input.
      key={setting.dateFormat}
      placeholder={setting.dateFormat}
      {...props}
      valueFormat={setting.dateFormat}
      dateParser={(text) => parseDateInput(text, setting.dateFormat)}
      minDate={DATE_BOUNDS.earliest}
      maxDate={kind === 'birth' ? today() : DATE_BOUNDS.latest}
      // Clicking the chosen day keeps it (as a select keeps its option); clearing is the clear button.
      allowDeselect={false}
      // Mantine's clear button is an icon without a name; axe and screen readers need one.
      clearButtonProps={{ 'aria-label': typeof props.label === 'string' ? `Clear ${props.label}` : 'Clear date' }}
      value={value || null}
      onChange={(next) => onChange?.(next ?? '')}
    />
  );
}
