import { describe, expect, it } from 'vitest';
import {
  type LineRemoval,
  lineQuantity,
  lineRemoval,
  lineRemovalNotice,
  SHEET_PAYMENT_METHOD_CHOICES,
  type SheetFormLine,
  validateSheetForm,
} from '../../../src/domain/purchase/sheetForm';

const line = (over: Partial<SheetFormLine> = {}): SheetFormLine => ({
  productId: null,
  productType: '',
  productArticleNo: '',
  shortDescription: '',
  qty: 1,
  attachments: [],
  ...over,
});

describe('validateSheetForm', () => {
  it('accepts a brand and one named line', () => {
    expect(
      validateSheetForm({ brandName: 'ABB', lines: [line({ productType: 'ACS580' })] }),
    ).toEqual({});
  });

  it('names every broken field with the spec message', () => {
    const errors = validateSheetForm({
      brandName: '  ',
      lines: [
        line({ productType: '西门子', qty: 0 }),
        line({ productArticleNo: '订货号', qty: 1.5, attachments: [1, 2, 3] }),
        line({ qty: '' }),
      ],
    });
    expect(errors).toEqual({
      brandName: '品牌名不能为空',
      'lines.0.productType': '产品型号/订货号不能有中文字符!',
      'lines.0.qty': '数量必须为大于0的整数',
      'lines.1.productArticleNo': '产品型号/订货号不能有中文字符!',
      'lines.1.qty': '数量必须为大于0的整数',
      'lines.1.attachments': '每个产品最多上传2个附件!',
      'lines.2.qty': '数量必须为大于0的整数',
    });
  });

  it.each([
    [
      'only blank lines',
      [line(), line({ shortDescription: '24V' })],
      '产品型号、订货号不能全部为空',
    ],
    ['an order number', [line(), line({ productArticleNo: '3RT2015' })], undefined],
    ['a chosen catalogue product', [line({ productId: 9 })], undefined],
    ['no lines at all', [], '产品型号、订货号不能全部为空'],
  ])('lines: %s', (_name, lines, expected) => {
    expect(validateSheetForm({ brandName: 'ABB', lines }).lines).toBe(expected);
  });

  it('reads a quantity typed as text', () => {
    expect(
      validateSheetForm({ brandName: 'ABB', lines: [line({ productType: 'A', qty: '3' })] }),
    ).toEqual({});
    expect(lineQuantity(line({ qty: '3' }))).toBe(3);
    expect(lineQuantity(line({ qty: 'x' }))).toBeNull();
    expect(lineQuantity(line({ qty: null }))).toBeNull();
  });
});

describe('lineRemoval', () => {
  it('keeps the last line', () => {
    expect(lineRemoval([line({ productType: 'A' })], 0)).toEqual({
      kind: 'refused',
      message: '至少需要保留一个产品！',
    });
  });

  it.each([
    ['a model', line({ productType: 'A' })],
    ['an order number', line({ productArticleNo: 'B' })],
    ['parameters', line({ shortDescription: '24V' })],
    ['an attachment', line({ attachments: [{}] })],
    ['a chosen product', line({ productId: 4 })],
  ])('asks before removing a line with %s', (_name, filled) => {
    expect(lineRemoval([line(), filled], 1)).toEqual({
      kind: 'confirm',
      message: '该操作不可恢复',
    });
  });

  it('removes a blank line at once (the quantity alone is not content)', () => {
    expect(lineRemoval([line({ productType: 'A' }), line({ qty: 5 })], 1)).toEqual({
      kind: 'remove',
    });
  });
});

describe('lineRemovalNotice', () => {
  const removal = (kind: 'remove' | 'confirm'): LineRemoval =>
    kind === 'remove' ? { kind } : { kind, message: '该操作不可恢复' };

  it('says 产品删除成功 once a line is gone, asked or not', () => {
    const deleted = { color: 'teal', message: '产品删除成功' };
    expect(lineRemovalNotice(removal('remove'), false)).toEqual(deleted);
    expect(lineRemovalNotice(removal('confirm'), true)).toEqual(deleted);
  });

  it('says nothing when the user keeps the line at the confirmation', () => {
    expect(lineRemovalNotice(removal('confirm'), false)).toBeNull();
  });

  it('a refusal gives its reason', () => {
    expect(lineRemovalNotice(lineRemoval([line({ productType: 'A' })], 0), false)).toEqual({
      color: 'red',
      message: '至少需要保留一个产品！',
    });
  });
});

describe('SHEET_PAYMENT_METHOD_CHOICES', () => {
  it('offers every method but UNKNOW, the default among them', () => {
    expect(SHEET_PAYMENT_METHOD_CHOICES).not.toContain('UNKNOW');
    expect(SHEET_PAYMENT_METHOD_CHOICES).toContain('ADVANCE_PAYMENT');
    expect(SHEET_PAYMENT_METHOD_CHOICES).toHaveLength(5);
  });
});
