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
  CONTRACT_TITLE: '合同导出',
  CONTRACT_TOTAL: '合同总额',
  FIRST_PAYMENT: '首付款金额',
  LAST_PAYMENT: '尾款',
  PAYMENT_METHOD: '付款方式',
  PREVIEW: '预览',
  CANCEL: '取消',
  COMPLETE_COMPANY: '导出合同前，请先完善本公司的资料：',
  GO_TO_SETTINGS: '前往公司设置',
  ASK_ADMIN: '请联系公司管理员在“公司设置”中填写。',
  COMPANY_NOT_SYNCED: '本设备上还没有本公司的资料，请联网同步后再导出合同。',
  PARTIES_MISSING: '本设备上没有甲方或乙方的公司资料，文档中相应内容将为空。',
} as const;

/** Under the first-payment field: the range the export accepts. */
export function firstPaymentHint(min: string, max: string): string {
  return `可填写 ${min} 至 ${max}，最多2位小数`;
}
