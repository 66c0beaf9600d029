import { describe, expect, it } from 'vitest';
import { LINE_EXCLUSIONS, lineExclusion } from '../../../src/domain/documents/excludedLines';
import { isReportLine } from '../../../src/domain/documents/reportContent';

describe('lineExclusion', () => {
  it.each([
    [{ deleted: true, quote_state: 'QUOTED' }, 'DELETED', '已删除'],
    [{ deleted: true, quote_state: 'INVALID' }, 'DELETED', '已删除'],
    [{ deleted: false, quote_state: 'INVALID' }, 'INVALID', '无效'],
    [{ quote_state: 'REPLACED' }, 'REPLACED', '已替换'],
  ])('%o is left out as %s', (line, code, label) => {
    expect(lineExclusion(line)).toBe(code);
    expect(LINE_EXCLUSIONS.label(lineExclusion(line))).toBe(label);
  });

  it('agrees with the documents’ predicate on every combination', () => {
    for (const deleted of [true, false, null, undefined]) {
      for (const quote_state of ['QUOTED', 'INVALID', 'REPLACED', 'UNQUOTED', null, undefined]) {
        const line = { deleted, quote_state };
        expect(lineExclusion(line) === null, JSON.stringify(line)).toBe(isReportLine(line));
      }
    }
  });
});
