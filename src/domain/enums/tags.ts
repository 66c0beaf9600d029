// The tag list widget and tax-code-problem values (settings-messaging-shared §3
// "Enumerations", §5 "Shared widgets").

import { labelSet } from '../codeLabels';
import { ENUM_WIDGET_MESSAGES } from './messages';

/** Tag lists are fetched in one page of 500. */
export const TAG_LIST_PAGE_SIZE = 500;

/** A new tag is refused when blank or already in the list (compared after trimming). */
export function validateNewTag(label: string, existing: readonly string[]): string | null {
  const value = label.trim();
  if (value === '') return ENUM_WIDGET_MESSAGES.TAG_EMPTY;
  return existing.some((t) => t.trim() === value) ? ENUM_WIDGET_MESSAGES.TAG_DUPLICATE : null;
}

export const TAX_CODE_PROBLEMS = labelSet({
  no_product: '无产品',
  no_trade_name: '无报关品名',
  no_tax_code: '无税收编码',
});
export type TaxCodeProblem = (typeof TAX_CODE_PROBLEMS.codes)[number];
