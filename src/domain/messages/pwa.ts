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
  /** Installing the app: the user menu's entry, the phone's one-time offer, the iOS steps. */
  INSTALL: '安装应用',
  INSTALL_OFFER: '把应用安装到主屏幕，没有网络也能打开',
  INSTALL_NOW: '安装',
  INSTALL_NOT_NOW: '不再提示',
  IOS_INSTALL: '添加到主屏幕',
  IOS_SHOW_STEPS: '查看步骤',
  IOS_STEP_SHARE: '点击 Safari 底部（iPad 为顶部）的「分享」按钮',
  IOS_STEP_ADD: '在列表中选择「添加到主屏幕」',
  IOS_STEP_CONFIRM: '点击右上角的「添加」，之后从主屏幕图标打开应用',
  /** Sharing a made file through the system share sheet (WeChat, mail, …). */
  SHARE: '分享',
  SHARE_FAILED: '分享失败，请改用“下载”保存后再发送。',
  /** WeChat's in-app browser: no downloads, no service worker, no installing. */
  WECHAT_TITLE: '请在浏览器中打开',
  WECHAT_DETAIL:
    '微信内置浏览器无法下载文件、离线使用或安装应用。请点击右上角「…」，选择「在浏览器打开」。',
} as const;
