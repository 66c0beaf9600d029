// Wording of the installed app's own moments: a new version waiting, and a first start that
// cannot read its settings. The specs describe an online-only product and word none of this.
export const PWA_MESSAGES = {
  UPDATE_AVAILABLE: '新版本可用',
  UPDATE_DETAIL: '刷新后即可使用新版本，未同步的更改会保留在本机。',
  RELOAD: '刷新',
  LATER: '稍后',
  /** The runtime config could not be read and no copy was kept: the very first start, offline. */
  CONFIG_UNAVAILABLE_TITLE: '无法启动应用',
  CONFIG_UNAVAILABLE: '首次打开需要联网读取应用配置，请检查网络后重试。',
  RETRY: '重试',
} as const;
