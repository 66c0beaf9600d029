// The reset-password dialog (settings-messaging-shared §2 "Personal centre", §5 "Password reset"):
// the SMS code to the account's mobile with the 60 s resend lock and countdown, the new password
// and its confirmation with the spec's messages, success 密码修改成功.
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { displayMobile, ACCOUNT_LABELS as L } from '../../domain/account/labels';
import { ACCOUNT_MESSAGES } from '../../domain/account/messages';
import { type PasswordResetForm, validatePasswordReset } from '../../domain/account/password';
import { SmsCodeField } from './SmsCodeField';
import { usePasswordReset } from './usePasswordReset';

const EMPTY: PasswordResetForm = { verifyCode: '', newPassword: '', confirmPassword: '' };

export interface PasswordResetDialogProps {
  opened: boolean;
  onClose(): void;
  accountId: number;
  mobile: string | null;
}

export function PasswordResetDialog({
  opened,
  onClose,
  accountId,
  mobile,
}: PasswordResetDialogProps) {
  const reset = usePasswordReset(accountId, mobile);
  const [form, setForm] = useState<PasswordResetForm>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof PasswordResetForm, string>>>({});

  const set = (key: keyof PasswordResetForm) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const close = () => {
    setForm(EMPTY);
    setErrors({});
    onClose();
  };
  const submit = async () => {
    const found = validatePasswordReset(form);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (await reset.changePassword(form.verifyCode, form.newPassword)) close();
  };

  return (
    <Modal opened={opened} onClose={close} title={L.RESET_PASSWORD} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {mobile ? `${L.CODE_SENT_TO} ${displayMobile(mobile)}` : ACCOUNT_MESSAGES.NO_MOBILE}
          </Text>
          <SmsCodeField
            label={L.VERIFY_CODE}
            value={form.verifyCode}
            onChange={set('verifyCode')}
            error={errors.verifyCode}
            onSend={() => void reset.sendCode()}
            canSend={Boolean(mobile)}
            sending={reset.sending}
            secondsLeft={reset.secondsLeft}
          />
          <PasswordInput
            label={L.NEW_PASSWORD}
            value={form.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
            autoComplete="new-password"
            required
          />
          <PasswordInput
            label={L.CONFIRM_PASSWORD}
            value={form.confirmPassword}
            onChange={set('confirmPassword')}
            error={errors.confirmPassword}
            autoComplete="new-password"
            required
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {L.CANCEL}
            </Button>
            <Button type="submit" loading={reset.saving}>
              {L.SUBMIT}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
