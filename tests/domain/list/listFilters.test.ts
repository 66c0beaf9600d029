import { describe, expect, it } from 'vitest';
import {
  containsText,
  hasFilters,
  numberMatches,
  orderFilterSet,
  sheetFilterSet,
  timeBounds,
  withinBounds,
} from '../../../src/domain/list/listFilters';

const SHANGHAI = 'Asia/Shanghai';

describe('sheetFilterSet', () => {
  it('reads every key of the server form', () => {
    expect(
      sheetFilterSet(
        {
          name: ' XJ2025 ',
          brand_name: '西门子',
          owner: 7,
          state_group: ['DRAFT', 'INQUIRED'],
          create_time: ['2025-01-01', '2025-01-31'],
          supplier_invoice_state: 'INVOICE',
          supplier_outbound_state: ['RECEIPTED', 'NO_RECEIPT'],
        },
        'SIGNED',
        SHANGHAI,
      ),
    ).toEqual({
      name: 'XJ2025',
      brandName: '西门子',
      owners: [7],
      stateGroups: ['DRAFT', 'INQUIRED'],
      created: { from: '2024-12-31T16:00:00.000Z', to: '2025-01-31T16:00:00.000Z' },
      invoiceStates: ['INVOICE'],
      outboundStates: ['RECEIPTED', 'NO_RECEIPT'],
    });
  });

  it('the invoice and outbound filters count only on SIGNED, where the form shows them', () => {
    const set = sheetFilterSet(
      { supplier_invoice_state: 'INVOICE', supplier_outbound_state: 'RECEIPTED' },
      'ALL',
      SHANGHAI,
    );
    expect(set).toEqual({});
    expect(hasFilters(set)).toBe(false);
  });

  it('drops values of the wrong shape instead of failing', () => {
    expect(
      sheetFilterSet(
        {
          name: '   ',
          owner: ['x', -3, 0, 12.5],
          state_group: ['NOT_A_GROUP'],
          create_time: 'yesterday',
          brand_name: { nested: true },
        },
        'ALL',
        SHANGHAI,
      ),
    ).toEqual({});
  });

  it('reads owner ids given as text (a select may hand them over as strings)', () => {
    expect(sheetFilterSet({ owner: ['7', 8] }, 'ALL', SHANGHAI).owners).toEqual([7, 8]);
  });
});

describe('orderFilterSet', () => {
  it('reads state codes as numbers, numeric text or names', () => {
    expect(
      orderFilterSet(
        { state: [20, '30', 'SIGNED', 'NOPE'], name: 'PO', brand_name: 'ABB' },
        SHANGHAI,
      ),
    ).toEqual({ name: 'PO', brandName: 'ABB', states: [20, 30, 90] });
  });
});

describe('timeBounds', () => {
  it('a bare date is the whole day in the user timezone, the end day included', () => {
    expect(timeBounds(['2025-03-01', '2025-03-01'], 'Europe/Berlin')).toEqual({
      from: '2025-02-28T23:00:00.000Z',
      to: '2025-03-01T23:00:00.000Z',
    });
  });

  it('either end may be open', () => {
    expect(timeBounds([null, '2025-01-02'], SHANGHAI)).toEqual({ to: '2025-01-02T16:00:00.000Z' });
    expect(timeBounds(['2025-01-02'], SHANGHAI)).toEqual({ from: '2025-01-01T16:00:00.000Z' });
    expect(timeBounds([], SHANGHAI)).toBeUndefined();
  });

  it('an instant end is inclusive', () => {
    const bounds = timeBounds(['2025-01-01T00:00:00Z', '2025-01-01T10:00:00Z'], SHANGHAI);
    expect(bounds && withinBounds('2025-01-01T10:00:00.000Z', bounds)).toBe(true);
    expect(bounds && withinBounds('2025-01-01T10:00:00.001Z', bounds)).toBe(false);
    expect(bounds && withinBounds('2024-12-31T23:59:59.999Z', bounds)).toBe(false);
  });
});

describe('numberMatches', () => {
  it.each([
    ['XJ20250101000123', 'xj2025', true],
    ['XJ20250101000123', '0123', true],
    // A fragment from the middle, as the server's ilike finds it, in any case.
    ['XJ20250101000123', '20250101', true],
    ['XJ20250101000123', '0101', true],
    ['XJ20250101000123', 'J2025', true],
    ['XJ20250101000123', '0124', false],
    // No normalisation beyond case: full-width digits are other characters (so on the server).
    ['XJ20250101000123', '０１２３', false],
    // Characters that mean something to a pattern are plain text.
    ['XJ20250101000123', '%', false],
    ['XJ2025_0101', '5_0', true],
    ['XJ2025.0101', '5.0', true],
    ['XJ20250101000123', '.*', false],
    // One character anywhere, as the server.
    ['XJ20250101000123', '5', true],
    ['XJ20250101000123', '9', false],
    ['', 'x', false],
    [null, 'x', false],
  ] as const)('%s found by %s: %s', (value, text, expected) => {
    expect(numberMatches(value, text)).toBe(expected);
  });
});

describe('containsText', () => {
  it.each([
    ['Siemens 西门子', 'siem', true],
    ['Siemens 西门子', '门子', true],
    ['Siemens 西门子', 'ABB', false],
    [null, 'x', false],
  ] as const)('%s contains %s: %s', (value, needle, expected) => {
    expect(containsText(value, needle)).toBe(expected);
  });
});
