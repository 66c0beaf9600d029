// Personal-centre wording: password reset and registration (settings-messaging-shared §2
// "Registration page", §5 "Password reset", §8). The registration messages and the resend
// countdown label are not worded in the spec; ours follow the password-reset wording.

export const ACCOUNT_MESSAGES = {
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
} as const;

export type AccountMessageKey = keyof typeof ACCOUNT_MESSAGES;

/** The locked resend button while the countdown runs. */
export function resendCountdownLabel(secondsLeft: number): string {
  return `${secondsLeft}秒后重新获取`;
}
