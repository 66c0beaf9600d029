// The registration page's calls (docs/decisions.md "Registration"): a fresh human check (a
// proof-of-work challenge the page solves in a worker), the SMS code (the server checks and spends
// the check's answer first), and the request itself. Failures show the server's message (the API
// client does that); every code request solves a new challenge.
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { APP_ROUTES } from '../../contract/api/routes';
import { ACCOUNT_MESSAGES } from '../../domain/account/messages';
import { useApi } from '../../platform/api/useApi';
import { solveHumanCheck } from './humanCheck';
import { useCountdown } from './useCountdown';

export function useRegistration() {
  const api = useApi();
  const countdown = useCountdown();
  const [smsSent, setSmsSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  /** True when the code was sent. The human check runs first, on a fresh challenge each time. */
  async function sendCode(mobile: string): Promise<boolean> {
    if (sending || countdown.secondsLeft > 0) return false;
    setSending(true);
    try {
      const check = await api.call(APP_ROUTES.registrationImageCode);
      const answer = await solveHumanCheck(check.challenge);
      if (answer === null) {
        notifications.show({ color: 'red', message: ACCOUNT_MESSAGES.HUMAN_CHECK_FAILED });
        return false;
      }
      await api.call(APP_ROUTES.registrationSmsCode, {
        body: { mobile, image_code_id: check.id, image_code: answer },
      });
      countdown.start();
      setSmsSent(true);
      notifications.show({ color: 'teal', message: ACCOUNT_MESSAGES.CODE_SENT });
      return true;
    } catch {
      return false;
    } finally {
      setSending(false);
    }
  }

  async function submit(form: { name: string; mobile: string; smsCode: string }) {
    setSubmitting(true);
    try {
      await api.call(APP_ROUTES.register, {
        body: { name: form.name.trim(), mobile: form.mobile, verify_code: form.smsCode.trim() },
      });
      return true;
    } catch {
      return false;
    } finally {
      setSubmitting(false);
    }
  }

  return {
    sendCode,
    submit,
    smsSent,
    sending,
    submitting,
    secondsLeft: countdown.secondsLeft,
  };
}
