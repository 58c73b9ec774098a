// Phone input of spec 1 §2.7: a dial-code selector (every country libphonenumber knows, Australia first and
// by default, searchable by name, code or dial code; list 200 px high) and a number field keeping only
// digits, spaces, hyphens and parentheses. The value is one string in international form, '+61 412 345 678'
// (a trunk 0 typed out of habit goes); how it splits into country and number and joins back is the
// domain's rule (decision 0005). The field keeps what is being typed until it loses focus.
import { type ComboboxItem, Group, Input, type OptionsFilter, Select, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { joinPhoneNumber, phoneCountries, sanitizePhoneNumber, splitPhoneNumber } from '@crm/domain';

const COUNTRIES = phoneCountries();
const DATA: ComboboxItem[] = COUNTRIES.map((c) => ({ value: c.iso, label: `${c.iso} ${c.dialCode}` }));
const BY_ISO = new Map(COUNTRIES.map((c) => [c.iso, c]));

/** Matches the country's name, its code or its dial code ('kenya', 'ke', '+254', '254'), in the list's order. */
const filterCountries: OptionsFilter = ({ options, search }) => {
  const term = search.trim().toLowerCase();
  if (!term) return options;
  return options.filter((option) => {
    if (!('value' in option)) return false;
    const country = BY_ISO.get(option.value);
    if (!country) return false;
    return (
      country.name.toLowerCase().includes(term) ||
      option.label.toLowerCase().includes(term) ||
      country.dialCode.slice(1).startsWith(term.replace(/^\+/, ''))
    );
  });
};

type PhoneInputProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: React.ReactNode;
  required?: boolean;
  disabled?: boolean;
};

export function PhoneInput({ label, value, onChange, onBlur, error, required, disabled }: PhoneInputProps) {
  const id = useId();
  // The chosen country, kept while the number fits it (+1 is the US's and Canada's).
  const [iso, setIso] = useState(() => splitPhoneNumber(value).iso);
  const parts = splitPhoneNumber(value, iso);
  // The number as typed, shown while the value is still what it made: joining drops the trunk 0 and
  // groups the digits ('0412 345 678' → '+61 412 345 678'), which must not move the text under the cursor.
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed !== null && joinPhoneNumber(parts.iso, typed) === value ? typed : parts.number;
  return (
    <Input.Wrapper label={label} required={required} error={error} labelProps={{ htmlFor: id }}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Select
          aria-label="Country dial code"
          w={112}
          data={DATA}
          value={parts.iso}
          onChange={(next) => {
            if (!next) return;
            setIso(next);
            onChange(joinPhoneNumber(next, shown));
          }}
          allowDeselect={false}
          searchable
          filter={filterCountries}
          nothingFoundMessage="No country found"
          maxDropdownHeight={200}
          comboboxProps={{ width: 260, position: 'bottom-start' }}
          renderOption={({ option }) => (
            // The list grows to its widest option: a long name ('South Georgia & South Sandwich Islands') is
            // cut at a fixed width instead of pushing the dial codes out of sight.
            <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
              <Text size="sm" truncate="end" maw={170} title={BY_ISO.get(option.value)?.name}>
                {BY_ISO.get(option.value)?.name}
              </Text>
              <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                {BY_ISO.get(option.value)?.dialCode}
              </Text>
            </Group>
          )}
          disabled={disabled}
          error={Boolean(error)}
        />
        <TextInput
          id={id}
          style={{ flex: 1 }}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="412 345 678"
          value={shown}
          onChange={(event) => {
            const number = sanitizePhoneNumber(event.currentTarget.value);
            setTyped(number);
            onChange(joinPhoneNumber(parts.iso, number));
          }}
          onBlur={() => {
            setTyped(null);
            onBlur?.();
          }}
          error={Boolean(error)}
          disabled={disabled}
          aria-required={required}
        />
      </Group>
    </Input.Wrapper>
  );
}
