// Records every read that reaches IndexedDB (Dexie's lowest middleware level): which table, which
// index, and whether the range was bounded. A list query that scans (a whole table, or filter()
// over a company's rows) shows up here as an unbounded range or an unexpected index.
import type { DBCore, DBCoreQuery, DBCoreTable } from 'dexie';
import type { PurchasingDb } from '../../src/data/db';

export interface Read {
  table: string;
  /** Index name as Dexie knows it ('' for the primary key). */
  index: string;
  /** Whether the range was unbounded (a full scan of the index or table). */
  unbounded: boolean;
}

/** Dexie's DBCoreRangeType.Any (a const enum, which isolatedModules cannot read). */
const RANGE_ANY = 3;

/** Installs the probe on a database that is not open yet; returns the growing list of reads. */
export function probeReads(db: PurchasingDb): Read[] {
  const reads: Read[] = [];
  const note = (table: string, query: DBCoreQuery) => {
    reads.push({
      table,
      index: query.index.name ?? '',
      unbounded: Number(query.range.type) === RANGE_ANY,
    });
  };
  db.use({
    stack: 'dbcore',
    name: 'test-read-probe',
    level: 0,
    create: (down: DBCore): DBCore => ({
      ...down,
      table: (name: string): DBCoreTable => {
        const table = down.table(name);
        return {
          ...table,
          query: (request) => {
            note(name, request.query);
            return table.query(request);
          },
          openCursor: (request) => {
            note(name, request.query);
            return table.openCursor(request);
          },
          count: (request) => {
            note(name, request.query);
            return table.count(request);
          },
        };
      },
    }),
  });
  return reads;
}
