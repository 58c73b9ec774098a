// Phone input of spec 1 §2.7: a dial-code selector (26 countries, Australia +61 by default,
// list 200 px high) and a number field keeping only digits, spaces, hyphens and parentheses.
// The value is one string, '+61 412 345 678'.
import { Group, Input, Select, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { DIAL_CODES, sanitizePhoneNumber } from '@crm/domain';

type DialCode = (typeof DIAL_CODES)[number];

const BY_LONGEST_CODE = [...DIAL_CODES].sort((a, b) => b.code.length - a.code.length);
const DEFAULT_ISO = DIAL_CODES[0].iso;
const DATA = DIAL_CODES.map((d) => ({ value: d.iso, label: `${d.iso} ${d.code}` }));
const NAMES = new Map<string, string>(DIAL_CODES.map((d) => [d.iso, d.country]));

/** Splits a stored number into its dial code and the rest, keeping the chosen country when it fits. */
export function splitPhoneNumber(value: string, preferredIso: string = DEFAULT_ISO): { iso: string; number: string } {
  const preferred = DIAL_CODES.find((d) => d.iso === preferredIso);
  const fits = (d: DialCode) => value === d.code || value.startsWith(`${d.code} `) || value.startsWith(d.code);
  const match = preferred && fits(preferred) ? preferred : BY_LONGEST_CODE.find(fits);
  if (!match) return { iso: preferredIso, number: sanitizePhoneNumber(value) };
  return { iso: match.iso, number: sanitizePhoneNumber(value.slice(match.code.length).replace(/^\s/, '')) };
}

export const joinPhoneNumber = (iso: string, number: string) => {
  const code = DIAL_CODES.find((d) => d.iso === iso)?.code ?? DIAL_CODES[0].code;
  return number.trim() ? `${code} ${number}` : '';
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
  const [iso, setIso] = useState(() => splitPhoneNumber(value).iso);
  const parts = splitPhoneNumber(value, iso);
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
            onChange(joinPhoneNumber(next, parts.number));
          }}
          allowDeselect={false}
          searchable
          maxDropdownHeight={200}
          comboboxProps={{ width: 240, position: 'bottom-start' }}
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap" justify="space-between" w="100%">
              <Text size="sm">{NAMES.get(option.value)}</Text>
              <Text size="xs" c="dimmed">
                {option.label.split(' ')[1]}
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
          value={parts.number}
          onChange={(event) => onChange(joinPhoneNumber(parts.iso, sanitizePhoneNumber(event.currentTarget.value)))}
          onBlur={onBlur}
          error={Boolean(error)}
          disabled={disabled}
          aria-required={required}
        />
      </Group>
    </Input.Wrapper>
  );
}
