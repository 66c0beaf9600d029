import { describe, expect, it } from 'vitest';
import { assistantTypeOptions } from '../../../src/domain/enums/assistantAccounts';
import {
  activeReasons,
  QUOTE_COMMENT_REASONS,
  quoteCommentCategoryLabel,
} from '../../../src/domain/enums/quoteCommentReasons';
import { TAG_LIST_PAGE_SIZE, validateNewTag } from '../../../src/domain/enums/tags';

describe('quotation-comment reasons', () => {
  it.each([
    [1, 7],
    [2, 5],
  ])('category %s has %s reasons', (category, count) => {
    expect(QUOTE_COMMENT_REASONS.filter((r) => r.category === category)).toHaveLength(count);
  });

  it.each([
    [1, '无效'],
    [2, '不报价'],
    [3, '3'],
  ])('category %s is labelled %s', (code, label) =>
    expect(quoteCommentCategoryLabel(code)).toBe(label),
  );

  const reasons = [
    { id: 1, category: 1, text: 'a' },
    { id: 2, category: 1, text: 'b', deleted: true },
    { id: 3, category: 2, text: 'c', deleted: false },
    { id: 4, category: 2, text: 'd', deleted: true },
  ] as const;

  it.each([
    [undefined, [1, 3]],
    [1, [1]],
    [2, [3]],
  ])('active reasons of category %s: %j', (category, ids) => {
    expect(activeReasons(reasons, category).map((r) => r.id)).toEqual(ids);
  });
});

describe('validateNewTag', () => {
  const existing = ['紧急', '德国', ' 样品 '];
  it.each([
    ['', '不能为空！'],
    ['   ', '不能为空！'],
    ['紧急', '已存在相同标签！'],
    [' 德国 ', '已存在相同标签！'],
    ['样品', '已存在相同标签！'],
    ['新品', null],
    ['紧急件', null],
  ])('%j → %s', (label, message) => expect(validateNewTag(label, existing)).toBe(message));

  it('loads 500 tags', () => expect(TAG_LIST_PAGE_SIZE).toBe(500));
});

describe('assistantTypeOptions', () => {
  it.each([
    [0, ['account_company', 'account_user', 'account_department']],
    [1, ['account_company', 'account_user']],
    [null, ['account_company', 'account_user']],
    [undefined, ['account_company', 'account_user']],
  ])('system flag %s → %j', (flag, options) => expect(assistantTypeOptions(flag)).toEqual(options));
});
