import { describe, expect, it } from 'vitest';
import {
  brandReplaceConfirm,
  PRODUCT_ENTRY_MESSAGES,
  PURCHASING_MESSAGES,
  productReplaceConfirm,
} from '../../../src/domain/messages/purchasing';

// purchasing-core §8 and §5, written out character for character; "ours" rows are our wording.
const catalogue = [
  ['OWNER_CHANGED', '采购单负责人变更成功'],
  ['OWNER_CHANGE_FAILED', '采购单负责人变更失败, 请稍后重试!'],
  ['ORDER_PLACED', '下单采购成功'],
  ['PRODUCT_LINE_DELETED', '产品删除成功'],
  ['PRODUCT_LINE_DELETE_FAILED', '产品删除失败, 请稍后重试!'],
  ['CCC_PRODUCT_IN_ORDER', '产品中存在3C产品, 请先删除3C产品再申请执行合同'],
  ['SAVE_DRAFT_CONFIRM', '点击确定, 采购单将保存不发送'],
  ['UPLOAD_FAILED', '上传失败,请重试！'],
  ['UPLOAD_SUCCEEDED', '上传成功！'],
  ['COPY_SUCCEEDED', '复制成功!'],
  ['COPY_FAILED', '复制失败，可能浏览器不支持!'],
  ['BRAND_NAME_REQUIRED', '品牌名不能为空'],
  ['MODEL_OR_ARTICLE_NO_REQUIRED', '产品型号、订货号不能全部为空'],
  ['KEEP_ONE_PRODUCT', '至少需要保留一个产品！'],
  ['DELETE_LINE_CONFIRM', '该操作不可恢复'],
  ['ATTACHMENT_TOO_LARGE', '上传文件大小不能超过 20MB!'],
  ['ATTACHMENT_WRONG_TYPE', '只能上传图片或PDF文件!'], // ours
  ['ATTACHMENT_TOO_MANY', '每个产品最多上传2个附件!'], // ours
  ['QUANTITY_INVALID', '数量必须为大于0的整数'], // ours
  ['CANCEL_REASON_REQUIRED', '请输入取消原因'], // ours
  ['WRONG_BRAND', '该品牌是错误品牌，请重新选择品牌'],
  ['WRONG_PRODUCT', '该产品是错误产品，请重新选择产品'],
] as const;

describe('PURCHASING_MESSAGES', () => {
  it.each(catalogue)('%s reads %s', (key, text) => {
    expect(PURCHASING_MESSAGES[key]).toBe(text);
  });

  it('covers every key exactly once', () => {
    expect(catalogue.map(([key]) => key).sort()).toEqual(Object.keys(PURCHASING_MESSAGES).sort());
  });
});

describe('PRODUCT_ENTRY_MESSAGES', () => {
  it.each([
    ['product', '产品型号/订货号不能有中文字符!', '产品最少输入两个字符'],
    ['typeArticleNo', '型号订货号不能有中文字符', '型号订货号最少输入两个字符'],
  ] as const)('the %s form', (form, chinese, tooShort) => {
    expect(PRODUCT_ENTRY_MESSAGES[form]).toEqual({
      CHINESE_CHARACTERS: chinese,
      TOO_SHORT: tooShort,
    });
  });

  it('covers both forms', () => {
    expect(Object.keys(PRODUCT_ENTRY_MESSAGES).sort()).toEqual(['product', 'typeArticleNo']);
  });
});

describe('replacement confirmations (ours)', () => {
  it('names the correct brand', () => {
    expect(brandReplaceConfirm('Siemens')).toBe(
      '该品牌存在正确品牌「Siemens」，确定后将替换为正确品牌',
    );
  });

  it('names the correct product', () => {
    expect(productReplaceConfirm('6ES7 / 214-1AG40')).toBe(
      '该产品存在正确产品「6ES7 / 214-1AG40」，确定后将替换为正确产品',
    );
  });
});
