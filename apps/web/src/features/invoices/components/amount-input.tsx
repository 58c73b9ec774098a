// An amount on an invoice's money dialogs and items (a payment, client credit applied, a line's credit, a
// rate): two decimals with thousands separated, no steppers, never clamped while typed (a value out of range
// is the form's error to show), handed on as the text the number input holds.
import { NumberInput, type NumberInputProps } from '@mantine/core';

export function AmountInput({
  onChange,
  ...props
}: Omit<NumberInputProps, 'onChange'> & { onChange: (value: string) => void }) {
  return (
    <NumberInput
      clampBehavior="none"
      min={0}
      decimalScale={2}
      thousandSeparator=","
      hideControls
      {...props}
      onChange={(value) => onChange(String(value))}
    />
  );
}
