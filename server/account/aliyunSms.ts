// Alibaba Cloud SMS (短信服务, dysmsapi SendSms, API version 2017-05-25), the provider most
// Chinese companies already have: SMS_PROVIDER=aliyun with an AccessKey, an approved signature
// (签名) and one approved template per kind of message (server/account/smsOutbox.ts
// SmsTemplate). Requests are signed with Alibaba's RPC signature (HMAC-SHA1 over the sorted,
// percent-encoded query), checked against Alibaba's documented example in the tests. A refused
// message (any Code but OK) is an error: the caller answers 503 and the user asks again.
import { createHmac, randomUUID } from 'node:crypto';
import type { AliyunSmsSettings } from '../config';
import type { SmsMessage, SmsProvider } from './smsOutbox';

/** RFC 3986 as Alibaba reads it: only A–Z a–z 0–9 - _ . ~ stay as they are. */
export function aliyunPercentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The sorted, encoded query the signature covers (and the request sends). */
export function aliyunCanonicalQuery(params: Readonly<Record<string, string>>): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${aliyunPercentEncode(key)}=${aliyunPercentEncode(params[key] ?? '')}`)
    .join('&');
}

/** Alibaba's RPC signature of a GET request: Base64(HMAC-SHA1(secret + "&", StringToSign)). */
export function aliyunSignature(params: Readonly<Record<string, string>>, secret: string): string {
  const toSign = `GET&${aliyunPercentEncode('/')}&${aliyunPercentEncode(aliyunCanonicalQuery(params))}`;
  return createHmac('sha1', `${secret}&`).update(toSign).digest('base64');
}

/** 2026-01-15T08:30:00Z: UTC to the second, as the API wants its Timestamp. */
const timestamp = (now: Date) => now.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** The signed SendSms request's URL for one message. */
export function sendSmsUrl(
  settings: AliyunSmsSettings,
  message: SmsMessage,
  now = new Date(),
  nonce: string = randomUUID(),
): string {
  const params: Record<string, string> = {
    AccessKeyId: settings.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: message.mobile,
    RegionId: 'cn-hangzhou',
    SignName: settings.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    TemplateCode: settings.templates[message.template],
    Timestamp: timestamp(now),
    Version: '2017-05-25',
  };
  if (Object.keys(message.params).length > 0) {
    params.TemplateParam = JSON.stringify(message.params);
  }
  const signature = aliyunSignature(params, settings.accessKeySecret);
  return `${settings.endpoint}?Signature=${aliyunPercentEncode(signature)}&${aliyunCanonicalQuery(params)}`;
}

export class SmsProviderError extends Error {
  override readonly name = 'SmsProviderError';
}

export function aliyunSmsProvider(
  settings: AliyunSmsSettings,
  fetchFn: typeof fetch = fetch,
): SmsProvider {
  return async (message) => {
    const response = await fetchFn(sendSmsUrl(settings, message), {
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => {
      throw new SmsProviderError(`Aliyun SMS did not answer: ${String(error)}`);
    });
    const body = (await response.json().catch(() => null)) as {
      Code?: string;
      Message?: string;
      RequestId?: string;
    } | null;
    if (!response.ok || body?.Code !== 'OK') {
      throw new SmsProviderError(
        `Aliyun SMS refused ${message.template}: HTTP ${response.status} ${body?.Code ?? ''} ${body?.Message ?? ''} (RequestId ${body?.RequestId ?? '-'})`,
      );
    }
  };
}
