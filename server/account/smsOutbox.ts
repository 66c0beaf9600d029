// The SMS "outbox" of the embedded setup: no SMS is ever sent. Each message is written to the
// server log at warn level (so it shows even with LOG_LEVEL=warn) with the stable prefix
// `SMS outbox`, and, when SMS_OUTBOX_FILE names a file, appended to it as one JSON line. A
// developer reads verification codes there (README "Verification codes (SMS)"); the e2e suite
// reads the file. Only that file (never the log) also gets the answers of the registration's
// image codes, so automated tests can register: set it for test runs only.
import { appendFile } from 'node:fs/promises';
import type { CodePurpose } from '../db/schema/index';

export const SMS_OUTBOX_PREFIX = 'SMS outbox';

export type SmsPurpose = CodePurpose | 'REGISTER_APPROVED';

export interface SmsMessage {
  mobile: string;
  purpose: SmsPurpose;
  /** What the SMS would say. */
  text: string;
  /** The verification code, for codes (read by tests and developers without parsing text). */
  code?: string;
}

export interface SmsLog {
  warn(object: Record<string, unknown>, message: string): void;
}

export type SmsOutbox = (message: SmsMessage) => Promise<void>;

/** `file`: the server config's `smsOutboxFile` (SMS_OUTBOX_FILE). */
export function createSmsOutbox(log: SmsLog, file: string | null): SmsOutbox {
  return async (message) => {
    log.warn(
      { sms: { mobile: message.mobile, purpose: message.purpose, code: message.code ?? null } },
      `${SMS_OUTBOX_PREFIX} (not sent): to ${message.mobile}: ${message.text}`,
    );
    if (!file) return;
    const line = JSON.stringify({ at: new Date().toISOString(), ...message });
    try {
      await appendFile(file, `${line}\n`, 'utf8');
    } catch (error) {
      // The log line above already carries the message; a missing folder must not fail the call.
      log.warn({ err: error, file }, `${SMS_OUTBOX_PREFIX}: could not append to the file`);
    }
  };
}

export const smsText = {
  code: (code: string, minutes: number) =>
    `【德采】您的验证码是 ${code}，${minutes}分钟内有效，请勿告诉他人。`,
  approved: (username: string, password: string) =>
    `【德采】您的注册申请已通过。登录账号 ${username}，初始密码 ${password}，请登录后在个人中心修改密码。`,
};

/** Appends an image code's answer to the outbox file; null when no file is set (the usual case). */
export function imageCodeRecorder(
  file: string | null,
): ((id: string, answer: string) => Promise<void>) | null {
  if (!file) return null;
  return async (id, answer) => {
    const line = JSON.stringify({ at: new Date().toISOString(), kind: 'IMAGE_CODE', id, answer });
    await appendFile(file, `${line}\n`, 'utf8').catch(() => undefined);
  };
}
