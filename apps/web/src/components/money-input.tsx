// An amount typed as text (inputMode decimal, so phones show the number pad): it stays the text the user
// typed, never a JavaScript number, and is written as '1234.50' when the field is left with a valid amount.
import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { CURRENCY_SYMBOLS, type Currency, formatMoney, parseMoney } from '@crm/domain';

type MoneyInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'leftSection'> & {
  value: string;
  onChange: (value: string) => void;
  currency: string;
};

export function MoneyInput({ value, onChange, currency, onBlur, ...props }: MoneyInputProps) {
  const symbol = CURRENCY_SYMBOLS[currency as Currency] ?? currency;
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      placeholder="0.00"
      leftSection={
        <Text size="xs" c="dimmed" aria-hidden>
          {symbol}
        </Text>
      }
      leftSectionPointerEvents="none"
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={(event) => {
        const cents = parseMoney(value);
        if (cents !== undefined && cents >= 0n && formatMoney(cents) !== value) onChange(formatMoney(cents));
        onBlur?.(event);
      }}
    />
  );
}
