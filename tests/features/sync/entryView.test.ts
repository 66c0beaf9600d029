// The pending-changes view's reading of an outbox entry: its words, its state, what the user may
// do with it, and the two versions of a conflict.
import { describe, expect, it } from 'vitest';
import { MEMBERSHIP_MESSAGES } from '../../../src/domain/messages/session';
import { entryView } from '../../../src/features/sync/entryView';
import { entry, message, sheetOwner, todoState } from '../../sync/core/fixtures';

const conflict = (serverRow: Record<string, unknown> | null) => ({
  status: 409,
  code: 'VERSION_CONFLICT',
  message: '数据已被他人修改，请确认后重试',
  serverRow: serverRow === null ? null : { id: 5, version: 9, ...serverRow },
});

describe('entryView', () => {
  it.each([
    ['new', {}, 'waiting', '等待发送', true],
    [
      'retrying',
      { attempts: 2, lastError: '网络连接失败，请检查网络后重试' },
      'retrying',
      '等待重试',
      true,
    ],
    ['in flight', { status: 'sending' as const }, 'sending', '发送中', false],
    ['applied', { status: 'applied' as const }, 'applied', '已提交，等待确认', false],
  ])('a %s entry', (_name, meta, state, label, canDiscard) => {
    const view = entryView(entry(1, sheetOwner(5, 3), meta));
    expect(view).toMatchObject({ state, stateLabel: label, canRetry: false, canDiscard });
    expect(view.title).toBe('更换询价单负责人');
    expect(view.subject).toBe('询价单 #5 → 员工9');
  });

  it('shows the last network error while it waits, and the server message once refused', () => {
    const waiting = entryView(entry(1, sheetOwner(5, 3), { attempts: 1, lastError: '超时' }));
    expect(waiting.message).toBe('超时');
    const failed = entryView(
      entry(1, sheetOwner(5, 3), {
        status: 'failed',
        failure: { status: 400, code: 'BAD', message: '负责人不存在', serverRow: null },
      }),
    );
    expect(failed).toMatchObject({
      state: 'failed',
      stateLabel: '同步失败',
      message: '负责人不存在',
      canRetry: true,
      canDiscard: true,
      conflict: null,
    });
  });

  it('offers only discarding for a change of a company the user left, with the reason', () => {
    const view = entryView(
      entry(1, sheetOwner(5, 3), {
        status: 'failed',
        failure: {
          status: 403,
          code: 'NOT_A_MEMBER',
          message: MEMBERSHIP_MESSAGES.ENTRY_UNSENDABLE,
          serverRow: null,
        },
      }),
    );
    expect(view).toMatchObject({
      message: MEMBERSHIP_MESSAGES.ENTRY_UNSENDABLE,
      canRetry: false,
      canDiscard: true,
    });
  });

  it('shows an entry too old to send as waiting for the user, who may resubmit or discard', () => {
    const view = entryView(
      entry(1, sheetOwner(5, 3), {
        status: 'failed',
        failure: {
          status: 0,
          code: 'ENTRY_EXPIRED',
          message: '该更改已超过28天未能发送，请确认后重新提交或放弃',
          serverRow: null,
        },
      }),
    );
    expect(view).toMatchObject({
      state: 'expired',
      stateLabel: '超时未发送',
      message: '该更改已超过28天未能发送，请确认后重新提交或放弃',
      canRetry: true,
      canDiscard: true,
      conflict: null,
    });
  });

  it('puts the server owner beside the local one on a conflict', () => {
    const view = entryView(
      entry(1, sheetOwner(5, 3), {
        status: 'failed',
        failure: conflict({ current_node: { contacts_user: { id: 4, name: '张三' } } }),
      }),
    );
    expect(view.state).toBe('conflict');
    expect(view.stateLabel).toBe('数据冲突');
    expect(view.conflict).toEqual([
      { field: 'owner', label: '负责人', mine: '员工9', server: '张三' },
    ]);
  });

  it('names messages and to-do changes, and marks ids not yet on the server', () => {
    expect(entryView(entry(1, message(-3, 8))).subject).toBe('请确认交期');
    const favourite = entryView(entry(2, todoState(-4, 'DELAYED')));
    expect(favourite.title).toBe('更新待办状态：收藏');
    expect(favourite.subject).toBe('待办 新建（未同步）');
  });

  it('reports entries waiting for their attachments, with the files, and only while they wait', () => {
    const files = [{ id: 'f1', name: '铭牌.png', size: 70, uploaded: false }];
    const waiting = entryView(entry(1, message(-3, 8)), { waitingFiles: true, files });
    expect(waiting.stateLabel).toBe('等待上传附件');
    expect(waiting.files).toEqual(files);
    expect(entryView(entry(1, message(-3, 8)), { files }).files).toEqual([]);
  });
});
