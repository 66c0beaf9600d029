// Warehouse and logistics state sets shown as labels (settings-messaging-shared §4 "Status
// label sets used for display"). The spec gives the codes only; transitions are not shown.

import { labelSet } from '../codeLabels';

export const LOGISTICS_BOX_STATES = labelSet({
  DRAFT: '草稿',
  STOCK: '在库',
  TRANSFERRED: '已转运',
  OVERSEA_RECEIVED: '海外仓已收货',
  TRANSFERRING: '转运中',
  DOMESTIC_RECEIVED: '国内仓已收货',
  DELIVERING: '派送中',
  SIGNED: '已签收',
});
export type LogisticsBoxState = (typeof LOGISTICS_BOX_STATES.codes)[number];

export const PACKAGE_STATES = labelSet({
  draft: '草稿',
  received: '已收货',
  abnormal: '异常',
  returned: '已退回',
  canceled: '已取消',
  done: '已完成',
});
export type PackageState = (typeof PACKAGE_STATES.codes)[number];

export const INCOMING_STATES = labelSet({
  draft: '草稿',
  waiting: '待入库',
  partial: '部分入库',
  confirmed: '已确认',
  done: '已完成',
  force_canceled: '强制取消',
  canceled: '已取消',
  received: '已收货',
});
export type IncomingState = (typeof INCOMING_STATES.codes)[number];

export const TRANSFER_REQUEST_STATES = labelSet({
  waiting: '待调拨',
  partial: '部分收货',
  received: '已收货',
  done: '已完成',
});
export type TransferRequestState = (typeof TRANSFER_REQUEST_STATES.codes)[number];

export const PRE_TRANSFER_STATES = labelSet({
  draft: '草稿',
  in_pre_box: '预装箱中',
  done: '已完成',
});
export type PreTransferState = (typeof PRE_TRANSFER_STATES.codes)[number];

// "transfered" is the server's spelling; keep it.
export const BOX_STATES = labelSet({
  in_stock: '在库',
  in_pallet: '已装托',
  in_transfer: '转运中',
  transfered: '已转运',
  done: '已完成',
});
export type BoxState = (typeof BOX_STATES.codes)[number];

export const PALLET_STATES = labelSet({
  in_stock: '在库',
  in_transfer: '转运中',
  archive: '已归档',
  transfered: '已转运',
  done: '已完成',
});
export type PalletState = (typeof PALLET_STATES.codes)[number];

export const STOCK_OUT_STATES = labelSet({
  draft: '草稿',
  waiting: '待出库',
  info_send: '信息已发送',
  delivery_confirmed: '已确认发货',
  cargo_send: '已发货',
  done: '已完成',
});
export type StockOutState = (typeof STOCK_OUT_STATES.codes)[number];
