// Company-settings wording (settings-messaging-shared §5 "Company settings", §5 "Shared
// widgets" phone input, §8 error catalogue and confirmations).

export const COMPANY_MESSAGES = {
  INFO_SAVED: '信息编辑成功',
  INFO_SAVE_FAILED: '信息编辑失败，请稍后重试',
  LOCATION_CONFIRM_TITLE: '提示',
  LOCATION_CONFIRM: '国家、省、市设置后不允许编辑，请确认是否正确',
  EMAIL_INVALID: '邮箱格式不正确, 请重新输入！',

  TAX_CODE_REQUIRED: '请输入纳税号！',
  BANK_NAME_REQUIRED: '请输入开户行！',
  BANK_ACCOUNT_REQUIRED: '请输入帐号！',
  INVOICE_CONTACT_NAME_REQUIRED: '请输入姓名！',
  INVOICE_CONTACT_PHONE_REQUIRED: '请输入电话！',
  INVOICE_STREET_REQUIRED: '发票邮寄详细地址不能为空',

  DELIVERY_COUNTRY_REQUIRED: '请选择国家！',
  DELIVERY_STREET_REQUIRED: '请输入详细地址！',
  DELIVERY_CONTACT_NAME_REQUIRED: '请输入联系人！',
  DELIVERY_CONTACT_PHONE_REQUIRED: '请输入手机号',
  DELIVERY_CONTACT_PHONE_INVALID: '手机格式不正确，请重新输入！',
  DELIVERY_ADDRESS_UPDATED: '收货地址更新成功!',
  DELIVERY_ADDRESS_UPDATE_FAILED: '收货地址更新失败, 请稍后重试!',
  DELIVERY_ADDRESS_SET: '收货地址设置成功!',
  DELIVERY_ADDRESS_SET_FAILED: '收货地址设置失败，请稍后重试!',

  PHONE_FORMAT_INVALID: '格式不正确！',
} as const;

export type CompanyMessageKey = keyof typeof COMPANY_MESSAGES;
