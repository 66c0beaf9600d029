// Brand-side code sets and their labels (settings-messaging-shared §3 "Search results" and
// "Enumerations"). The specs give English meanings only; the Chinese terms are ours
// (docs/decisions.md).

import { labelSet } from '../codeLabels';

/** Search result state of a brand: NONEXISTENT is a known-wrong entry, UNSPECIFIED unchecked. */
export const BRAND_STATES = labelSet({
  EXIST: '存在',
  NONEXISTENT: '错误品牌',
  UNSPECIFIED: '未确认',
});
export type BrandState = (typeof BRAND_STATES.codes)[number];

/** Brand grade, first set. ORDER is set by the system when a contract is confirmed. */
export const BRAND_GRADES = labelSet({
  UNSPECIFIED: '新品牌',
  OFFICIAL: '官方认证',
  ORDER: '已成单',
  DOMINANT: '优势品牌',
  AGENCY: '代理品牌',
  EXCLUSIVE: '独家代理',
});
export type BrandGrade = (typeof BRAND_GRADES.codes)[number];

/** Grades a user may pick by hand; ORDER only ever comes from a confirmed contract. */
export const EDITABLE_BRAND_GRADES = BRAND_GRADES.codes.filter((grade) => grade !== 'ORDER');

/** Brand grade, second (short) set. */
export const BRAND_GRADES_SHORT = labelSet({
  OFFICIAL: '官方认证',
  EXIST: '已存在',
  UNSPECIFIED: '未确认',
});
export type BrandGradeShort = (typeof BRAND_GRADES_SHORT.codes)[number];

export const BRAND_AGENCY_STATES = labelSet({
  EXCLUSIVE: '独家代理',
  NORMAL: '普通',
  UNSPECIFIED: '未指定',
});
export type BrandAgencyState = (typeof BRAND_AGENCY_STATES.codes)[number];
