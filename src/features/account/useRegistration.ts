// The registration page's calls (docs/decisions.md "Registration"): a fresh image code, the SMS
// code (the server checks and spends the image code first), and the request itself. Failures show
// the server's message (the API client does that); a spent or wrong image code brings a new one.
import { notifications } from '@mantine/notifications';
import { useCallback, useEffect, useState } from 'react';
import { useApi } from '../../app/api/useApi';
import { ACCOUNT_MESSAGES } from '../../domain/account/messages';
import {
  codeSentSchema,
  type ImageCode,
  imageCodeSchema,
  REGISTRATION_IMAGE_CODE_PATH,
  REGISTRATION_SMS_CODE_PATH,
  REGISTRATIONS_PATH,
  registrationSchema,
} from './accountApi';
import { useCountdown } from './useCountdown';

export function useRegistration() {
  const api = useApi();
  const countdown = useCountdown();
  const [imageCode, setImageCode] = useState<ImageCode | null>(null);
  const [smsSent, setSmsSent] = useState(false);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const refreshImage = useCallback(async () => {
    try {
      setImageCode(await api.get(REGISTRATION_IMAGE_CODE_PATH, { schema: imageCodeSchema }));
    } catch {
      setImageCode(null);
    }
  }, [api]);

  useEffect(() => {
    void refreshImage();
  }, [refreshImage]);

  /** True when the code was sent; the image code is spent either way, so a new one is drawn. */
  async function sendCode(mobile: string, answer: string): Promise<boolean> {
    if (!imageCode || sending || countdown.secondsLeft > 0) return false;
    setSending(true);
    try {
      await api.post(REGISTRATION_SMS_CODE_PATH, {
        body: { mobile, image_code_id: imageCode.id, image_code: answer.trim() },
        schema: codeSentSchema,
      });
      countdown.start();
      setSmsSent(true);
      notifications.show({ color: 'teal', message: ACCOUNT_MESSAGES.CODE_SENT });
      return true;
    } catch {
      return false;
    } finally {
      setSending(false);
      void refreshImage();
    }
  }

  async function submit(form: { name: string; mobile: string; smsCode: string }) {
    setSubmitting(true);
    try {
      await api.post(REGISTRATIONS_PATH, {
        body: { name: form.name.trim(), mobile: form.mobile, verify_code: form.smsCode.trim() },
        schema: registrationSchema,
      });
      return true;
    } catch {
      return false;
    } finally {
      setSubmitting(false);
    }
  }

  return {
    imageCode,
    refreshImage,
    sendCode,
    submit,
    smsSent,
    sending,
    submitting,
    secondsLeft: countdown.secondsLeft,
  };
}
