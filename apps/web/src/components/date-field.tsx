// The one date input of the forms (decision 0007, issue 26): a text field that reads what is typed in the
// firm's day/month order (lib/date-input.ts) and a calendar to pick from. It hands the form 'YYYY-MM-DD'
// as the API expects, '' when empty, and the text itself when it is no date, so that the form's schema
// says 'Invalid date format' (or the date's own rule: a birth date in the future) while the typed text
// stays on screen: nothing typed is dropped. Leaving the field writes a date it read in the firm's format,
// so the user sees what it was taken as. Only the forms import it, so the calendar loads with them.
import '@mantine/dates/styles.css';
import { ActionIcon, CloseButton, Group, Popover, TextInput, type TextInputProps } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { DATE_BOUNDS, DATE_MESSAGES, type DisplaySetting, formatDate, isValidIsoDate } from '@crm/domain';
import { parseDateInput } from '../lib/date-input.ts';
import { useDateFormat } from '../lib/format.ts';

type DateFieldProps = Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'rightSection'> & {
  /** A birth date runs from 1900 to the firm's today; a document date (passport, visa) to 2100. */
  kind: 'birth' | 'document';
  value?: string | null;
  onChange?: (value: string) => void;
  /** Offers a button that empties the field. */
  clearable?: boolean;
  /**
   * A filter has no form to say what is wrong: it is handed dates only ('' when empty), and the field
   * itself says 'Invalid date format' for text it cannot read, keeping the text.
   */
  filter?: boolean;
};

export function DateField(props: DateFieldProps) {
  const { setting, today } = useDateFormat();
  return <DateTextField {...props} setting={setting} today={today()} />;
}

/** The field with the display setting given (the public enquiry form has no session to read it from). */
export function DateTextField({
  kind,
  value,
  onChange,
  clearable,
  filter,
  setting,
  today,
  onBlur,
  error,
  ...props
}: DateFieldProps & { setting: DisplaySetting; today: string }) {
  const shown = (v: string | null | undefined) => (v && isValidIsoDate(v) ? formatDate(v, setting) : (v ?? ''));
  const [text, setText] = useState(() => shown(value));
  const [calendarOpen, setCalendarOpen] = useState(false);
  const [left, setLeft] = useState(false);
  // The value this field last handed the form: another value arriving (a reset, a reload) is shown.
  const sent = useRef(value ?? '');
  useEffect(() => {
    if ((value ?? '') !== sent.current) {
      sent.current = value ?? '';
      setText(shown(value));
    }
    // `shown` follows the setting, which the key below covers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const send = (next: string) => {
    sent.current = next;
    onChange?.(next);
  };
  const read = (typed: string) => parseDateInput(typed, { dateFormat: setting.dateFormat, kind, today });
  const type = (typed: string) => {
    setText(typed);
    setLeft(false);
    const date = typed.trim() === '' ? '' : read(typed);
    if (date !== null) send(date);
    else if (!filter) send(typed.trim());
  };
  const unreadable = filter && left && text.trim() !== '' && read(text) === null;
  const pick = (picked: string | null) => {
    setCalendarOpen(false);
    send(picked ?? '');
    setText(shown(picked));
  };
  const maxDate = kind === 'birth' ? today : DATE_BOUNDS.latest;
  const picked = value && isValidIsoDate(value) ? value : null;
  const locked = props.disabled || props.readOnly;

  return (
    <TextInput
      key={setting.dateFormat}
      placeholder={setting.dateFormat}
      autoComplete="off"
      {...props}
      value={text}
      error={error ?? (unreadable ? DATE_MESSAGES.invalid : undefined)}
      onChange={(event) => type(event.currentTarget.value)}
      onBlur={(event) => {
        const iso = read(text);
        if (iso) setText(shown(iso));
        setLeft(true);
        onBlur?.(event);
      }}
      rightSectionWidth={clearable && text && !locked ? 56 : 32}
      rightSectionPointerEvents="all"
      rightSection={
        locked ? null : (
          <Group gap={0} wrap="nowrap">
            {clearable && text ? (
              <CloseButton
                size="sm"
                aria-label={typeof props.label === 'string' ? `Clear ${props.label}` : 'Clear date'}
                onClick={() => type('')}
              />
            ) : null}
            <Popover opened={calendarOpen} onChange={setCalendarOpen} position="bottom-end" shadow="md" trapFocus>
              <Popover.Target>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label="Open calendar"
                  onClick={() => setCalendarOpen((open) => !open)}
                >
                  <IconCalendar size={16} />
                </ActionIcon>
              </Popover.Target>
              <Popover.Dropdown>
                <DatePicker
                  value={picked}
                  defaultDate={picked ?? (today <= maxDate ? today : maxDate)}
                  onChange={pick}
                  minDate={DATE_BOUNDS.earliest}
                  maxDate={maxDate}
                  allowDeselect={false}
                />
              </Popover.Dropdown>
            </Popover>
          </Group>
        )
      }
    />
  );
}
