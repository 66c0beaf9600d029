// Shared by the account route tests: an SMS outbox file per test file (the server config's
// `smsOutboxFile`) and reading the codes "sent" to a mobile.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export { multipart } from '../../support/multipart';

export interface OutboxLine {
  mobile: string;
  purpose: string;
  text: string;
  code?: string;
}

/** A fresh file for the server's SMS outbox (`smsOutboxFile` of its config). */
export function newOutboxFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'sms-outbox-')), 'outbox.jsonl');
}

export function outboxLines(file: string): OutboxLine[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** The newest message to `mobile` (of `purpose`, when given). */
export function lastSms(file: string, mobile: string, purpose?: string): OutboxLine | undefined {
  return outboxLines(file)
    .filter((line) => line.mobile === mobile && (purpose === undefined || line.purpose === purpose))
    .at(-1);
}

/** A minimal PNG (1×1), as the crop dialog's output would start. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);
