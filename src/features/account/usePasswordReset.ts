// The password-reset dialog's calls (settings-messaging-shared §5 "Password reset", §7): the SMS
// code to the account's mobile (验证码已发送, then the 60 s lock) and the new password
// (密码修改成功). A refusal shows the server's message (the API client does that).
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { APP_ROUTES } from '../../contract/api/routes';
import { ACCOUNT_MESSAGES } from '../../domain/account/messages';
import { useApi } from '../../platform/api/useApi';
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
      await api.call(APP_ROUTES.smsCode, { query: { mobile } });
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
      await api.call(APP_ROUTES.changePassword, {
        params: { accountId },
        body: { verify_code: verifyCode.trim(), new_password: newPassword },
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
