// A tab that lost leadership while frozen mid-send hears "connection lost" for its old attempt
// after the new leader already recorded the server's refusal of the same entry. That late answer
// must not turn the refusal back into a pending entry nobody sends (found by the property test
// under load: the outbox was not empty at rest).
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { enqueueEntry } from '../../../src/sync/engine/commands';
import { recordOutcome } from '../../../src/sync/engine/push';
import { loadEntry } from '../../../src/sync/outbox';
import { openLocal } from './engineHarness';

describe('an answer recorded after the entry was refused', () => {
  it('leaves the refusal as it is; an applied answer would still count', async () => {
    const db = await openLocal();
    const now = Date.now();
    const deps = {
      db,
      fetch: async () => {
        throw new Error('not used');
      },
      baseUrl: '',
      now: () => now,
      random: () => 0.5,
    };
    const id = await enqueueEntry(db, {
      clientId: 'client-1',
      userSub: '1',
      companyId: 7,
      now,
      mutation: {
        type: 'sheet.changeOwner',
        payload: { id: 4, ifMatch: 3, owner: { id: 9, name: '离职员工' } },
      },
    });
    await recordOutcome(deps, id, {
      kind: 'rejected',
      status: 422,
      code: 'OWNER_LEFT',
      message: '负责人已离职',
      serverRow: null,
    });
    expect((await loadEntry(db, id))?.status).toBe('failed');

    await recordOutcome(deps, id, {
      kind: 'retry',
      status: null,
      retryAfterMs: null,
      message: '网络连接已断开',
    });
    const after = await loadEntry(db, id);
    expect(after?.status).toBe('failed');
    expect(after?.failure?.code).toBe('OWNER_LEFT');
    db.close();
  });
});
