// The words of the report export (settings-messaging-shared §2 "Printable documents and report
// export"): the dropdown, the preview dialog and its loading and error states.

export const DOCUMENT_TEXT = {
  EXPORT: '报表导出',
  PREVIEW_TITLE: '预览',
  LOADING: '正在生成文档…',
  DOWNLOAD: '下载',
  OPEN: '打开',
  CLOSE: '关闭',
  RETRY: '重试',
  PHONE_HINT: '手机浏览器无法在页面内显示 PDF，请点击“打开”查看或“下载”保存。',
  /** The fonts are fetched online once, then served from the service worker's cache. */
  FONT_FAILED: '字体加载失败，无法生成文档。首次生成文档需要联网下载字体，请联网后重试。',
  /** The renderer is a separate script file; offline it comes from the app's cache. */
  RENDERER_FAILED: '文档生成组件加载失败，请检查网络后重试。',
  FAILED: '文档生成失败',
  PARTIES_MISSING: '本设备上没有甲方或乙方的公司资料，文档中相应内容将为空。',
} as const;
