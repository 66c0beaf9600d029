// Messages both specs share (purchasing-core §8, settings-messaging-shared §8), keyed constants
// with the exact Chinese text, plus the few the offline-first app needs that the specs do not word.

export const COMMON_MESSAGES = {
  /** HTTP 401; the app then logs the user out. */
  SESSION_EXPIRED: '身份信息已过期，请重新刷新页面或重新登录',
  /** HTTP 403. */
  NO_PERMISSION: '你暂无该权限，请先获取权限',
  /** HTTP 413. */
  FILE_TOO_LARGE: '文件上传失败，文件不能大于 20M',
  /** Login found no usable company; the app then logs the user out. */
  NO_COMPANY_BOUND: '当前登录账号无绑定公司，或者绑定公司无权限登录该系统！',
  COPY_SUCCEEDED: '复制成功!',
  COPY_FAILED: '复制失败，可能浏览器不支持!',
  /** Shown in place of an absent money value (and an unknown shipment period). */
  TO_BE_CONFIRMED: '待确认',

  // Not worded by the specs (our own):
  /** An action that needs the server was attempted while offline. */
  OFFLINE_ACTION: '当前离线，该操作需要联网后再试',
  /** The request never got an answer (DNS, reset, timeout). */
  NETWORK_FAILED: '网络连接失败，请检查网络后重试',
  /** A 5xx (or any unexpected answer) without an error_message. */
  SERVER_BUSY: '服务器繁忙，请稍后重试',
  /** 503: the database timed out (a lock or a statement) or had no connection free in time. */
  DATABASE_BUSY: '数据库繁忙，请稍后再试',
  /** A public call made too often from one address (429). */
  TOO_MANY_REQUESTS: '操作过于频繁，请稍后再试',
  /** A 4xx other than 401/403/413 without an error_message. */
  BAD_REQUEST: '请求参数有误',
  /** 400: a field holds a NUL character or broken UTF-16 (server/http/textGuard.ts). */
  INVALID_TEXT: '输入包含无效字符',
  /** A 404 without an error_message (an id that no longer exists, an unknown API path). */
  NOT_FOUND: '请求的资源不存在',
  /** 409: the row changed on the server since the user's copy (both versions are shown). */
  VERSION_CONFLICT: '数据已被他人修改，请确认后重试',
  /** An attachment could not be read (from the device or the server) to be opened. */
  ATTACHMENT_OPEN_FAILED: '附件打开失败，请稍后重试',
} as const;

/** The buttons of every confirmation. */
export const COMMON_LABELS = {
  CONFIRM: '确定',
  CANCEL: '取消',
  /** ours: the name of a dialog's × button (closing a confirmation answers no). */
  CLOSE: '关闭',
  /** ours: the name of the copy button beside a number (the spec words only its messages). */
  COPY: '复制',
  /** ours: the eye button of a password field (Mantine names it in English). */
  SHOW_PASSWORD: '显示或隐藏密码',
} as const;

export type CommonMessageKey = keyof typeof COMMON_MESSAGES;

/**
 * Local storage faults, by kind (src/data/storageErrors.ts); ours, the specs describe an online
 * product. Shown while the fault lasts; every one keeps what was already saved on the device.
 */
export const STORAGE_MESSAGES = {
  quota: '设备存储空间不足，新的更改无法保存到本机，请清理空间后重试',
  'backing-store': '浏览器无法使用本地存储（可能处于无痕模式或磁盘异常），更改无法保存到本机',
  'connection-lost': '与本地数据库的连接已断开，正在重新连接',
  version: '应用已在其他窗口更新，请刷新页面',
  other: '本机数据保存失败，请稍后重试',
} as const;

/** ours: an outbox entry names an attachment this device no longer holds (discarded, cleared). */
export const ATTACHMENT_MISSING = '附件已不在本设备上，请重新添加附件后再保存';

/** Statuses whose wording the specs fix, whatever the server says. */
export const HTTP_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  401: COMMON_MESSAGES.SESSION_EXPIRED,
  403: COMMON_MESSAGES.NO_PERMISSION,
  413: COMMON_MESSAGES.FILE_TOO_LARGE,
};

/** After these the user is logged out (401 here; "no company bound" is decided at login). */
export const LOGOUT_STATUSES: readonly number[] = [401];

/**
 * The message for a failed call: 401/403/413 use the catalogue; any other failure shows the
 * server's error_message when it sent one, else a fallback: 404 not found, other 4xx bad
 * request, 5xx server busy. Status 0 (or none) means the request never reached the server.
 */
export function messageForHttpStatus(status: number, serverMessage?: string | null): string {
  const fixed = HTTP_STATUS_MESSAGES[status];
  if (fixed !== undefined) return fixed;
  const fromServer = serverMessage?.trim();
  if (fromServer) return fromServer;
  if (!Number.isInteger(status) || status <= 0) return COMMON_MESSAGES.NETWORK_FAILED;
  if (status === 404) return COMMON_MESSAGES.NOT_FOUND;
  if (status >= 400 && status < 500) return COMMON_MESSAGES.BAD_REQUEST;
  return COMMON_MESSAGES.SERVER_BUSY;
}

export function logsOutOnStatus(status: number): boolean {
  return LOGOUT_STATUSES.includes(status);
}
