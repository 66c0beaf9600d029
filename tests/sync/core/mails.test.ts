// The optimistic effects of the mail and message-delete mutations (src/sync/core/mutations/mails.ts):
// a mail written offline shows at once as a pending MAIL row, an edit or a state change shows on
// that row, a delete removes it and a refusal puts it back; every change of an offline mail waits
// for its create (same entity, its temporary id as a reference); effects are idempotent.
import { describe, expect, it } from 'vitest';
import {
  effectOn,
  entityOf,
  type OutboxEntry,
  unmappedRefs,
} from '../../../src/sync/core/mutations';
import { enqueueEffect, rollback } from '../../../src/sync/core/rebase';
import { PENDING_FIELD, rowKey } from '../../../src/sync/core/types';
import { COMPANY, entry, NOW, todoRow } from './fixtures';
import { mailCreate, mailDelete, mailState, mailUpdate, messageDelete } from './mailFixtures';

const mail = (extra: Record<string, unknown> = {}) =>
  todoRow(6, 3, 'UNREAD', {
    type: 'MAIL',
    module: null,
    module_id: null,
    mail_state: 'draft',
    from_company_id: COMPANY,
    ...extra,
  });
const twice = (e: OutboxEntry, row: Parameters<typeof effectOn>[0]) =>
  effectOn(effectOn(row, e), e);

describe('mail effects', () => {
  it('writes a pending MAIL row from the company of the entry, bound to no record', () => {
    const e = entry(1, mailCreate(-6));
    const row = effectOn(null, e);
    expect(row).toMatchObject({
      id: -6,
      type: 'MAIL',
      state: 'UNREAD',
      subject: '下周盘点',
      mail_state: 'draft',
      module: null,
      from_company_id: COMPANY,
      from_contacts_id: 7,
      to_company_id: 11,
      to_contacts_id: 8,
      to_contacts_name: '张管理',
      create_time: new Date(NOW).toISOString(),
      [PENDING_FIELD]: true,
    });
    expect(twice(e, null)).toEqual(row);
  });

  it('leaves a pulled row of that id alone (the server’s copy wins)', () => {
    const pulled = mail({ id: -6 });
    expect(effectOn(pulled, entry(1, mailCreate(-6)))).toBe(pulled);
  });

  it('edits subject and recipient, and sends the draft with the edit', () => {
    const e = entry(2, mailUpdate(6, { subject: ' 下周三盘点 ', mailState: 'send' }));
    const row = effectOn(mail(), e);
    expect(row).toMatchObject({
      subject: '下周三盘点',
      to_contacts_id: null,
      to_contacts_name: null,
      mail_state: 'send',
      event_type: 'UPDATE',
      [PENDING_FIELD]: true,
    });
    expect(twice(e, mail())).toEqual(row);
    expect(effectOn(mail(), entry(2, mailUpdate(6)))?.mail_state).toBe('draft');
  });

  it('files a mail under a state, and changes nothing when it is already there', () => {
    expect(effectOn(mail(), entry(3, mailState(6, 'junk')))).toMatchObject({
      mail_state: 'junk',
      [PENDING_FIELD]: true,
    });
    const junk = mail({ mail_state: 'junk' });
    expect(effectOn(junk, entry(3, mailState(6, 'junk')))).toBe(junk);
  });

  it('deletes the row at once; a refusal puts it back as it was', () => {
    for (const mutation of [mailDelete(6), messageDelete(6)]) {
      const e = entry(4, mutation);
      const { rows, entry: stored } = enqueueEffect(new Map([[rowKey('todos', 6), mail()]]), e);
      expect(rows.get(rowKey('todos', 6))).toBeNull();
      const back = rollback(stored, []);
      expect(back.rows.get(rowKey('todos', 6))).toEqual(mail());
    }
  });

  it('orders every change of an offline mail after its create', () => {
    const create = entry(1, mailCreate(-6));
    for (const later of [mailUpdate(-6), mailState(-6, 'junk'), mailDelete(-6)]) {
      const e = entry(2, later);
      expect(entityOf(e)).toEqual(entityOf(create));
      expect(unmappedRefs(e, new Map())).toEqual([-6]);
      expect(unmappedRefs(e, new Map([[-6, 60]]))).toEqual([]);
    }
    expect(unmappedRefs(entry(2, messageDelete(-4)), new Map())).toEqual([-4]);
  });
});
