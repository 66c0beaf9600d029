// Messages of the purchasing screens: purchasing-core §8 (error catalogue) and §5 (validation),
// character for character. HTTP 401/403/413, "no company bound" and the copy messages live in the
// common catalogue (./common); the copy ones are re-exported here so purchasing code has one import.
// Texts marked "ours" are not worded by the spec (listed in docs/decisions.md).

import { COMMON_MESSAGES } from './common';

export const PURCHASING_MESSAGES = {
  // §8
  OWNER_CHANGED: '采购单负责人变更成功',
  OWNER_CHANGE_FAILED: '采购单负责人变更失败, 请稍后重试!',
  ORDER_PLACED: '下单采购成功',
  PRODUCT_LINE_DELETED: '产品删除成功',
  PRODUCT_LINE_DELETE_FAILED: '产品删除失败, 请稍后重试!',
  CCC_PRODUCT_IN_ORDER: '产品中存在3C产品, 请先删除3C产品再申请执行合同',
  SAVE_DRAFT_CONFIRM: '点击确定, 采购单将保存不发送',
  UPLOAD_FAILED: '上传失败,请重试！',
  UPLOAD_SUCCEEDED: '上传成功！',
  COPY_SUCCEEDED: COMMON_MESSAGES.COPY_SUCCEEDED,
  COPY_FAILED: COMMON_MESSAGES.COPY_FAILED,

  // §5 purchase sheet
  BRAND_NAME_REQUIRED: '品牌名不能为空',
  MODEL_OR_ARTICLE_NO_REQUIRED: '产品型号、订货号不能全部为空',
  KEEP_ONE_PRODUCT: '至少需要保留一个产品！',
  DELETE_LINE_CONFIRM: '该操作不可恢复',
  ATTACHMENT_TOO_LARGE: '上传文件大小不能超过 20MB!',
  /** ours */
  ATTACHMENT_WRONG_TYPE: '只能上传图片或PDF文件!',
  /** ours */
  ATTACHMENT_TOO_MANY: '每个产品最多上传2个附件!',
  /** ours */
  QUANTITY_INVALID: '数量必须为大于0的整数',
  /** ours */
  CANCEL_REASON_REQUIRED: '请输入取消原因',

  // §5 brand and product choice
  WRONG_BRAND: '该品牌是错误品牌，请重新选择品牌',
  WRONG_PRODUCT: '该产品是错误产品，请重新选择产品',
} as const;

export type PurchasingMessageKey = keyof typeof PURCHASING_MESSAGES;

/**
 * The two product-entry forms word their messages differently (§5 "Product entry"):
 * `product` is the sheet's product-line autocomplete, `typeArticleNo` the model/order-number search.
 */
export const PRODUCT_ENTRY_MESSAGES = {
  product: {
    CHINESE_CHARACTERS: '产品型号/订货号不能有中文字符!',
    TOO_SHORT: '产品最少输入两个字符',
  },
  typeArticleNo: {
    CHINESE_CHARACTERS: '型号订货号不能有中文字符',
    TOO_SHORT: '型号订货号最少输入两个字符',
  },
} as const;

export type ProductEntryForm = keyof typeof PRODUCT_ENTRY_MESSAGES;

/** ours: the spec says only that the user is warned and confirms the replacement. */
export function brandReplaceConfirm(correctName: string): string {
  return `该品牌存在正确品牌「${correctName}」，确定后将替换为正确品牌`;
}

/** ours, worded like brandReplaceConfirm. */
export function productReplaceConfirm(correctName: string): string {
  return `该产品存在正确产品「${correctName}」，确定后将替换为正确产品`;
}
