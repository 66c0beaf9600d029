import { describe, expect, it } from 'vitest';
import {
  type DraftLine,
  needsDeleteConfirmation,
  newDraftLine,
  productEntryReducer,
  productSearchCheck,
  validateBrandName,
  validateCancelReason,
  validateLineAttachment,
  validateLineRemoval,
  validateProductEntryText,
  validateProductLines,
  validateQuantity,
} from '../../../src/domain/purchase/validation';

const MB = 1024 * 1024;

describe('validateBrandName', () => {
  it.each([
    ['', '品牌名不能为空'],
    ['   ', '品牌名不能为空'],
    [null, '品牌名不能为空'],
    [undefined, '品牌名不能为空'],
    ['ABB', null],
    [' 西门子 ', null],
  ])('%j → %j', (name, expected) => {
    expect(validateBrandName(name)).toBe(expected);
  });
});

describe('validateProductLines', () => {
  const required = '产品型号、订货号不能全部为空';
  const rows: [string, DraftLine[], string | null][] = [
    ['no lines', [], required],
    [
      'only blank lines',
      [newDraftLine(), { product_type: '  ', product_article_no: '' }],
      required,
    ],
    ['parameters only', [{ short_description: '24V' }], required],
    ['a model', [newDraftLine(), { product_type: '6ES7' }], null],
    ['an order number', [{ product_article_no: '123-456' }], null],
    ['a saved line', [{ id: 55, product_type: '' }], null],
    ['a saved line with id 0', [{ id: 0 }], null],
  ];

  it.each(rows)('%s → %j', (_name, lines, expected) => {
    expect(validateProductLines(lines)).toBe(expected);
  });
});

describe('validateLineRemoval', () => {
  it.each([
    [0, '至少需要保留一个产品！'],
    [1, '至少需要保留一个产品！'],
    [2, null],
    [10, null],
  ])('with %s lines → %j', (count, expected) => {
    expect(validateLineRemoval(count)).toBe(expected);
  });
});

describe('needsDeleteConfirmation', () => {
  const rows: [string, DraftLine, boolean][] = [
    ['a new blank line', newDraftLine(), false],
    ['whitespace only', { product_type: ' ', short_description: '\t' }, false],
    ['a quantity only', { qty: 5 }, false],
    ['a model', { product_type: 'X1' }, true],
    ['an order number', { product_article_no: 'A-1' }, true],
    ['parameters', { short_description: 'DN50' }, true],
    ['an attachment', { attachments: [{ object_name: 'a.pdf' }] }, true],
    ['a saved line', { id: 3 }, true],
  ];

  it.each(rows)('%s → %s', (_name, line, expected) => {
    expect(needsDeleteConfirmation(line)).toBe(expected);
  });
});

describe('quantity', () => {
  it('starts a new line at 1', () => {
    expect(newDraftLine().qty).toBe(1);
  });

  it.each([
    [1, null],
    [2, null],
    [1000, null],
    [0, '数量必须为大于0的整数'],
    [-1, '数量必须为大于0的整数'],
    [1.5, '数量必须为大于0的整数'],
    [Number.NaN, '数量必须为大于0的整数'],
    ['2', '数量必须为大于0的整数'],
    [null, '数量必须为大于0的整数'],
    [undefined, '数量必须为大于0的整数'],
  ])('%j → %j', (qty, expected) => {
    expect(validateQuantity(qty)).toBe(expected);
  });
});

describe('validateLineAttachment', () => {
  const tooLarge = '上传文件大小不能超过 20MB!';
  const wrongType = '只能上传图片或PDF文件!';
  const tooMany = '每个产品最多上传2个附件!';

  it.each([
    ['png', { name: 'a.png', size: 1000, type: 'image/png' }, 0, null],
    ['jpeg', { name: 'a.jpg', size: 1000, type: 'image/jpeg' }, 1, null],
    ['gif', { name: 'a.gif', size: 1000, type: 'image/gif' }, 0, null],
    ['svg', { name: 'a.svg', size: 1000, type: 'image/svg+xml' }, 0, null],
    ['pdf', { name: 'spec.pdf', size: 1000, type: 'application/pdf' }, 0, null],
    ['pdf without a type', { name: 'SPEC.PDF', size: 1000, type: '' }, 0, null],
    ['jpeg without a type', { name: 'photo.jpeg', size: 1000, type: '' }, 0, null],
    ['word', { name: 'a.docx', size: 1000, type: 'application/msword' }, 0, wrongType],
    ['zip without a type', { name: 'a.zip', size: 1000, type: '' }, 0, wrongType],
    ['no extension, no type', { name: 'README', size: 1000, type: '' }, 0, wrongType],
    ['pdf name with another type', { name: 'a.pdf', size: 1000, type: 'text/plain' }, 0, wrongType],
    ['just under 20 MB', { name: 'a.pdf', size: 20 * MB - 1, type: 'application/pdf' }, 0, null],
    ['exactly 20 MB', { name: 'a.pdf', size: 20 * MB, type: 'application/pdf' }, 0, tooLarge],
    ['over 20 MB', { name: 'a.png', size: 25 * MB, type: 'image/png' }, 0, tooLarge],
    ['a third file', { name: 'a.png', size: 1000, type: 'image/png' }, 2, tooMany],
    [
      'a third large word file',
      { name: 'a.doc', size: 30 * MB, type: 'application/msword' },
      2,
      tooMany,
    ],
  ])('%s', (_name, file, existing, expected) => {
    expect(validateLineAttachment(file, existing)).toBe(expected);
  });
});

describe('validateCancelReason', () => {
  it.each([
    ['', '请输入取消原因'],
    ['  ', '请输入取消原因'],
    [null, '请输入取消原因'],
    ['客户取消', null],
  ])('%j → %j', (reason, expected) => {
    expect(validateCancelReason(reason)).toBe(expected);
  });
});

describe('product entry', () => {
  it.each([
    ['product', '6ES7 订货', '产品型号/订货号不能有中文字符!'],
    ['typeArticleNo', '6ES7 订货', '型号订货号不能有中文字符'],
    ['product', '6ES7-214，', null],
    ['typeArticleNo', 'ÄÖ-12', null],
    ['product', '', null],
  ] as const)('%s form, %j → %j', (form, text, expected) => {
    expect(validateProductEntryText(text, form)).toBe(expected);
  });

  it.each([
    ['product', 'A', { search: false, message: '产品最少输入两个字符' }],
    ['typeArticleNo', 'A', { search: false, message: '型号订货号最少输入两个字符' }],
    ['product', ' A ', { search: false, message: '产品最少输入两个字符' }],
    ['product', '', { search: false, message: '产品最少输入两个字符' }],
    ['product', 'AB', { search: true }],
    ['typeArticleNo', '12', { search: true }],
    ['product', '型号', { search: false, message: '产品型号/订货号不能有中文字符!' }],
    ['typeArticleNo', '型', { search: false, message: '型号订货号不能有中文字符' }],
  ] as const)('%s form, %j → %j', (form, text, expected) => {
    expect(productSearchCheck(text, form)).toEqual(expected);
  });

  it('editing the text clears the chosen product id', () => {
    const chosen = productEntryReducer(
      { text: '', productId: null },
      { type: 'choose', productId: 9, text: '6ES7' },
    );
    expect(chosen).toEqual({ text: '6ES7', productId: 9 });
    expect(productEntryReducer(chosen, { type: 'edit', text: '6ES7-' })).toEqual({
      text: '6ES7-',
      productId: null,
    });
  });

  it('an edit event that leaves the text as it was keeps the product', () => {
    const chosen = { text: '6ES7', productId: 9 };
    expect(productEntryReducer(chosen, { type: 'edit', text: '6ES7' })).toEqual(chosen);
  });

  it('clear empties both', () => {
    expect(productEntryReducer({ text: 'X', productId: 1 }, { type: 'clear' })).toEqual({
      text: '',
      productId: null,
    });
  });
});
