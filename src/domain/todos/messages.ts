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
