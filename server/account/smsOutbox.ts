// The SMS "outbox" of the embedded setup: no SMS is ever sent. Outside production each message
// is written to the server log at warn level (so it shows even with LOG_LEVEL=warn) with the
// stable prefix `SMS outbox`, code and text included: that is how `npm start` shows the demo's
// codes. In production (NODE_ENV=production) the log gets only the purpose and a masked mobile,
// at info: codes and initial passwords never reach the log there (security review L4). When
// SMS_OUTBOX_FILE names a file, each message is also appended to it as one JSON line; the e2e
// suite reads it. Only that file (never the log) also gets the answers of the registration's
// image codes, so automated tests can register: set it for test runs only. With a provider
// (SMS_PROVIDER, server/account/aliyunSms.ts) each message is sent, then logged masked.
import { appendFile } from 'node:fs/promises';
import { ACCOUNT_MESSAGES } from '../../src/domain/account/messages';
import type { SmsTemplateKind } from '../config';
import type { CodePurpose } from '../db/schema/index';
import { HttpError } from '../http/httpError';

export const SMS_OUTBOX_PREFIX = 'SMS outbox';

/** REGISTER_NOTICE: a registration code asked for a mobile that has an account or a request. */
export type SmsPurpose = CodePurpose | 'REGISTER_APPROVED' | 'REGISTER_NOTICE';

/**
 * Which of the provider's approved templates a message is (providers in China send only
 * templates registered with them, filled with `params`): a code, the two notices a registration
 * code request may get instead, and the approval with the initial password.
 */
export type SmsTemplate = SmsTemplateKind;

export interface SmsMessage {
  mobile: string;
  purpose: SmsPurpose;
  /** What the SMS would say. */
  text: string;
  /** The verification code, for codes (read by tests and developers without parsing text). */
  code?: string;
  template: SmsTemplate;
  /** The template's parameters: what `text` says, in the provider's template. */
  params: Readonly<Record<string, string>>;
}

/** A provider that delivers a message (server/account/aliyunSms.ts); throws when it cannot. */
export type SmsProvider = (message: SmsMessage) => Promise<void>;

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
  { revealSecrets, provider }: { revealSecrets: boolean; provider?: SmsProvider | null },
): SmsOutbox {
  return async (message) => {
    if (provider) {
      try {
        await provider(message);
      } catch (error) {
        // The reason for the operator, never the text (a code, a password); a 503 for the user.
        log.warn(
          {
            sms: { mobile: maskMobile(message.mobile), purpose: message.purpose },
            err: String(error),
          },
          `SMS not sent: ${message.purpose} to ${maskMobile(message.mobile)}`,
        );
        throw new HttpError(503, 'SMS_UNAVAILABLE', ACCOUNT_MESSAGES.SMS_UNAVAILABLE);
      }
      log.info(
        { sms: { mobile: maskMobile(message.mobile), purpose: message.purpose } },
        `SMS sent: ${message.purpose} to ${maskMobile(message.mobile)}`,
      );
      if (file) await appendLine(log, file, message);
      return;
    }
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
    if (file) await appendLine(log, file, message);
  };
}

async function appendLine(log: SmsLog, file: string, message: SmsMessage): Promise<void> {
  const line = JSON.stringify({ at: new Date().toISOString(), ...message });
  try {
    await appendFile(file, `${line}\n`, 'utf8');
  } catch (error) {
    // The log line already carries the message; a missing folder must not fail the call.
    log.warn({ err: error, file }, `${SMS_OUTBOX_PREFIX}: could not append to the file`);
  }
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

/** Each message the server sends: its purpose, text, template and the template's parameters. */
export const smsMessages = {
  code: (mobile: string, purpose: CodePurpose, code: string, minutes: number): SmsMessage => ({
    mobile,
    purpose,
    code,
    text: smsText.code(code, minutes),
    template: 'CODE',
    params: { code, minutes: String(minutes) },
  }),
  accountExists: (mobile: string): SmsMessage => ({
    mobile,
    purpose: 'REGISTER_NOTICE',
    text: smsText.registered(),
    template: 'ACCOUNT_EXISTS',
    params: {},
  }),
  requestPending: (mobile: string): SmsMessage => ({
    mobile,
    purpose: 'REGISTER_NOTICE',
    text: smsText.pending(),
    template: 'REQUEST_PENDING',
    params: {},
  }),
  approved: (mobile: string, username: string, password: string): SmsMessage => ({
    mobile,
    purpose: 'REGISTER_APPROVED',
    text: smsText.approved(username, password),
    template: 'APPROVED',
    params: { username, password },
  }),
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
