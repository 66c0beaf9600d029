// Upload wording (settings-messaging-shared §5 "Upload" and "Message panel", §8 error
// catalogue). HTTP 413 is in the common catalogue (../messages/common).

export const FILE_MESSAGES = {
  UPLOAD_FAILED: '文件上传失败,请重试！',
  IMAGE_UPLOADED: '图片上传成功！',
  IMAGE_UPLOAD_FAILED: '图片上传失败,请重试！',
  UPLOADED: '上传成功！',
  UPLOAD_RETRY: '上传失败,请重试！',
  FILE_DELETED: '文件已删除',
  FILE_SAVED: '文件上传成功',
  TOO_LARGE: '上传文件大小不能超过 20MB!',
} as const;

export type FileMessageKey = keyof typeof FILE_MESSAGES;

/** The failure with the server's msg. */
export function uploadFailedWithReason(msg: string): string {
  return `文件上传失败：${msg}`;
}

/** The failure of one named file among several. */
export function uploadFailedFor(fileName: string): string {
  return `上传失败：${fileName}`;
}

export function fileCountLimitMessage(limit: number): string {
  return `上传的文件数量限制为${limit}`;
}

/** `position` is 1-based, as the user counts the files in the list. */
export function duplicateFileMessage(position: number): string {
  return `该文件已经存在,第${position}个文件为该文件`;
}
