// The shared phone input (settings-messaging-shared §5 "Shared widgets"): a country-code picker
// (default cn; cn, de, us, hk, tw, gb, fr, it, es first) and the number; the value is stored as
// `+<dial code><number>` (`+8613812345678`). A number off the country's length reads 格式不正确！
// once the field is left. Rules: src/domain/company/phoneInput.ts; state: ./phoneInputModel.ts.
import { Group, Input, Select, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { ACCOUNT_LABELS as L } from '../../domain/account/labels';
import {
  DEFAULT_PHONE_COUNTRY,
  isPhoneCountryCode,
  type PhoneCountryCode,
} from '../../domain/company/phoneInput';
import { phoneCountryOptions, phoneError, phoneFields, phoneValueOf } from './phoneInputModel';

const OPTIONS = phoneCountryOptions();

export interface PhoneInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The form's own error (e.g. required); shown instead of the length rule's. */
  error?: string | null;
  disabled?: boolean;
  required?: boolean;
}

export function PhoneInput({ label, value, onChange, error, disabled, required }: PhoneInputProps) {
  const id = useId();
  const [picked, setPicked] = useState<PhoneCountryCode>(DEFAULT_PHONE_COUNTRY);
  const [left, setLeft] = useState(false);
  const { country, number } = phoneFields(value, picked);
  const shownError = error || (left ? phoneError(value, picked) : null);

  return (
    <Input.Wrapper
      label={label}
      required={required}
      error={shownError}
      labelProps={{ htmlFor: id }}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Select
          aria-label={`${label}${L.PHONE_COUNTRY}`}
          data={OPTIONS}
          value={country}
          onChange={(next) => {
            if (!isPhoneCountryCode(next)) return;
            setPicked(next);
            if (number !== '') onChange(phoneValueOf(next, number));
          }}
          allowDeselect={false}
          searchable
          disabled={disabled}
          w={150}
          error={shownError ? true : undefined}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          id={id}
          style={{ flex: 1 }}
          value={number}
          onChange={(event) => onChange(phoneValueOf(country, event.currentTarget.value))}
          onBlur={() => setLeft(true)}
          inputMode="tel"
          autoComplete="tel-national"
          disabled={disabled}
          required={required}
          error={shownError ? true : undefined}
          placeholder={L.PHONE_NUMBER}
        />
      </Group>
    </Input.Wrapper>
  );
}
