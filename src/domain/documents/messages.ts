// Contract-export and report wording (settings-messaging-shared §5 "Contract export"). The spec
// words two of the seven missing-item messages; the other five follow the same pattern, with the
// field names the invoice form uses (开户行, 帐号).

export const DOCUMENT_MESSAGES = {
  SHIPPING_ADDRESS_MISSING: '公司默认收货地址：地址未填写！',
  SHIPPING_RECEIVER_MISSING: '公司默认收货地址：收货人未填写！',
  SHIPPING_RECEIVER_PHONE_MISSING: '公司默认收货地址：收货人电话未填写！',
  INVOICE_ADDRESS_MISSING: '公司开票信息：地址未填写！',
  INVOICE_BANK_MISSING: '公司开票信息：开户行未填写！',
  INVOICE_ACCOUNT_MISSING: '公司开票信息：帐号未填写！',
  INVOICE_TAX_CODE_MISSING: '公司开票信息：税号未填写！',
  FIRST_PAYMENT_DECIMALS: '首付款金额最多填写2位小数！',
  SUPPLIER_QUOTATION_NO_MISSING: '该订单未填写供应商的报价单号。',
} as const;

export type DocumentMessageKey = keyof typeof DOCUMENT_MESSAGES;

/** Bounds are written with 2 decimals, as the amounts are entered: 请注意300.00<=…<=1000.00元！ */
export function firstPaymentRangeMessage(min: string, max: string): string {
  return `请注意${min}<=合同首付款金额<=${max}元！`;
}
