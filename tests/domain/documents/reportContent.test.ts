import { describe, expect, it } from 'vitest';
import {
  choosePartyAddress,
  distributeExtraWeight,
  INVOICE_DELIVERY_COMPANY,
  isReportLine,
  reportLines,
} from '../../../src/domain/documents/reportContent';

describe('report lines', () => {
  it.each([
    [{}, true],
    [{ quote_state: 'QUOTED' }, true],
    [{ quote_state: 'CCC' }, true],
    [{ deleted: false, quote_state: null }, true],
    [{ deleted: true }, false],
    [{ quote_state: 'INVALID' }, false],
    [{ quote_state: 'REPLACED' }, false],
    [{ deleted: true, quote_state: 'QUOTED' }, false],
  ])('%j is printed: %s', (line, printed) => expect(isReportLine(line)).toBe(printed));

  it('keeps the order of the printed lines', () => {
    const lines = [
      { id: 1 },
      { id: 2, deleted: true },
      { id: 3, quote_state: 'INVALID' },
      { id: 4, quote_state: 'QUOTED' },
    ];
    expect(reportLines(lines).map((l) => l.id)).toEqual([1, 4]);
  });
});

describe('choosePartyAddress', () => {
  const shipPrimary = { id: 1, address_type: 'SHIPMENT', is_primary: true };
  const shipOther = { id: 2, address_type: 'SHIPMENT', is_primary: false };
  const companyPrimary = { id: 3, address_type: 'COMPANY', is_primary: true };
  const companyOther = { id: 4, address_type: 'COMPANY', is_primary: false };
  it.each([
    [[companyPrimary, shipOther, shipPrimary], 1],
    [[shipOther, companyOther, companyPrimary], 3],
    [[companyOther, shipOther], 4],
    [[shipOther], 2],
  ])('%j → %s', (addresses, id) => expect(choosePartyAddress(addresses)?.id).toBe(id));

  it('has none to choose from an empty list', () => expect(choosePartyAddress([])).toBeNull());
});

describe('distributeExtraWeight', () => {
  it.each([
    [[10, 20, 30], 6, [1, 2, 3]],
    [[1, 1, 1], 1, [0.334, 0.333, 0.333]],
    [[1, 1, 1], 0.002, [0.001, 0.001, 0]],
    [[2.5, 7.5], 1.001, [0.25, 0.751]],
    [[0, 0], 1, [0.5, 0.5]],
    [[0, 5], 1, [0, 1]],
    [[-3, 3], 2, [0, 2]],
    [[10, 20], 0, [0, 0]],
    [[10, 30], -2, [-0.5, -1.5]],
    [[], 5, []],
  ])('%j sharing %s → %j', (weights, extra, shares) => {
    expect(distributeExtraWeight(weights, extra)).toEqual(shares);
  });

  it.each([
    [[3.333, 1.111, 7.777, 0.5], 2.345],
    [[1, 2, 3, 4, 5, 6, 7], 10],
    [[0.001, 999.999], 0.999],
  ])('shares of %j add up to exactly %s', (weights, extra) => {
    const grams = distributeExtraWeight(weights, extra).map((s) => Math.round(s * 1000));
    expect(grams.reduce((a, b) => a + b, 0)).toBe(Math.round(extra * 1000));
  });
});

it('invoices show 顺丰 as the delivery company', () =>
  expect(INVOICE_DELIVERY_COMPANY).toBe('顺丰'));
