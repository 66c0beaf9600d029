// The device's trouble reports (src/sync/live/troubleReports.ts): which statuses are trouble,
// under which company, and that each is sent when it appears, not again within the hour, again
// after it, and retried when a send fails.
import { describe, expect, it } from 'vitest';
import { STUCK_AFTER_MS } from '../../../src/contract/api/reports';
import { UNKNOWN_STATUS } from '../../../src/features/sync/summary';
import type { SyncStatus } from '../../../src/sync/engine/status';
import {
  REPORT_AGAIN_MS,
  TroubleReporter,
  troublesOf,
} from '../../../src/sync/live/troubleReports';

const calm: SyncStatus = {
  ...UNKNOWN_STATUS,
  online: true,
  companies: [{ companyId: 7, syncing: false, done: 0, total: null, lastSyncedAt: 1, error: null }],
};

const stuck: SyncStatus = { ...calm, pending: 3, oldestPendingAgeMs: STUCK_AFTER_MS };

describe('troublesOf', () => {
  it('finds nothing in a calm status, nor in changes waiting offline or for a new sign-in', () => {
    expect(troublesOf(calm, 7)).toEqual([]);
    expect(troublesOf({ ...stuck, online: false }, 7)).toEqual([]);
    expect(troublesOf({ ...stuck, pausedForAuth: true }, 7)).toEqual([]);
    expect(troublesOf({ ...stuck, oldestPendingAgeMs: STUCK_AFTER_MS - 1 }, 7)).toEqual([]);
  });

  it('reports stuck, refused and unreadable changes, failed pulls and storage faults', () => {
    const failure = { code: 'CONFLICT', message: '数据已被修改', status: 409 };
    const status: SyncStatus = {
      ...stuck,
      companies: [
        { ...calm.companies[0], companyId: 7, error: '服务器错误' } as SyncStatus['companies'][0],
        {
          ...calm.companies[0],
          companyId: 8,
          error: 'gone',
          left: true,
        } as SyncStatus['companies'][0],
      ],
      failed: [
        { id: 'a', type: 'sheet.owner', companyId: 8, entity: 's:1', failure },
        { id: 'b', type: 'sheet.owner', companyId: 8, entity: 's:2', failure },
      ] as SyncStatus['failed'],
      unreadable: [{ id: null, reason: 'newer app' }],
      storageError: { kind: 'quota', message: '存储空间不足' },
    };
    expect(troublesOf(status, 7)).toEqual([
      { companyId: 7, kind: 'storage', code: 'quota', count: 1 },
      { companyId: 7, kind: 'outbox', code: 'PENDING_WHILE_ONLINE', count: 3 },
      { companyId: 8, kind: 'outbox', code: 'REFUSED', count: 2 },
      { companyId: 7, kind: 'outbox', code: 'UNREADABLE', count: 1 },
      { companyId: 7, kind: 'pull', code: 'FAILED', count: 1 },
    ]);
  });
});

describe('TroubleReporter', () => {
  function harness() {
    let now = 1_000_000;
    let up = true;
    const sent: Array<{ url: string; body: unknown }> = [];
    const reporter = new TroubleReporter({
      companies: [7],
      baseUrl: 'https://app.example',
      getToken: async () => 'token',
      now: () => now,
      fetch: async (url, init) => {
        if (!up) throw new TypeError('Failed to fetch');
        sent.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ data: { counted: 1 } }), { status: 200 });
      },
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    return {
      reporter,
      sent,
      settle,
      later: (ms: number) => {
        now += ms;
      },
      network: (online: boolean) => {
        up = online;
      },
    };
  }

  it('sends a trouble once when it appears, not again within the hour, again after it', async () => {
    const h = harness();
    h.reporter.observe(stuck);
    await h.settle();
    h.reporter.observe(stuck);
    await h.settle();
    expect(h.sent).toEqual([
      {
        url: 'https://app.example/api/v7/client-reports?currentCompanyId=7',
        body: { reports: [{ kind: 'outbox', code: 'PENDING_WHILE_ONLINE', count: 3 }] },
      },
    ]);
    h.later(REPORT_AGAIN_MS);
    h.reporter.observe(stuck);
    await h.settle();
    expect(h.sent).toHaveLength(2);
  });

  it('tries again with the next status when the report could not be sent', async () => {
    const h = harness();
    h.network(false);
    h.reporter.observe(stuck);
    await h.settle();
    expect(h.sent).toHaveLength(0);
    h.network(true);
    h.reporter.observe(stuck);
    await h.settle();
    expect(h.sent).toHaveLength(1);
  });
});
