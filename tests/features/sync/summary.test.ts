// The header's reading of the engine status: which tone and words win when several things are
// true at once, when a first sync shows a bar, and which warnings are raised.
import { describe, expect, it } from 'vitest';
import {
  deliveryNotice,
  OLD_PENDING_MS,
  summarizeSync,
  UNKNOWN_STATUS,
} from '../../../src/features/sync/summary';
import type { CompanyStatus, SyncStatus } from '../../../src/sync/engine/status';

const A = 11;
const B = 12;

const company = (extra: Partial<CompanyStatus> = {}): CompanyStatus => ({
  companyId: A,
  syncing: false,
  done: 0,
  total: null,
  lastSyncedAt: 1_700_000_000_000,
  error: null,
  ...extra,
});

const status = (extra: Partial<SyncStatus> = {}): SyncStatus => ({
  online: true,
  pausedForAuth: false,
  companies: [company(), company({ companyId: B })],
  pending: 0,
  oldestPendingAgeMs: null,
  failed: [],
  unreadable: [],
  waitingForUploads: 0,
  storage: null,
  storageError: null,
  uploads: {},
  ...extra,
});

const failure = {
  id: 'c:1',
  type: 'sheet.changeOwner',
  companyId: A,
  entity: 'sheets:5',
  failure: { status: 400, code: 'BAD', message: '负责人不存在', serverRow: null },
};

describe('summarizeSync', () => {
  it('reports storage faults and a nearly full quota', () => {
    const fault = summarizeSync(
      status({ storageError: { kind: 'quota', message: '本机存储空间已满' } }),
      A,
    );
    expect(fault.tone).toBe('attention');
    expect(fault.warnings).toEqual(['本机存储空间已满']);
    const full = summarizeSync(status({ storage: { usage: 95, quota: 100, persisted: true } }), A);
    expect(full.warnings).toEqual(['本机存储空间即将用完（已用 95%），请清理设备空间']);
    const fine = summarizeSync(status({ storage: { usage: 10, quota: 100, persisted: false } }), A);
    expect(fine.warnings).toEqual([]);
  });

  it('knows nothing before the first status', () => {
    expect(summarizeSync(UNKNOWN_STATUS, A)).toMatchObject({ tone: 'connecting', label: '连接中' });
  });

  it.each([
    ['all synced', status(), 'synced', '已同步'],
    ['offline beats pending', status({ online: false, pending: 2 }), 'offline', '离线'],
    [
      'a paused session beats offline',
      status({ online: false, pausedForAuth: true }),
      'paused',
      '需重新登录',
    ],
    ['failures need attention', status({ failed: [failure] }), 'attention', '需要处理'],
    [
      'pending while online is syncing',
      status({ pending: 1, oldestPendingAgeMs: 1000 }),
      'syncing',
      '同步中',
    ],
    [
      'a pull of this company is syncing',
      status({ companies: [company({ syncing: true })] }),
      'syncing',
      '同步中',
    ],
    ['nothing observed yet', status({ online: null }), 'connecting', '连接中'],
    [
      'online but never synced',
      status({ companies: [company({ lastSyncedAt: null })] }),
      'connecting',
      '尚未同步',
    ],
  ])('%s', (_name, given, tone, label) => {
    const summary = summarizeSync(given, A);
    expect(summary.tone).toBe(tone);
    expect(summary.label).toBe(label);
  });

  it('reads the company the user works in, not another one', () => {
    const given = status({
      companies: [company(), company({ companyId: B, error: '服务器繁忙，请稍后重试' })],
    });
    expect(summarizeSync(given, A).tone).toBe('synced');
    const other = summarizeSync(given, B);
    expect(other.tone).toBe('attention');
    expect(other.warnings).toEqual(['同步出错：服务器繁忙，请稍后重试']);
  });

  it('shows a bar only during a first sync of a large company', () => {
    const first = company({ syncing: true, lastSyncedAt: null, done: 2500, total: 10000 });
    expect(summarizeSync(status({ companies: [first] }), A).progress).toEqual({
      done: 2500,
      total: 10000,
      percent: 25,
      label: '首次同步：2,500 / 10,000 条（25%）',
    });
    const small = company({ syncing: true, lastSyncedAt: null, done: 20, total: 80 });
    expect(summarizeSync(status({ companies: [small] }), A).progress).toBeNull();
    const catchUp = company({ syncing: true, done: 2500, total: 10000 });
    expect(summarizeSync(status({ companies: [catchUp] }), A).progress).toBeNull();
    const overrun = company({ syncing: true, lastSyncedAt: null, done: 1200, total: 1000 });
    expect(summarizeSync(status({ companies: [overrun] }), A).progress?.percent).toBe(100);
  });

  it('warns about an old pending change, failures and a paused session', () => {
    const fresh = summarizeSync(status({ pending: 1, oldestPendingAgeMs: OLD_PENDING_MS - 1 }), A);
    expect(fresh.warnings).toEqual([]);
    const old = summarizeSync(
      status({
        pending: 3,
        oldestPendingAgeMs: 3 * 60 * 60_000,
        failed: [failure],
        pausedForAuth: true,
      }),
      A,
    );
    expect(old.warnings).toEqual([
      '登录已过期，更改会保留在本机，重新登录后继续同步',
      '有 1 条更改同步失败，请处理',
      '有更改已等待 3 小时未同步',
    ]);
    expect(old.pending).toBe(3);
    expect(old.failed).toBe(1);
  });
});

describe('deliveryNotice (closing the app with changes waiting)', () => {
  const waiting = [{ state: 'waiting' as const }];

  it('says nothing where the browser sends in the background, or nothing waits', () => {
    expect(deliveryNotice('background', waiting)).toBeNull();
    expect(deliveryNotice('next-open', [])).toBeNull();
    expect(deliveryNotice('next-open', [{ state: 'failed' }, { state: 'conflict' }])).toBeNull();
  });

  it('says the changes go at the next open without Background Sync', () => {
    expect(deliveryNotice('next-open', waiting)).toBe(
      '此浏览器不支持后台同步：关闭应用后，待同步更改会在下次打开应用时发送。',
    );
    expect(deliveryNotice('next-open', [{ state: 'retrying' }])).not.toBeNull();
  });

  it('says the browser turned it off after a refusal', () => {
    expect(deliveryNotice('refused', [{ state: 'waiting-files' }])).toBe(
      '浏览器已关闭本站的后台同步：待同步更改会在下次打开应用时发送。',
    );
  });
});
