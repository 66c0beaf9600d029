// The shared number input (settings-messaging-shared §5 "Shared widgets"): non-negative unless
// minus is allowed, integer mode truncates, capped at a maximum, limited to the given decimal
// places, and in onlyNumber mode a leading 0 is rejected. A thin text field over the domain's
// sanitizer (src/domain/format/numberInput.ts), so half-typed values ('12.', '-') survive.
import { TextInput, type TextInputProps } from '@mantine/core';
import { type NumberInputOptions, sanitizeNumberInput } from '../../domain/format/numberInput';

export interface NumberInputProps
  extends Omit<TextInputProps, 'value' | 'onChange' | 'max'>,
    NumberInputOptions {
  value: string;
  onChange(value: string): void;
}

export function NumberInput({
  value,
  onChange,
  allowNegative,
  integer,
  max,
  decimals,
  onlyNumber,
  ...rest
}: NumberInputProps) {
  const options = { allowNegative, integer, max, decimals, onlyNumber };
  return (
    <TextInput
      {...rest}
      inputMode={integer || onlyNumber ? 'numeric' : 'decimal'}
      value={value}
      onChange={(event) => onChange(sanitizeNumberInput(event.currentTarget.value, options))}
    />
  );
}
