// The words of the purchase sheet detail and create screens (purchasing-core §2.3, §3, §4.2).
// The spec names the fields in English only; these Chinese labels are ours, in the product's
// vocabulary (docs/decisions.md). Messages the spec words live in messages/purchasing.ts.
import { COMMON_LABELS, COMMON_MESSAGES } from '../messages/common';

export const SHEET_LABELS = {
  ROOT_CRUMB: '采购单',
  NEW_CRUMB: '新建',
  CREATE_TITLE: '新建采购单',
  STATE_CHANGED_AT: '状态变更时间',
  CREATED_AT: '创建时间',
  BRAND: '品牌',
  SUPPLIER: '供应商',
  TAXED_TOTAL: '含税总价',
  VIP_BALANCE: 'VIP余额',
  VIP_REBATE: 'VIP抵扣',
  VIP_TOTAL: 'VIP含税总价',
  REMARK: '备注',
  PAYMENT_METHOD: '付款方式',
  CANCEL_REASON: '取消原因',
  ORDER: '订单',
  PRODUCTS: '产品清单',
  STATE_LOG: '状态记录',
  // Product table
  INDEX: '序号',
  MODEL: '产品型号',
  ARTICLE_NO: '订货号',
  PARAMETERS: '参数',
  QUANTITY: '数量',
  ATTACHMENTS: '附件',
  QUOTE_STATE: '报价状态',
  SHIPMENT_PERIOD: '货期',
  VALIDITY: '有效期',
  UNIT_PRICE: '含税单价',
  LINE_TOTAL: '含税小计',
  NO_ATTACHMENTS: '无',
  // Actions
  PLACE_ORDER: '下单采购',
  CANCEL_SHEET: '取消采购单',
  RESTORE: '恢复采购单',
  SEND_INQUIRY: '发送询价',
  SAVE_DRAFT: '保存草稿',
  CONFIRM: COMMON_LABELS.CONFIRM,
  CANCEL: COMMON_LABELS.CANCEL,
  CLOSE: '关闭',
  // Form
  ADD_LINE: '添加产品',
  DELETE_LINE: '删除',
  ADD_ATTACHMENT: '上传附件',
  REMOVE_ATTACHMENT: '移除附件',
  BRAND_PLACEHOLDER: '输入品牌名称搜索',
  MODEL_PLACEHOLDER: '输入型号搜索',
  ARTICLE_NO_PLACEHOLDER: '输入订货号搜索',
  PARAMETERS_PLACEHOLDER: '规格参数等',
  NEW_BRAND: '新品牌',
  LOCAL_SUGGESTIONS: '离线：仅显示本机记录',
  ATTACHMENT_HINT: '图片或PDF，每个产品最多2个，单个小于20MB',
  CANCEL_DIALOG_TITLE: '取消采购单',
  SAVE_DRAFT_TITLE: '保存草稿',
  DELETE_LINE_TITLE: '删除产品',
  REPLACE_TITLE: '替换为正确的记录',
  PLACE_ORDER_TITLE: '下单采购',
  VIP_USE_TITLE: '下单采购成功',
  LOADING: '正在读取本机数据…',
} as const;

/** Messages of these screens the spec does not word (ours). */
export const SHEET_MESSAGES = {
  /** A sheet made offline exists only on this device until its create reaches the server. */
  NOT_ON_SERVER_YET: '采购单尚未同步到服务器，同步完成后才能进行此操作',
  /** Send inquiry sends what the server holds: local edits must reach it first. */
  SAVE_BEFORE_SEND: '请先保存草稿，待同步完成后再发送询价',
  SAVED_LOCALLY: '采购单已保存在本机，联网后自动同步',
  PLACE_ORDER_CONFIRM: '确定按当前报价下单采购吗？下单后采购单将进入合同审核',
  SAVED: '采购单已保存',
  SENT: '询价已发送',
  CANCELLED: '采购单已取消',
  RESTORED: '采购单已恢复',
  /** The id is neither a sheet nor an order of the company on this device. */
  NOT_FOUND: '采购单不存在',
  NOT_SYNCED_HINT: '如果采购单刚刚创建，可能尚未同步到本机，请稍后再试',
  NOT_SYNCED_OFFLINE: '当前离线，联网同步后可再次打开',
  /** A sheet made on this device whose create the server refused (rolled back, kept in the outbox). */
  CREATE_REFUSED: '该采购单未能保存到服务器，请在同步状态中查看原因并重试',
  VALIDITY_WARNING: '部分产品报价已超过有效期180天，下单前请确认价格',
  ATTACHMENT_OPEN_FAILED: COMMON_MESSAGES.ATTACHMENT_OPEN_FAILED,
} as const;
