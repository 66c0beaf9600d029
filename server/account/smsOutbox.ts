// The SMS "outbox" of the embedded setup: no SMS is ever sent. Outside production each message
// is written to the server log at warn level (so it shows even with LOG_LEVEL=warn) with the
// stable prefix `SMS outbox`, code and text included: that is how `npm start` shows the demo's
// codes. In production (NODE_ENV=production) the log gets only the purpose and a masked mobile,
// at info: codes and initial passwords never reach the log there (security review L4). When
// SMS_OUTBOX_FILE names a file, each message is also appended to it as one JSON line; the e2e
// suite reads it. Only that file (never the log) also gets the answers of the registration's
// image codes, so automated tests can register: set it for test runs only.
import { appendFile } from 'node:fs/promises';
import type { CodePurpose } from '../db/schema/index';

export const SMS_OUTBOX_PREFIX = 'SMS outbox';

/** REGISTER_NOTICE: a registration code asked for a mobile that has an account or a request. */
export type SmsPurpose = CodePurpose | 'REGISTER_APPROVED' | 'REGISTER_NOTICE';

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
  info(object: Record<string, unknown>, message: string): void;
}

export type SmsOutbox = (message: SmsMessage) => Promise<void>;

/** 13812345678 → 138****5678: enough to tell messages apart in a log, not to dial. */
export function maskMobile(mobile: string): string {
  return mobile.length >= 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : '****';
}

/**
 * `file`: the server config's `smsOutboxFile` (SMS_OUTBOX_FILE). `revealSecrets`: write codes and
 * texts (initial passwords) to the log; false in production.
 */
export function createSmsOutbox(
  log: SmsLog,
  file: string | null,
  { revealSecrets }: { revealSecrets: boolean },
): SmsOutbox {
  return async (message) => {
    if (revealSecrets) {
      log.warn(
        { sms: { mobile: message.mobile, purpose: message.purpose, code: message.code ?? null } },
        `${SMS_OUTBOX_PREFIX} (not sent): to ${message.mobile}: ${message.text}`,
      );
    } else {
      const to = maskMobile(message.mobile);
      log.info(
        { sms: { mobile: to, purpose: message.purpose } },
        `${SMS_OUTBOX_PREFIX} (not sent): ${message.purpose} to ${to}`,
      );
    }
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
  /** Instead of a registration code: the mobile already has an account (security review M11). */
  registered: () =>
    '【德采】有人用您的手机号申请注册，该手机号已注册，请直接登录；忘记密码可在登录后于个人中心重置。如非本人操作，请忽略本短信。',
  /** Instead of a registration code: a request for the mobile waits for approval. */
  pending: () =>
    '【德采】有人用您的手机号申请注册，该手机号的注册申请正在审核中，审核通过后将以短信通知您登录账号。如非本人操作，请忽略本短信。',
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
