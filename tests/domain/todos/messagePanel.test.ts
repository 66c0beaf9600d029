import { describe, expect, it } from 'vitest';
import {
  canAddProductAttachment,
  canSend,
  FALLBACK_TARGET_COMPANY_ID,
  MAX_MESSAGE_PRODUCT_ATTACHMENTS,
  prefixSubject,
  targetCompanyId,
  validateSendContent,
} from '../../../src/domain/todos/messagePanel';

const EMPTY = '消息为空或者上传文件为空时,不能发送消息！';

describe('sending', () => {
  it.each([
    ['', [], false, EMPTY, false],
    ['   \n ', [], false, EMPTY, false],
    ['你好', [], false, null, true],
    ['', ['a.pdf'], false, null, true],
    [' ', ['a.pdf'], false, null, true],
    ['你好', [], true, null, false],
    ['', [], true, EMPTY, false],
  ] as const)('text %j, files %j, sending %s', (text, attachments, sending, message, ok) => {
    expect(validateSendContent({ text, attachments })).toBe(message);
    expect(canSend({ text, attachments, sending })).toBe(ok);
  });
});

describe('prefixSubject', () => {
  const mine = [10, 20];
  it.each([
    ['请发报价', 500, '王经理', '@王经理 请发报价'],
    ['@王经理 请发报价', 500, '王经理', '@王经理 请发报价'],
    ['问一下 @李 价格', 500, '王经理', '问一下 @李 价格'],
    ['请发报价', 10, '同事', '请发报价'],
    ['请发报价', 20, '同事', '请发报价'],
    ['', 500, '王经理', '@王经理 '],
    ['请发报价', null, '王经理', '@王经理 请发报价'],
    ['请发报价', 500, '', '请发报价'],
  ] as const)('%j from company %s (%s)', (subject, companyId, contactName, expected) => {
    expect(prefixSubject(subject, { companyId, contactName }, mine)).toBe(expected);
  });
});

describe('targetCompanyId', () => {
  it.each([
    [{ company_id: 77 }, 77],
    [{ company_id: null }, 9428],
    [{}, 9428],
    [null, 9428],
    [undefined, 9428],
  ])('contact %j → %s', (contact, expected) => {
    expect(targetCompanyId(contact)).toBe(expected);
  });

  it('takes the fallback as a parameter', () => {
    expect(targetCompanyId(null, 1234)).toBe(1234);
    expect(FALLBACK_TARGET_COMPANY_ID).toBe(9428);
  });
});

describe('product attachments in the message input', () => {
  it.each([
    [0, true],
    [4, true],
    [5, false],
    [6, false],
  ])('%s already attached → may add: %s', (count, ok) => {
    expect(canAddProductAttachment(count)).toBe(ok);
  });

  it('limit is 5', () => expect(MAX_MESSAGE_PRODUCT_ATTACHMENTS).toBe(5));
});
