import { describe, expect, it } from 'vitest';
import { publishCompanyRow } from '../../../server/sync/projections/companies';
import { typeArticleNo } from '../../../server/sync/projections/orders';
import { isoTime } from '../../../server/sync/projections/shared';
import type { CompanyRow } from '../../../src/contract/feedRows';
import { companyRowStub, invoiceStub } from '../../support/rowStubs';

// Clients read times with the domain's date functions, which take ISO 8601 only.
describe('isoTime', () => {
  it.each([
    ['2025-01-09 02:00:00+00', '2025-01-09T02:00:00.000Z'],
    ['2025-01-09 10:00:00+08', '2025-01-09T02:00:00.000Z'],
    ['2025-01-09 02:00:00.123456+00', '2025-01-09T02:00:00.123Z'],
    ['2025-03-30 01:30:00+02:00', '2025-03-29T23:30:00.000Z'],
    ['2025-01-09T02:00:00.000Z', '2025-01-09T02:00:00.000Z'],
  ])('%s → %s', (text, iso) => {
    expect(isoTime(text)).toBe(iso);
  });

  it('keeps null and leaves unreadable text as it is', () => {
    expect(isoTime(null)).toBeNull();
    expect(isoTime('not a time')).toBe('not a time');
  });
});

describe('typeArticleNo', () => {
  it.each([
    ['CPU 1214C', '6ES7214-1AG40-0XB0', 'CPU 1214C / 6ES7214-1AG40-0XB0'],
    ['LC1D18M7C', 'LC1D18M7C', 'LC1D18M7C'],
    [null, '6ES7214-1AG40-0XB0', '6ES7214-1AG40-0XB0'],
    ['CPU 1214C', null, 'CPU 1214C'],
    [null, null, null],
  ])('%s + %s → %s', (type, articleNo, shown) => {
    expect(typeArticleNo(type, articleNo)).toBe(shown);
  });
});

describe('publishCompanyRow', () => {
  const row: CompanyRow = {
    ...companyRowStub(7, 42),
    name: '德采工业品（上海）有限公司',
    invoice: { ...invoiceStub, tax_code: '91310000MA1K000007' },
    vip: true,
    start_date: '2026-01-01',
    end_date: '2026-12-31',
    rebates: { amount: '50000.00', balance: '12860.50' },
    follower: { id: 3, alias: '陈志明', mobile: '13800000003', phone: null },
  };

  function published(audience: number[]) {
    const calls: Array<{ row: CompanyRow; ids: readonly number[] }> = [];
    publishCompanyRow({ upsert: (_table, r, ids) => calls.push({ row: r, ids }) }, row, audience);
    return calls;
  }

  it('gives the company its whole row and the other companies the party view', () => {
    const [own, others, ...rest] = published([7, 11, 12]);
    expect(rest).toEqual([]);
    expect(own).toEqual({ row, ids: [7] });
    expect(others?.ids).toEqual([11, 12]);
    expect(others?.row).toMatchObject({ id: 7, version: 42, name: row.name, invoice: row.invoice });
    expect(others?.row).toMatchObject({
      vip: null,
      start_date: null,
      end_date: null,
      rebates: null,
      follower: null,
    });
  });

  it('sends only the party view when the company itself is not in the audience', () => {
    const calls = published([11]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.ids).toEqual([11]);
    expect(calls[0]?.row.rebates).toBeNull();
  });
});
