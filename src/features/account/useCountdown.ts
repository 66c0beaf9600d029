// The resend lock of a verification code (settings-messaging-shared §5 "The resend-code button is
// locked for 60 seconds with a countdown"): seconds left since the last send, ticking each second.
import { useEffect, useState } from 'react';
import { resendSecondsLeft } from '../../domain/account/password';

export function useCountdown(): { secondsLeft: number; start(): void; reset(): void } {
  const [sentAt, setSentAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const secondsLeft = resendSecondsLeft(sentAt, now);

  useEffect(() => {
    if (sentAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [sentAt]);

  useEffect(() => {
    if (sentAt !== null && secondsLeft === 0) setSentAt(null);
  }, [sentAt, secondsLeft]);

  return {
    secondsLeft,
    start: () => {
      const at = Date.now();
      setNow(at);
      setSentAt(at);
    },
    reset: () => setSentAt(null),
  };
}
