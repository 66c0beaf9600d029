// Product-side code sets and their labels (settings-messaging-shared §3 "Enumerations",
// purchasing-core §3 product line, §5 "Product entry"). The specs give English meanings only;
// the Chinese terms are ours (docs/decisions.md).

import { labelSet } from '../codeLabels';

/** Quote state of a product line; CCC marks a 3C product, which cannot be ordered. */
export const PRODUCT_QUOTE_STATES = labelSet({
  WAITING_INQUIRY: '待询价',
  QUOTED: '已报价',
  QUOTE_REFUSED: '拒绝报价',
  INVALID: '无效',
  REPLACED: '已替换',
  CCC: '3C产品',
  PARTS: '配件',
  DUPLICATE: '重复',
});
export type ProductQuoteState = (typeof PRODUCT_QUOTE_STATES.codes)[number];

/** Quote states left out of printable reports (settings-messaging-shared §4). */
export const QUOTE_STATES_OUT_OF_REPORTS = [
  'INVALID',
  'REPLACED',
] as const satisfies readonly ProductQuoteState[];

/** Search result state of a product: NONEXISTENT is a known-wrong entry. */
export const PRODUCT_STATES = labelSet({
  EXIST: '存在',
  NONEXISTENT: '错误产品',
});
export type ProductState = (typeof PRODUCT_STATES.codes)[number];

/** The product search only asks for products in these audit states (repeated stateList). */
export const PRODUCT_SEARCH_STATES = [
  'TYPE_ARTICLE_NO_AUDITED',
  'ORDER',
  'NET_WEIGHT_AUDITED',
  'STORAGE',
  'CUSTOMS_AUDITED',
  'IMPORT',
] as const;
export type ProductSearchState = (typeof PRODUCT_SEARCH_STATES)[number];

export const PRODUCT_GRADES = labelSet({
  OFFICIAL: '官方认证',
  EXIST: '已存在',
  UNSPECIFIED: '未确认',
  NONEXISTENT: '不存在',
});
export type ProductGrade = (typeof PRODUCT_GRADES.codes)[number];

export const PRODUCT_SALE_STATES = labelSet({
  STOP_PRODUCTION: '停产',
  OBSOLETE: '淘汰',
  REPLACED: '已替代',
  STOP_SELLING: '停售',
});
export type ProductSaleState = (typeof PRODUCT_SALE_STATES.codes)[number];

/** Normalisation state of a catalogue product (not the EXIST/NONEXISTENT search state). */
export const PRODUCT_CATALOG_STATES = labelSet({
  TO_BE_NORMALIZED: '待标准化',
  NORMALIZING: '标准化中',
  NORMALIZED: '已标准化',
  TO_BE_PUBLISHED: '待发布',
  PUBLISHED: '已发布',
});
export type ProductCatalogState = (typeof PRODUCT_CATALOG_STATES.codes)[number];

export const PUBLISH_STATES = labelSet({
  WITHDRAW: '已下架',
  DRAFT: '草稿',
  TO_BE_PUBLISHED: '待发布',
  PUBLISHED: '已发布',
});
export type PublishState = (typeof PUBLISH_STATES.codes)[number];

export const QUOTATION_METHODS = labelSet({
  NOT_QUOTE: '不报价',
  INQUIRY: '询价',
  UNSPECIFIED: '未指定',
  CHECK_PRICE_BY_ESHOP: '电商查价',
  CHECK_PRICE_BY_PRICE_LIST: '价格表查价',
  QUOTE_BY_SYSTEM: '系统报价',
  QUOTE_BY_SUPPLIER_API: '供应商接口报价',
});
export type QuotationMethod = (typeof QUOTATION_METHODS.codes)[number];

/** NOT_QUOTE means "per quantity" here (settings-messaging-shared §3), despite the code's name. */
export const CHARGE_MODES = labelSet({
  UNSPECIFIED: '未指定',
  NOT_QUOTE: '按数量计费',
  BY_TIERED_QUANTITY: '按阶梯数量计费',
  BY_ORDER: '按订单计费',
});
export type ChargeMode = (typeof CHARGE_MODES.codes)[number];

export const PRICE_SOURCES = labelSet({
  INQUIRY_QUOTATION_SHEET: '询报价单',
  INQUIRY_SHEET: '询价单',
  PRICE_LIST: '价格表',
  ESHOP: '电商',
  SUPPLIER_API: '供应商接口',
  PRODUCT_CATALOG: '产品目录',
  UNSPECIFIED: '未指定',
});
export type PriceSource = (typeof PRICE_SOURCES.codes)[number];
