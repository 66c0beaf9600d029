// Refusals of the to-do, message and file calls that the specs do not word (settings-messaging-
// shared §4, §5, §7 name the rules, not these texts). The worded ones come from src/domain:
// TODO_MESSAGES.EMPTY_MESSAGE, fileCountLimitMessage, uploadFailedWithReason, COMMON_MESSAGES.

export const TODO_SERVER_MESSAGES = {
  CANNOT_MARK_UNREAD: '待办不能改回未读',
  MODULE_NOT_FOUND: '该单据不存在或不属于当前公司',
  TODO_NOT_FOUND: '该待办消息不存在',
  MAIL_NOT_FOUND: '该邮件不存在',
  RECIPIENT_NOT_PARTY: '消息接收公司不是该单据的相关公司',
  RECIPIENT_CONTACT_INVALID: '消息接收人不属于接收公司',
  ATTACHMENT_NOT_FOUND: '附件不存在或已删除，请重新上传',
  ONLY_MESSAGES_DELETABLE: '只能删除消息',
  MAIL_RECIPIENT_INVALID: '邮件接收公司不是当前公司的往来公司',
  CONTACT_NOT_FOUND: '该员工不存在',
  FILE_NOT_FOUND: '文件不存在或已删除',
} as const;

/** Reasons an upload is refused, shown after 文件上传失败： (uploadFailedWithReason). */
export const UPLOAD_REFUSALS = {
  PRODUCT_ATTACHMENT_TYPE: '产品附件只能是 gif、jpeg、png、svg 图片或 PDF 文件',
  IMAGE_TYPE: '只能上传 gif、jpeg、png、svg 格式的图片',
  EXECUTABLE: '不能上传可执行文件',
  EMPTY: '不能上传空文件',
  NO_FILE: '请选择要上传的文件',
} as const;

/** Server limits on uploads (security review M10); ours, the specs do not word them. */
export const UPLOAD_LIMIT_MESSAGES = {
  /** The company's stored files reached UPLOAD_QUOTA_MB. */
  QUOTA_FULL: '存储空间已满，请联系客服',
  /** Too many uploads at once (this account's or the server's); the app tries again. */
  TOO_MANY: '上传过多，请稍后再试',
} as const;
