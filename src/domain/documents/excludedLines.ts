// Why an order or sheet line is left out of the documents (settings-messaging-shared §4: lines
// marked deleted, or quoted INVALID / REPLACED, are left out of reports). Built on `isReportLine`,
// the predicate every document uses, so a screen's badge and the printed lines never disagree.

import { labelSet } from '../codeLabels';
import { isReportLine, type ReportLineFlags } from './reportContent';

export const LINE_EXCLUSIONS = labelSet({
  DELETED: '已删除',
  INVALID: '无效',
  REPLACED: '已替换',
});
export type LineExclusion = (typeof LINE_EXCLUSIONS.codes)[number];

/** The note beside an excluded line. */
export const EXCLUDED_LINE_NOTE = '不计入单据';

/** Why the documents leave the line out; null for a line they print. Deleted wins. */
export function lineExclusion(line: ReportLineFlags): LineExclusion | null {
  if (isReportLine(line)) return null;
  if (line.deleted === true) return 'DELETED';
  return LINE_EXCLUSIONS.is(line.quote_state) ? line.quote_state : null;
}
