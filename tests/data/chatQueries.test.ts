// The chat panel's read (src/data/lists/queries.ts chatMessages): the messages of up to two records
// (an order and its sheet) as one company sees them, oldest first, each thread read as one
// bounded range of its index.
import './rows';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TodoRow } from '../../src/contract/feedRows';
import type { PurchasingDb } from '../../src/data/db';
import { chatMessages } from '../../src/data/lists/queries';
import { applyRows } from '../../src/data/writes';
import { probeReads, type Read } from './probe';
import { at, freshDb, todo } from './rows';

const ORDER = { module: 'ORDER', moduleId: 7 } as const;
const SHEET = { module: 'INQUERY_QUOTATION_SHEET', moduleId: 3 } as const;

// Times interleave between the two records, collide on purpose (ids 4 and 5), and run against the
// ids; a mail on the order, another order's message and company 2's copy are left out.
const rows: TodoRow[] = [
  todo(1, { module: ORDER.module, module_id: ORDER.moduleId, create_time: at(30) }),
  todo(2, { module: SHEET.module, module_id: SHEET.moduleId, create_time: at(10) }),
  todo(3, { module: ORDER.module, module_id: ORDER.moduleId, create_time: at(20) }),
  todo(4, { module: SHEET.module, module_id: SHEET.moduleId, create_time: at(25) }),
  todo(5, { module: ORDER.module, module_id: ORDER.moduleId, create_time: at(25) }),
  todo(6, { module: ORDER.module, module_id: ORDER.moduleId, type: 'MAIL', create_time: at(1) }),
  todo(7, { module: 'ORDER', module_id: 8, create_time: at(2) }),
];

let db: PurchasingDb;
let reads: Read[];
beforeAll(async () => {
  db = freshDb('chat-queries');
  reads = probeReads(db);
  await db.open();
  await applyRows(db, 1, 'todos', rows);
  await applyRows(db, 2, 'todos', [todo(9, { module: 'ORDER', module_id: 7, create_time: at(5) })]);
});
afterAll(async () => {
  await db.delete({ disableAutoOpen: true });
});

describe('chatMessages', () => {
  it('merges the record’s and the linked record’s messages, oldest first', async () => {
    const start = reads.length;
    const thread = await chatMessages(db, { companyId: 1, threads: [ORDER, SHEET] });
    expect(thread.map((t) => t.id)).toEqual([2, 3, 4, 5, 1]);
    expect(thread.every((t) => t.company_id === 1)).toBe(true);
    expect(reads.slice(start)).toEqual([
      { table: 'todos', index: '[company_id+thread+create_time]', unbounded: false },
      { table: 'todos', index: '[company_id+thread+create_time]', unbounded: false },
    ]);
  });

  it('one record alone', async () => {
    const thread = await chatMessages(db, { companyId: 1, threads: [ORDER] });
    expect(thread.map((t) => t.id)).toEqual([3, 5, 1]);
  });

  it('as another company sees it', async () => {
    const thread = await chatMessages(db, { companyId: 2, threads: [ORDER, SHEET] });
    expect(thread.map((t) => t.id)).toEqual([9]);
  });
});
