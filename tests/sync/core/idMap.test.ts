// Temporary ids → server ids in entries (payload, path, entity, rollback rows), local rows (keys
// and references) and the URL; and, randomized, that mappings arriving in any order, one by one
// or together, give the same result.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  mapEntityKey,
  mapEntries,
  mapEntry,
  mapRow,
  mapRows,
  mapSearch,
  mergeIdMap,
} from '../../../src/sync/core/idMap';
import { type MutationInput, type OutboxEntry, toRequest } from '../../../src/sync/core/mutations';
import type { IdMap, Row, RowKey } from '../../../src/sync/core/types';
import {
  createSheet,
  entry,
  message,
  orderRow,
  saveDraft,
  sheetOwner,
  sheetRow,
  todoRow,
  todoState,
} from './fixtures';

const map: IdMap = new Map([
  [-1, 1234],
  [-2, 77],
  [-5, 900],
]);

describe('mapEntry', () => {
  it('maps the payload, hence the path and the entity, and the rows kept for rollback', () => {
    const e = {
      ...entry(2, saveDraft(-1, 0, { brand: { id: -2, name: 'Acme', view: null } })),
      before: { 'sheets:-1': sheetRow(-1, 0, { brand: { id: -2, name: 'Acme' } }) },
    };
    const mapped = mapEntry(e, map);
    expect(mapped.entity).toBe('sheets:1234');
    expect(mapped.payload).toMatchObject({ sheetId: 1234, brand: { id: 77 } });
    const kept = e.before['sheets:-1'];
    expect(mapped.before).toEqual({
      'sheets:1234': { ...kept, id: 1234, brand: { id: 77, name: 'Acme' } },
    });
    expect(toRequest(mapped, new Map(), new Map()).path).toBe(
      '/inquiry-api/v7/inquiry_quotation/1234',
    );
  });

  it('maps a message’s thread (entity) and its own to-do id', () => {
    const mapped = mapEntry(entry(3, message(-5, -1)), map);
    expect(mapped.entity).toBe('threads:INQUERY_QUOTATION_SHEET:1234');
    expect(mapped.payload).toMatchObject({ todoId: 900, moduleId: 1234 });
  });

  it('returns the same entry when the map names none of its ids', () => {
    const e = entry(4, sheetOwner(-3, 0));
    expect(mapEntry(e, map)).toBe(e);
  });
});

describe('mapRow / mapRows', () => {
  it.each([
    [
      'a sheet created offline and its new brand',
      'sheets',
      sheetRow(-1, 0, { brand: { id: -2, name: 'Acme' }, name: '' }),
      sheetRow(1234, 0, { brand: { id: 77, name: 'Acme' }, name: '' }),
    ],
    [
      'a message on a sheet created offline',
      'todos',
      todoRow(-5, 0, 'UNREAD', { module: 'INQUERY_QUOTATION_SHEET', module_id: -1 }),
      todoRow(900, 0, 'UNREAD', { module: 'INQUERY_QUOTATION_SHEET', module_id: 1234 }),
    ],
    [
      'an order of a sheet created offline',
      'orders',
      orderRow(5, 3, { sheet_id: -1 }),
      orderRow(5, 3, { sheet_id: 1234 }),
    ],
    [
      'a brand created offline',
      'brands',
      { id: -2, version: 0, name: 'Acme' },
      { id: 77, version: 0, name: 'Acme' },
    ],
  ] as const)('%s', (_name, table, row, expected) => {
    expect(mapRow(table, row, map)).toEqual(expected);
  });

  it('leaves server rows untouched (same object)', () => {
    const row = sheetRow(4, 2);
    expect(mapRow('sheets', row, map)).toBe(row);
  });

  it('re-keys rows: sheets:-1 moves to sheets:1234, absent rows stay absent', () => {
    const rows = new Map<RowKey, Row | null>([
      ['sheets:-1', sheetRow(-1, 0, { name: '' })],
      ['todos:-9', null],
    ]);
    expect([...mapRows(rows, map)]).toEqual([
      ['sheets:1234', sheetRow(1234, 0, { name: '' })],
      ['todos:-9', null],
    ]);
  });
});

describe('mapSearch', () => {
  it.each([
    ['?id=-1', '?id=1234'],
    ['id=-1', 'id=1234'],
    ['?sheetType=ALL&id=-1&x=%20a', '?sheetType=ALL&id=1234&x=%20a'],
    ['?id=-3', '?id=-3'],
    ['?id=12&pageNumber=2', '?id=12&pageNumber=2'],
    [
      '?module_id=-1&module=INQUERY_QUOTATION_SHEET',
      '?module_id=1234&module=INQUERY_QUOTATION_SHEET',
    ],
    ['?filters=%7B%22owner%22%3A-1%7D', '?filters=%7B%22owner%22%3A-1%7D'],
    ['', ''],
    ['?', '?'],
  ])('%s → %s', (search, expected) => {
    expect(mapSearch(search, map)).toBe(expected);
  });

  it('maps stored entity keys of entries the app cannot read', () => {
    expect(mapEntityKey('sheets:-1', map)).toBe('sheets:1234');
    expect(mapEntityKey('threads:ORDER:-5', map)).toBe('threads:ORDER:900');
    expect(mapEntityKey('todos:4', map)).toBe('todos:4');
  });
});

describe('mergeIdMap', () => {
  it('keeps only temporary → server pairs', () => {
    expect([
      ...mergeIdMap(new Map([[-1, 5]]), [
        [-2, 6],
        [3, 7],
        [-4, -8],
      ]),
    ]).toEqual([
      [-1, 5],
      [-2, 6],
    ]);
  });
});

describe('mapping in any order of arrival', () => {
  const mutationFor = (kind: number, a: number, b: number): MutationInput => {
    switch (kind) {
      case 0:
        return createSheet(a, { brand: { id: b, name: 'X', view: null } });
      case 1:
        return saveDraft(a, 0, { brand: { id: b, name: 'X', view: null } });
      case 2:
        return message(a, b);
      case 3:
        return todoState(a, 'READ');
      default:
        return sheetOwner(a, 0);
    }
  };

  it('gives the same entries, rows and URL whichever order the mappings come in', () => {
    const temp = fc.integer({ min: -8, max: -1 });
    const anyId = fc.oneof(temp, fc.integer({ min: 1, max: 50 }));
    const arbitrary = fc.record({
      specs: fc.array(fc.tuple(fc.integer({ min: 0, max: 4 }), anyId, anyId), { maxLength: 8 }),
      // Each temporary id maps to one server id (server ids are never reused).
      targets: fc.uniqueArray(fc.integer({ min: 100, max: 10_000 }), {
        minLength: 8,
        maxLength: 8,
      }),
      order: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
    });
    fc.assert(
      fc.property(arbitrary, ({ specs, targets, order }) => {
        const pairs = targets.map((server, i) => [-(i + 1), server] as const);
        const shuffled = [...pairs].sort(
          (x, y) => (order[-x[0] - 1] ?? 0) - (order[-y[0] - 1] ?? 0),
        );
        const entries: OutboxEntry[] = specs.map(([kind, a, b], i) => ({
          ...entry(i + 1, mutationFor(kind, a, b)),
          before: { [`sheets:${a}`]: sheetRow(a, 0, { brand: { id: b } }) },
        }));
        const rows = new Map<RowKey, Row | null>(
          specs.map(([, a, b]) => [`todos:${a}`, todoRow(a, 0, 'UNREAD', { module_id: b })]),
        );
        const search = `?id=${specs[0]?.[1] ?? -1}&module_id=${specs[0]?.[2] ?? -2}`;

        const all = new Map(pairs);
        let stepEntries = entries;
        let stepRows: Map<RowKey, Row | null> = rows;
        let stepSearch = search;
        for (const pair of shuffled) {
          const one = new Map([pair]);
          stepEntries = mapEntries(stepEntries, one);
          stepRows = mapRows(stepRows, one);
          stepSearch = mapSearch(stepSearch, one);
        }
        expect(stepEntries).toEqual(mapEntries(entries, all));
        expect([...stepRows]).toEqual([...mapRows(rows, all)]);
        expect(stepSearch).toBe(mapSearch(search, all));
      }),
      { numRuns: 300 },
    );
  });
});
