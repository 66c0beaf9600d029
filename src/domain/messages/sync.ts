// Wording of the sync status and the pending-changes view. The specs describe an online-only
// product and word none of this; these are our own, kept here beside the specs' messages so every
// user-visible string lives in one place.
import { OUTBOX_SEND_WINDOW_DAYS } from '../sync/retention';

export const SYNC_LABELS = {
  OFFLINE: '离线',
  SYNCING: '同步中',
  SYNCED: '已同步',
  NEVER_SYNCED: '尚未同步',
  ATTENTION: '需要处理',
  PAUSED_FOR_AUTH: '需重新登录',
  CONNECTING: '连接中',
  PENDING_CHANGES: '待同步更改',
  /** A file of a waiting change: its upload's bytes, or where it stands. */
  UPLOAD_PROGRESS: (sent: string, total: string) => `已上传 ${sent} / ${total}`,
  UPLOAD_WAITING: (total: string) => `等待上传（${total}）`,
  UPLOAD_DONE: (total: string) => `已上传（${total}）`,
  /** The marker of a row whose optimistic change has not reached the server yet. */
  PENDING: '待同步',
  NO_PENDING: '所有更改都已同步',
  VIEW_PENDING: '查看待同步更改',
  SYNC_NOW: '立即同步',
  LAST_SYNCED: '上次同步',
  RETRY: '重试',
  DISCARD: '放弃更改',
  KEEP_MINE: '以我的更改为准',
  SERVER_VERSION: '服务器上的版本',
  MY_CHANGE: '我的更改',
  DISCARD_CONFIRM_TITLE: '放弃这条更改？',
  DISCARD_CONFIRM: '放弃后，这条更改不会再发送，本机上的修改也会撤回。',
  CANCEL: '取消',
  CONFIRM: '确定',
  UNREADABLE: '这条更改由更新版本的应用写入，当前版本无法发送，请刷新页面更新应用',
  /** An entry older than the send window (src/domain/sync/retention.ts): the user decides. */
  EXPIRED: `该更改已超过${OUTBOX_SEND_WINDOW_DAYS}天未能发送，请确认后重新提交或放弃`,
  RESUBMIT: '确认并重新提交',
  /** An entry on a row created offline whose create was discarded: it can never be sent. */
  CREATE_DISCARDED: '所属的新建记录已被放弃，这条更改无法发送',
  /** A rolled-back (older) app on a database a newer app upgraded (src/data/readOnly.ts). */
  OUTDATED_TITLE: '应用版本低于本机数据',
  OUTDATED_NOTICE:
    '本机数据由更新版本的应用保存，当前版本只能查看尚未发送的更改，不能修改或发送。更新应用后即可继续使用，本机数据不会丢失。',
  OUTDATED_NONE: '本机没有尚未发送的更改',
  OUTDATED_EXPORT: '导出未发送的更改',
  /** Changes wait and this browser has no Background Sync (Safari, Firefox): decisions.md. */
  NO_BACKGROUND_SYNC: '此浏览器不支持后台同步：关闭应用后，待同步更改会在下次打开应用时发送。',
  /** Changes wait and the browser refused this site Background Sync. */
  BACKGROUND_SYNC_REFUSED: '浏览器已关闭本站的后台同步：待同步更改会在下次打开应用时发送。',
  OUTDATED_FILE: '未发送的更改.json',
} as const;

export const ENTRY_STATE_LABELS = {
  waiting: '等待发送',
  retrying: '等待重试',
  sending: '发送中',
  applied: '已提交，等待确认',
  failed: '同步失败',
  conflict: '数据冲突',
  expired: '超时未发送',
  'waiting-files': '等待上传附件',
} as const;
export type EntryStateKey = keyof typeof ENTRY_STATE_LABELS;

/** By outbox mutation type (src/sync/core/mutations.ts; the app checks the list is complete). */
export const MUTATION_LABELS = {
  'sheet.create': '新建询价单',
  'sheet.saveDraft': '保存询价单草稿',
  'sheet.changeOwner': '更换询价单负责人',
  'order.changeOwner': '更换订单负责人',
  'order.requestCancel': '申请取消订单',
  'order.setForecast': '修改预计到货日期',
  'message.post': '发送消息',
  'todo.setState': '更新待办状态',
  'message.delete': '删除消息',
  'mail.create': '写邮件',
  'mail.update': '编辑邮件',
  'mail.setState': '更改邮件状态',
  'mail.delete': '删除邮件草稿',
} as const;

/** "3 分钟", "2 小时", "1 天": how long something has waited. */
export function waitedFor(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return '不到 1 分钟';
  if (minutes < 60) return `${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} 小时`;
  return `${Math.floor(hours / 24)} 天`;
}

export const syncWarnings = {
  failed: (n: number) => `有 ${n} 条更改同步失败，请处理`,
  oldPending: (waited: string) => `有更改已等待 ${waited}未同步`,
  pending: (n: number) => `${n} 条更改待同步`,
  progress: (done: string, total: string, percent: number) =>
    `首次同步：${done} / ${total} 条（${percent}%）`,
  companyError: (message: string) => `同步出错：${message}`,
  pausedForAuth: '登录已过期，更改会保留在本机，重新登录后继续同步',
  storageFull: (percent: number) => `本机存储空间即将用完（已用 ${percent}%），请清理设备空间`,
  unreadable: (n: number) => `有 ${n} 条更改需要更新应用后才能发送`,
  outdatedUnreadable: (n: number) =>
    `另有 ${n} 条更改由更新版本的应用写入，当前版本无法显示详情，导出文件中包含全部内容`,
} as const;
