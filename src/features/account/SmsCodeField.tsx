// The SMS verification code with its send button (password reset, registration): the button
// says 获取验证码, then counts the 60 s resend lock down (resendButtonLabel).
import { Button, Group, TextInput } from '@mantine/core';
import type { ChangeEventHandler } from 'react';
import { resendButtonLabel } from '../../domain/account/password';

export function SmsCodeField({
  label,
  value,
  onChange,
  error,
  onSend,
  canSend,
  sending,
  secondsLeft,
}: {
  label: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  error: string | undefined;
  onSend(): void;
  /** Whether a code may be asked for now, the resend lock aside. */
  canSend: boolean;
  sending: boolean;
  secondsLeft: number;
}) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <TextInput
        label={label}
        style={{ flex: 1 }}
        value={value}
        onChange={onChange}
        error={error}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
      />
      <Button
        mt={25}
        variant="light"
        miw={130}
        onClick={onSend}
        disabled={!canSend || secondsLeft > 0}
        loading={sending}
      >
        {resendButtonLabel(secondsLeft)}
      </Button>
    </Group>
  );
}
