// Who may edit, delete or file a mail, and retract a message (src/domain/todos/mails.ts): the
// rules the inbox and the chat offer their actions by and the server refuses by.
import { describe, expect, it } from 'vitest';
import {
  canDeleteMail,
  canDeleteMessage,
  canEditMail,
  canSetMailState,
  checkMailSubject,
  MAIL_MESSAGES,
  MAIL_SUBJECT_MAX,
} from '../../../src/domain/todos/mails';

const mail = (extra: Record<string, unknown> = {}) => ({
  type: 'MAIL',
  mail_state: 'draft',
  from_company_id: 1,
  from_contacts_id: 10,
  to_company_id: 2,
  ...extra,
});

describe('mail rules', () => {
  it('lets the writing company edit and delete its drafts only', () => {
    expect(canEditMail(mail(), 1)).toBe(true);
    expect(canDeleteMail(mail(), 1)).toBe(true);
    expect(canEditMail(mail(), 2)).toBe(false);
    expect(canEditMail(mail({ mail_state: 'send' }), 1)).toBe(false);
    expect(canDeleteMail(mail({ mail_state: 'junk' }), 1)).toBe(false);
    expect(canEditMail(mail({ type: 'MESSAGE' }), 1)).toBe(false);
  });

  it('lets either party file a mail under a state, nobody else', () => {
    expect(canSetMailState(mail(), 1)).toBe(true);
    expect(canSetMailState(mail(), 2)).toBe(true);
    expect(canSetMailState(mail(), 3)).toBe(false);
    expect(canSetMailState(mail({ type: 'MESSAGE' }), 1)).toBe(false);
  });

  it('lets only the writer retract a message, as the company it was sent from', () => {
    const message = mail({ type: 'MESSAGE', mail_state: null });
    expect(canDeleteMessage(message, { companyId: 1, contactId: 10 })).toBe(true);
    expect(canDeleteMessage(message, { companyId: 1, contactId: 11 })).toBe(false);
    expect(canDeleteMessage(message, { companyId: 2, contactId: 10 })).toBe(false);
    expect(canDeleteMessage(message, { companyId: 1, contactId: null })).toBe(false);
    expect(canDeleteMessage(mail(), { companyId: 1, contactId: 10 })).toBe(false);
  });

  it('trims the text and refuses an empty or too long one', () => {
    expect(checkMailSubject('  盘点  ')).toEqual({ ok: true, subject: '盘点' });
    expect(checkMailSubject('   ')).toEqual({ ok: false, message: MAIL_MESSAGES.SUBJECT_REQUIRED });
    expect(checkMailSubject('字'.repeat(MAIL_SUBJECT_MAX + 1))).toEqual({
      ok: false,
      message: MAIL_MESSAGES.SUBJECT_TOO_LONG,
    });
  });
});
