// Labels of the personal centre, the password-reset and avatar dialogs and the registration page
// (settings-messaging-shared §2). The spec names the screens' parts but not their wording, apart
// from 个人中心; these are ours, in the spec's register. Messages are in ./messages.

export const ACCOUNT_LABELS = {
  USER_CENTER: '个人中心',
  AVATAR: '头像',
  NAME: '姓名',
  MOBILE: '手机号',
  USERNAME: '登录账号',
  RESET_PASSWORD: '重置密码',
  CHANGE_AVATAR: '修改头像',
  CHOOSE_IMAGE: '选择图片',
  AVATAR_HINT: '支持 gif、jpeg、png、svg 格式，小于 20MB，裁剪为 200×200 的正方形',
  ZOOM: '缩放',
  IMAGE_UNREADABLE: '图片无法读取，请换一张图片',
  SAVE: '保存',
  CANCEL: '取消',
  SUBMIT: '确定',
  VIP_PANEL: 'VIP 会员',
  SALES_MANAGER: '销售经理',
  SALES_MANAGER_NAME: '姓名',
  SALES_MANAGER_MOBILE: '手机',
  SALES_MANAGER_PHONE: '座机',
  MY_COMPANIES: '我的公司',
  CURRENT_COMPANY: '当前公司',
  ADMIN: '管理员',
  NO_COMPANIES: '暂无公司',
  NOT_SET: '未设置',
  LOADING_COMPANY: '正在读取公司信息…',
  VERIFY_CODE: '验证码',
  NEW_PASSWORD: '新密码',
  CONFIRM_PASSWORD: '确认新密码',
  CODE_SENT_TO: '验证码将发送至',
  REGISTER_TITLE: '注册',
  REGISTER_SUBTITLE: '填写信息提交注册申请，审核通过后即可登录',
  /** The spec's image code became a human check the page does itself (security review M11). */
  HUMAN_CHECK_HINT: '获取验证码时将在本机自动完成人机验证，无需输入图形验证码',
  HUMAN_CHECK_RUNNING: '正在进行人机验证…',
  SMS_CODE: '短信验证码',
  REGISTER_SUBMIT: '提交注册申请',
  HAVE_ACCOUNT: '已有账号？去登录',
  PHONE_COUNTRY: '国家/地区',
  PHONE_NUMBER: '号码',
} as const;

/** "2026-01-01 至 2026-12-31"; an open end shows 未设置. */
export function validityText(start: string | null, end: string | null): string {
  return `${start ?? ACCOUNT_LABELS.NOT_SET} 至 ${end ?? ACCOUNT_LABELS.NOT_SET}`;
}

/** A mobile for display: the mainland +86 prefix dropped, else as stored. */
export function displayMobile(mobile: string | null | undefined): string {
  if (!mobile) return ACCOUNT_LABELS.NOT_SET;
  return mobile.replace(/^\+86(?=1\d{10}$)/, '');
}
