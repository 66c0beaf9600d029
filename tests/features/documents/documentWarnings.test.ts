import { describe, expect, it } from 'vitest';
import type { CompanyRow } from '../../../src/contract/feedRows';
import { DOCUMENT_MESSAGES } from '../../../src/domain/documents/messages';
import { DOCUMENT_TEXT } from '../../../src/features/documents/documentText';
import { partiesWarning, warningOf } from '../../../src/features/documents/documentWarnings';

const row = { id: 1, name: '甲' } as CompanyRow;

describe('document warnings', () => {
  it('warns when either party is not on the device', () => {
    expect(partiesWarning({ partyA: row, partyB: row })).toBeNull();
    expect(partiesWarning({ partyA: null, partyB: row })).toBe(DOCUMENT_TEXT.PARTIES_MISSING);
    expect(partiesWarning({ partyA: row, partyB: null })).toBe(DOCUMENT_TEXT.PARTIES_MISSING);
  });

  it('joins the warnings that apply, none when none does', () => {
    expect(warningOf(null, null)).toBeNull();
    expect(warningOf(DOCUMENT_MESSAGES.SUPPLIER_QUOTATION_NO_MISSING, null)).toBe(
      DOCUMENT_MESSAGES.SUPPLIER_QUOTATION_NO_MISSING,
    );
    expect(
      warningOf(DOCUMENT_MESSAGES.SUPPLIER_QUOTATION_NO_MISSING, DOCUMENT_TEXT.PARTIES_MISSING),
    ).toBe(`${DOCUMENT_MESSAGES.SUPPLIER_QUOTATION_NO_MISSING} ${DOCUMENT_TEXT.PARTIES_MISSING}`);
  });
});
