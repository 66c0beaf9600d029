// The pending-changes view's words for the mail and message-delete entries: what the change is
// and which mail or message it is about, a mail written offline named by its text.
import { describe, expect, it } from 'vitest';
import { entryView } from '../../../src/features/sync/entryView';
import { entry } from '../../sync/core/fixtures';
import {
  mailCreate,
  mailDelete,
  mailState,
  mailUpdate,
  messageDelete,
} from '../../sync/core/mailFixtures';

describe('entryView of mails and message retraction', () => {
  it.each([
    [
      'a new mail',
      mailCreate(-6, { subject: `  ${'长'.repeat(45)}  ` }),
      '写邮件',
      `${'长'.repeat(40)}…`,
    ],
    ['an edit', mailUpdate(6), '编辑邮件', '下周三盘点'],
    ['a state', mailState(6, 'junk'), '更改邮件状态：垃圾邮件', '邮件 #6'],
    ['a draft deleted', mailDelete(-6), '删除邮件草稿', '邮件 新建（未同步）'],
    ['a message retracted', messageDelete(40), '删除消息', '消息 #40'],
  ])('%s', (_name, mutation, title, subject) => {
    expect(entryView(entry(1, mutation))).toMatchObject({ title, subject, state: 'waiting' });
  });
});
