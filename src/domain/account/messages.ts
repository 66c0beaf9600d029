// Personal-centre wording: password reset and registration (settings-messaging-shared §2
// "Registration page", §5 "Password reset", §8). The registration messages, the resend
// countdown label and the server's refusals are not worded in the spec; ours follow the
// password-reset wording. Screen labels are in ./labels.

export const ACCOUNT_MESSAGES = {
  /** The SMS provider refused or did not answer (server/account/aliyunSms.ts): nothing was sent. */
  SMS_UNAVAILABLE: '短信发送失败，请稍后再试',
  VERIFY_CODE_REQUIRED: '请输入验证码',
  PASSWORD_REQUIRED: '请输入密码',
  PASSWORD_RULE: '必须包含数字、字母、特殊符号且至少8位(特殊符号: @#$%^&*)',
  CONFIRM_REQUIRED: '请确认新密码',
  CONFIRM_MISMATCH: '您输入两次密码不一致，请重新输入',
  CODE_SENT: '验证码已发送',
  PASSWORD_CHANGED: '密码修改成功',
  GET_CODE: '获取验证码',
  REGISTER_NAME_REQUIRED: '请输入姓名',
  REGISTER_MOBILE_REQUIRED: '请输入手机号',
  REGISTER_MOBILE_INVALID: '手机格式不正确，请重新输入',
  REGISTER_IMAGE_CODE_REQUIRED: '请输入图形验证码',
  REGISTER_SMS_CODE_REQUIRED: '请输入短信验证码',

  // Not worded by the spec (ours): the server's answers about codes, registration and avatars.
  VERIFY_CODE_WRONG: '验证码错误，请重新输入',
  VERIFY_CODE_INVALID: '验证码已失效，请重新获取',
  CODE_DAILY_LIMIT: '今日获取验证码次数已达上限，请明天再试',
  MOBILE_MISMATCH: '手机号与当前账号绑定的手机号不一致',
  NO_MOBILE: '当前账号未绑定手机号，无法获取验证码',
  IMAGE_CODE_WRONG: '人机验证未通过，请重新获取验证码',
  IMAGE_CODE_INVALID: '人机验证已失效，请重新获取验证码',
  HUMAN_CHECK_FAILED: '人机验证未能完成，请稍后重试',
  MOBILE_REGISTERED: '该手机号已注册，请直接登录',
  REGISTRATION_PENDING: '该手机号的注册申请正在审核中，请耐心等待',
  REGISTRATION_SUBMITTED: '注册申请已提交，审核通过后将以短信通知您登录账号',
  REGISTER_NAME_TOO_LONG: '姓名不能超过50个字符',
  /** The hourly SMS budget of registration is spent (all mobiles alike; security review M11). */
  SMS_BUDGET_SPENT: '当前获取验证码的人数较多，请稍后再试',
  AVATAR_NOT_IMAGE: '头像只能是 gif、jpeg、png、svg 格式的图片',
} as const;

export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

/** The locked resend button while the countdown runs. */
export function resendCountdownLabel(secondsLeft: number): string {
  return `${secondsLeft}秒后重新获取`;
}

/** The server refused a code request inside the resend lock (ours). */
export function codeTooFrequentMessage(secondsLeft: number): string {
  return `验证码发送过于频繁，请${secondsLeft}秒后再试`;
}
