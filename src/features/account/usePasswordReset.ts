// The password-reset dialog's calls (settings-messaging-shared §5 "Password reset", §7): the SMS
// code to the account's mobile (验证码已发送, then the 60 s lock) and the new password
// (密码修改成功). A refusal shows the server's message (the API client does that).
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ACCOUNT_MESSAGES } from '../../domain/account/messages';
import { useApi } from '../../platform/api/useApi';
import { accountIdSchema, codeSentSchema, SMS_CODE_PATH, usersPath } from './accountApi';
import { useCountdown } from './useCountdown';

export function usePasswordReset(accountId: number, mobile: string | null) {
  const api = useApi();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);
  const [saving, setSaving] = useState(false);

  async function sendCode(): Promise<boolean> {
    if (!mobile || sending || countdown.secondsLeft > 0) return false;
    setSending(true);
    try {
      await api.get(SMS_CODE_PATH, { query: { mobile }, schema: codeSentSchema });
      countdown.start();
      notifications.show({ color: 'teal', message: ACCOUNT_MESSAGES.CODE_SENT });
      return true;
    } catch {
      return false;
    } finally {
      setSending(false);
    }
  }

  async function changePassword(verifyCode: string, newPassword: string): Promise<boolean> {
    setSaving(true);
    try {
      await api.put(`${usersPath(accountId)}/passwords`, {
        body: { verify_code: verifyCode.trim(), new_password: newPassword },
        schema: accountIdSchema,
      });
      notifications.show({ color: 'teal', message: ACCOUNT_MESSAGES.PASSWORD_CHANGED });
      countdown.reset();
      return true;
    } catch {
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { sendCode, changePassword, sending, saving, secondsLeft: countdown.secondsLeft };
}
