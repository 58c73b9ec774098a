// The one hours input of the timesheet (issue 26): typed as text ('1.5', '1:30', '1h 30m', '90m'), read by
// the domain's readHours, and what it understood shown under it before anything is saved. It never clamps or
// rounds: a value outside the bounds or the step shows the timesheet's message instead.
import { TextInput, type TextInputProps } from '@mantine/core';
import { type Ref, useState } from 'react';
import { readHours } from '@crm/domain';
import { hoursText } from '../timesheet-format.ts';

type HoursFieldProps = Omit<TextInputProps, 'value' | 'onChange' | 'error' | 'description'> & {
  value: string;
  onChange: (text: string) => void;
  /** A save was tried: the reading's problem shows even if the field was never left. */
  submitted: boolean;
  /** The server's message for the field, shown when the text itself reads fine. */
  serverError?: string;
  inputRef?: Ref<HTMLInputElement>;
};

export function HoursField({ value, onChange, submitted, serverError, inputRef, ...rest }: HoursFieldProps) {
  const [left, setLeft] = useState(false);
  const reading = readHours(value);
  const shownError = (submitted || left) && reading.error !== null ? reading.error : serverError;
  return (
    <TextInput
      {...rest}
      ref={inputRef}
      inputMode="decimal"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={() => setLeft(true)}
      error={shownError}
      description={reading.hours !== null && !shownError ? `${hoursText(reading.hours)} h` : undefined}
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}
