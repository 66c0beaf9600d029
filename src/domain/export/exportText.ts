// Wording of the list and order-line export (ours: the specs have no export). Counts use the
// lists' 条.

export const EXPORT_TEXT = {
  /** The lists' menu button and its two choices. */
  EXPORT: '导出',
  EXCEL: '导出 Excel（.xlsx）',
  CSV: '导出 CSV',
  /** The order detail's button above its product table. */
  LINES: '导出明细',
  LINES_SHEET: '产品明细',
  TITLE: '导出',
  PROGRESS_LABEL: '导出进度',
  PREPARING: '正在准备导出…',
  READING: (done: number, total: number) => `正在读取 ${done} / ${total} 条`,
  WRITING: '正在生成文件…',
  READY: (rows: number) => `已导出 ${rows} 条`,
  FAILED: '导出失败，请重试。',
  /** The device has no copy of the order (removed by a sync while the dialog was open). */
  MISSING: '本机没有这条记录，无法导出。',
  CANCEL: '取消',
  RETRY: '重试',
  DOWNLOAD: '下载',
  CLOSE: '关闭',
  /** Offered while the list is empty or still loading. */
  NOTHING: '当前列表没有可导出的数据',
} as const;
