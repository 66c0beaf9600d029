// The to-do and message-panel wording users read (settings-messaging-shared §2 "Shell",
// §2 "To-do and message inbox", §4 "Message and to-do", §5 "Message panel").

export const TODO_MESSAGES = {
  EMPTY_TODO_TAB: '没有要处理的待办消息 ~',
  EMPTY_FAVOURITE_TAB: '没有收藏的待办消息 ~',
  SWITCH_TO_RECEIVING_COMPANY: '当前公司不是待办消息的接收公司，是否切换为待办消息接收公司',
  EMPTY_MESSAGE: '消息为空或者上传文件为空时,不能发送消息！',
  DELETE_ATTACHMENT_CONFIRM: '确定删除该附件吗？删除后将不可恢复',
  CUSTOMER_SERVICE: '客服',
} as const;

export type TodoMessageKey = keyof typeof TODO_MESSAGES;

/** Asked before a state change moves a to-do from its current assignee to the user. */
export function takeOverConfirmation(assigneeName: string): string {
  return `该待办负责人是${assigneeName}，操作后负责人将变更为你，确定操作吗？`;
}

/**
 * The to-do page and the shell's to-do panel. The spec words only the tab names'
 * empty states and the two confirmations above; these labels are ours.
 */
export const TODO_INBOX_MESSAGES = {
  PAGE_TITLE: '待办消息',
  TAB_TODO: '待办',
  TAB_FAVOURITES: '收藏',
  SCOPE: '范围',
  MARK_PROCESSED: '标记已处理',
  FAVOURITE: '收藏',
  OPEN_DETAIL: '查看详情',
  PREVIOUS: '上一条',
  NEXT: '下一条',
  CONFIRM_TITLE: '提示',
  CONFIRM: '确定',
  CANCEL: '取消',
  /** A sent to-do of another of the user's companies (the spec words only the recipient's case). */
  SWITCH_TO_SENDING_COMPANY: '当前公司不是待办消息的发送公司，是否切换为待办消息发送公司',
  /** The sender's marker on a message the other party has not read. */
  SENDER_UNREAD: '对方未读',
  HAS_ATTACHMENT: '有附件',
  NO_DETAIL: '该待办未关联单据',
  MARKED_PROCESSED: '已标记为已处理',
  FAVOURITED: '已收藏',
  /** The change could not even be saved on the device (a storage fault). */
  STATE_CHANGE_FAILED: '待办状态保存失败，请稍后重试',
  LOADING: '加载中',
  LOAD_FAILED: '待办消息读取失败，请刷新页面重试',
  SEE_ALL: '查看全部待办',
  LIST_LABEL: '待办消息列表',
  FROM: '发送方',
  TO: '接收方',
  ASSIGNEE: '负责人',
} as const;

/** The stepper's place in the list: "第 3 / 45 条". */
export function stepPosition(position: number, count: number): string {
  return `第 ${position} / ${count} 条`;
}

/** Under a list cut at the spec's 200: how many there are and how many are shown. */
export function listedCount(shown: number, total: number): string {
  return shown < total ? `共 ${total} 条，显示最新 ${shown} 条` : `共 ${total} 条`;
}

/**
 * The chat panel of an order or a sheet. The spec words the empty-send,
 * size and delete-attachment messages (TODO_MESSAGES, FILE_MESSAGES); these labels are ours.
 */
export const CHAT_MESSAGES = {
  OPEN: '聊天',
  OPEN_DISABLED: '单据未能加载，无法打开聊天',
  LOADING: '正在读取消息…',
  EMPTY_THREAD: '还没有消息，发一条开始沟通吧',
  PLACEHOLDER: '输入消息，Enter 发送，Ctrl+Enter 换行',
  INPUT_LABEL: '消息内容',
  SEND: '发送',
  ATTACH: '添加附件',
  REMOVE_ATTACHMENT: '删除附件',
  ATTACHMENTS: '待发送的附件',
  CONFIRM_TITLE: '提示',
  CONFIRM: '确定',
  CANCEL: '取消',
  TO: '发送给',
  /** A message waiting for the network or for the server's answer. */
  SENDING: '发送中',
  SEND_FAILED: '发送失败',
  RETRY: '重试',
  DISCARD: '放弃',
  /** The message could not even be kept on the device (a storage fault). */
  SAVE_FAILED: '消息未能保存，请稍后重试',
  MESSAGE_LIST: '消息列表',
  ME: '我',
  /** Photos go shrunk (long side 2,000 px) unless this is ticked, as in WeChat. */
  ORIGINAL_PHOTOS: '原图',
  ORIGINAL_PHOTOS_HINT: '不勾选时，照片压缩到长边 2000 像素再发送，节省流量',
} as const;

/** The panel's title: the record it is about. */
export function chatTitle(moduleLabel: string, number: string | null): string {
  return number ? `${moduleLabel} ${number} 的消息` : `${moduleLabel}的消息`;
}

/** The panel's link to the to-do page when it shows only the newest of the tab's to-dos. */
export function seeAllCount(total: number): string {
  return `查看全部 ${total} 条`;
}
