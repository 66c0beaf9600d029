// What a rolled-back app lists of a newer database's outbox: the unsent entries it can read, in
// the pending-changes view's words, a count of those it cannot, and an export keeping them all.
import { describe, expect, it } from 'vitest';
import { outdatedOutbox } from '../../../src/features/sync/outdatedOutbox';
import { createSheet, entry, sheetOwner } from '../../sync/core/fixtures';

describe('outdatedOutbox', () => {
  const pending = entry(1, createSheet(-1));
  const failed = entry(2, sheetOwner(5, 3), {
    status: 'failed',
    failure: { status: 422, code: 'RULE', message: '负责人不存在', serverRow: null },
  });
  const applied = entry(3, sheetOwner(6, 1), { status: 'applied' });
  const newer = { ...entry(4, sheetOwner(7, 1)), type: 'sheet.archive', payload: { id: 7 } };
  const result = outdatedOutbox({ version: 5, outbox: [pending, failed, applied, newer] });

  it('lists the unsent entries it can read, newest first, and counts the others', () => {
    expect(result.entries.map((view) => [view.title, view.subject])).toEqual([
      ['更换询价单负责人', '询价单 #5 → 员工9'],
      ['新建询价单', 'Siemens（1 个产品）'],
    ]);
    expect(result.unreadable).toBe(1);
  });

  it('exports every unsent entry as stored, leaving out only those the server has', () => {
    expect(JSON.parse(result.exportText)).toEqual({
      schemaVersion: 5,
      outbox: JSON.parse(JSON.stringify([pending, failed, newer])),
    });
  });
});
