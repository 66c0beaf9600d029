// Reasons a supplier gives when a quotation line is invalid (category code 1, 7 reasons) or not
// quoted (code 2, 5 reasons) (settings-messaging-shared §3 "Enumerations"). The spec gives only
// the counts; the reason texts are ours. A reason marked deleted stays readable on old lines
// but is no longer offered.

export const QUOTE_COMMENT_CATEGORIES = {
  INVALID: { code: 1, label: '无效' },
  NO_QUOTE: { code: 2, label: '不报价' },
} as const;

export type QuoteCommentCategory = keyof typeof QUOTE_COMMENT_CATEGORIES;
export type QuoteCommentCategoryCode =
  (typeof QUOTE_COMMENT_CATEGORIES)[QuoteCommentCategory]['code'];

export interface QuoteCommentReason {
  id: number;
  category: QuoteCommentCategoryCode;
  text: string;
  deleted?: boolean;
}

export const QUOTE_COMMENT_REASONS: readonly QuoteCommentReason[] = [
  { id: 101, category: 1, text: '型号错误' },
  { id: 102, category: 1, text: '订货号错误' },
  { id: 103, category: 1, text: '型号与订货号不匹配' },
  { id: 104, category: 1, text: '产品已停产' },
  { id: 105, category: 1, text: '品牌错误' },
  { id: 106, category: 1, text: '产品信息不完整' },
  { id: 107, category: 1, text: '重复询价' },
  { id: 201, category: 2, text: '品牌无供货渠道' },
  { id: 202, category: 2, text: '产品受出口管制' },
  { id: 203, category: 2, text: '供应商拒绝报价' },
  { id: 204, category: 2, text: '数量低于最小起订量' },
  { id: 205, category: 2, text: '交货期过长' },
];

/** The reasons still offered, optionally of one category. */
export function activeReasons<T extends Pick<QuoteCommentReason, 'category' | 'deleted'>>(
  reasons: readonly T[],
  category?: number,
): T[] {
  return reasons.filter(
    (r) => r.deleted !== true && (category === undefined || r.category === category),
  );
}

export function quoteCommentCategoryLabel(code: number): string {
  const found = Object.values(QUOTE_COMMENT_CATEGORIES).find((c) => c.code === code);
  return found ? found.label : String(code);
}
