import { describe, expect, it } from 'vitest';
import {
  addAttachments,
  canAddProductAttachment,
  canSend,
  dueForReading,
  FALLBACK_TARGET_COMPANY_ID,
  MAX_MESSAGE_PRODUCT_ATTACHMENTS,
  messageRecipient,
  outgoingSubject,
  panelThreads,
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

describe('outgoingSubject: what is sent and what the server stores', () => {
  const mine = [10, 20];
  it.each([
    ['  请发报价 \n', 500, '王经理', '@王经理 请发报价'],
    ['请发报价', 10, '同事', '请发报价'],
    ['  ', 500, '王经理', '@王经理'],
    ['', 9428, '', ''],
    ['第一行\n第二行', 500, '王经理', '@王经理 第一行\n第二行'],
  ] as const)('%j to company %s (%s) → %j', (text, companyId, contactName, expected) => {
    expect(outgoingSubject(text, { companyId, contactName }, mine)).toBe(expected);
  });
});

describe('panelThreads: at most two records', () => {
  const order = { module: 'ORDER', moduleId: 7 } as const;
  const sheet = { module: 'INQUERY_QUOTATION_SHEET', moduleId: 3 } as const;
  it('the record and its linked record, the record first', () => {
    expect(panelThreads(order, sheet)).toEqual([order, sheet]);
  });
  it('the record alone when nothing is linked', () => {
    expect(panelThreads(sheet, null)).toEqual([sheet]);
  });
  it('a link to the record itself counts once', () => {
    expect(panelThreads(order, { module: 'ORDER', moduleId: 7 })).toEqual([order]);
  });
  it('the same id in the other module is another record', () => {
    expect(panelThreads(order, { module: 'INQUERY_QUOTATION_SHEET', moduleId: 7 })).toHaveLength(2);
  });
});

describe('addAttachments: size, repeats, at most five', () => {
  const file = (name: string, size = 1000) => ({ name, size, type: 'application/pdf' });
  const MB = 1024 * 1024;

  it('adds several files in the order chosen', () => {
    const result = addAttachments([file('a.pdf')], [file('b.pdf'), file('c.pdf')]);
    expect(result.list.map((f) => f.name)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
    expect(result.refusals).toEqual([]);
  });

  it('refuses a file of 20 MB or more, keeping the others', () => {
    const result = addAttachments([], [file('big.zip', 20 * MB), file('ok.pdf', 20 * MB - 1)]);
    expect(result.list.map((f) => f.name)).toEqual(['ok.pdf']);
    expect(result.refusals).toEqual(['上传文件大小不能超过 20MB!']);
  });

  it('refuses a name already in the list, naming its position', () => {
    const result = addAttachments([file('a.pdf'), file('b.pdf')], [file('b.pdf')]);
    expect(result.list).toHaveLength(2);
    expect(result.refusals).toEqual(['该文件已经存在,第2个文件为该文件']);
  });

  it('refuses the same name twice in one choice', () => {
    const result = addAttachments([], [file('a.pdf'), file('a.pdf')]);
    expect(result.list).toHaveLength(1);
    expect(result.refusals).toEqual(['该文件已经存在,第1个文件为该文件']);
  });

  it('keeps the first five and says so once', () => {
    const chosen = ['1', '2', '3', '4', '5', '6', '7'].map((n) => file(`${n}.pdf`));
    const result = addAttachments([], chosen);
    expect(result.list.map((f) => f.name)).toEqual(['1.pdf', '2.pdf', '3.pdf', '4.pdf', '5.pdf']);
    expect(result.refusals).toEqual(['上传的文件数量限制为5']);
  });

  it('does not change the list it was given', () => {
    const current = [file('a.pdf')];
    addAttachments(current, [file('b.pdf')]);
    expect(current).toHaveLength(1);
  });
});

describe('dueForReading: five seconds after a message is first shown', () => {
  it('nothing shown, nothing due', () => {
    expect(dueForReading(new Map(), 0)).toEqual({ due: [], nextAt: null });
  });

  it('what was there at opening is due 5 s after it', () => {
    const shown = new Map([
      [1, 1000],
      [2, 1000],
    ]);
    expect(dueForReading(shown, 5999)).toEqual({ due: [], nextAt: 6000 });
    expect(dueForReading(shown, 6000)).toEqual({ due: [1, 2], nextAt: null });
  });

  it('one that came later waits its own 5 s', () => {
    const shown = new Map([
      [1, 1000],
      [2, 4000],
    ]);
    expect(dueForReading(shown, 6500)).toEqual({ due: [1], nextAt: 9000 });
  });
});

describe('messageRecipient: the default contact, else the fallback company', () => {
  const contact = { id: 31, name: '陈志明', companyId: 77, companyName: '德采工业品' };
  it('the contact in its company', () => {
    expect(messageRecipient(contact)).toEqual({
      companyId: 77,
      companyName: '德采工业品',
      contactId: 31,
      contactName: '陈志明',
    });
  });
  it.each([
    ['no contact', null],
    ['a contact whose company is not known', { ...contact, companyId: null }],
  ])('%s: the fallback company, nobody named', (_name, given) => {
    expect(messageRecipient(given)).toEqual({
      companyId: 9428,
      companyName: null,
      contactId: null,
      contactName: null,
    });
  });
});
