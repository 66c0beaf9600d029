import { describe, expect, it } from 'vitest';
import {
  isFailedMailState,
  MAIL_STATES,
  mailStateLabel,
} from '../../../src/domain/todos/mailStates';

const rows = [
  ['received', '已接收'],
  ['send', '待发送'],
  ['retry_send', '重新发送'],
  ['send_success', '发送成功'],
  ['send_fail', '发送失败'],
  ['partial_fail', '部分发送失败'],
  ['delete', '已删除'],
  ['draft', '草稿'],
  ['outgoing', '发送中'],
  ['junk', '垃圾邮件'],
] as const;

describe('mailStateLabel', () => {
  it.each(rows)('%s is %s', (code, label) => expect(mailStateLabel(code)).toBe(label));

  it('covers every mail state exactly once', () => {
    expect(rows.map(([c]) => c).sort()).toEqual([...MAIL_STATES].sort());
  });

  it('shows an unknown code as it is', () => expect(mailStateLabel('archived')).toBe('archived'));
});

describe('isFailedMailState', () => {
  it.each([
    ['send_fail', true],
    ['partial_fail', true],
    ['send_success', false],
    ['outgoing', false],
    ['received', false],
    ['archived', false],
    [null, false],
  ] as const)('%s → %s', (code, failed) => expect(isFailedMailState(code)).toBe(failed));
});
