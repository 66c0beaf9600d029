// Wording of sign-in, the session and sign-out. The spec words only the 401/403 and "no company"
// messages (./common); an offline-first app also needs these, which are our own.

export const SESSION_MESSAGES = {
  LOADING: '正在加载…',
  SIGNING_IN: '正在登录…',
  /** The sign-in redirect came back without a usable answer (expired or tampered request). */
  SIGN_IN_FAILED: '登录失败，请重新登录',
  /** No stored session and no network: the provider's page cannot be reached. */
  OFFLINE_SIGN_IN: '当前离线，无法打开登录页面，请联网后重试',
  /** Online, but the provider's sign-in could not be started (provider down). */
  SIGN_IN_UNREACHABLE: '无法连接登录服务，请稍后重试',
  /** A stored session but the account was never loaded on this device, and no network. */
  OFFLINE_FIRST_START: '当前离线，本机还没有该账号的数据，请联网后重试',
  /** The account could not be loaded (server fault) and no earlier copy exists. */
  ACCOUNT_UNAVAILABLE: '无法读取账号信息，请稍后重试',
  RETRY: '重试',
  SIGN_IN: '登录',
  SIGN_IN_AGAIN: '重新登录',
  CONFIRM: '确定',
  /** The refresh token was refused: reading and queuing go on until the user signs in again. */
  EXPIRED_TITLE: '登录已过期',
  EXPIRED_HINT: '请重新登录。未同步的更改会保留在本机，重新登录后继续同步。',
  LATER: '稍后',
  SIGN_OUT_PENDING_TITLE: '还有更改未同步',
  WAIT_FOR_SYNC: '等待同步',
  SIGN_OUT_ANYWAY: '仍然退出',
  SIGNING_OUT: '正在退出…',
  NO_PERMISSION_TITLE: '无权访问',
  /** Above the spec's "no company bound" message. */
  NO_COMPANY_TITLE: '无法登录',
  BACK_HOME: '返回首页',
  /** The sync worker could not answer the sign-out (it stays signed in). */
  SIGN_OUT_FAILED: '退出登录失败，请稍后重试',
  RELOAD: '刷新页面',
} as const;

/** The sign-out warning: pending changes would be lost with the local database. */
export function signOutPendingMessage(pending: number): string {
  return `有 ${pending} 条更改尚未同步，现在退出登录，这些更改将会丢失。可以等待同步完成后再退出。`;
}

/**
 * Ours (security review M5): the account no longer works for a company it had on this device
 * (handed over, deleted, unbound). The server answers NOT_A_MEMBER; the app then clears that
 * company's data here, and first shows the changes that can no longer be sent.
 */
export const MEMBERSHIP_MESSAGES = {
  /** The server's 403 NOT_A_MEMBER (feed and API). */
  NOT_A_MEMBER: '你已不在该公司任职，无法访问该公司的数据',
  /** An outbox entry of a company the user left: kept for the user to read, never sent. */
  ENTRY_UNSENDABLE: '你已不在该公司任职，这条更改无法再发送，请复制需要保留的内容后放弃',
  /** Such an entry once the account works for the company again (a handover undone). */
  ENTRY_RESTORED: '你已恢复在该公司任职，这条更改尚未发送，可重试或放弃',
  /** Above the list of such entries when no company is left. */
  UNSENT_TITLE: '以下更改未能发送',
  UNSENT_HINT: '你已不在任何公司任职，本机数据将被清除。请先复制需要保留的内容。',
  COPY: '复制',
  CLEAR_AND_SIGN_OUT: '清除本机数据并退出',
} as const;
