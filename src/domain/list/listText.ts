// The words of the purchase list and the order list (purchasing-core §2.2, §2.5): column headers,
// the header button, the quick-search form's buttons and the lists' own notes. Labels of states
// and codes come from their label sets; the breadcrumbs from the list-type tables.

import type { ListColumn } from '../purchase/listTypes';
import type { OrderListColumn } from './listSort';

export const PURCHASE_COLUMN_LABELS: Record<ListColumn, string> = {
  index: '序号',
  purchaseNumber: '采购单号',
  brand: '品牌',
  owner: '负责人',
  taxedTotal: '含税总价',
  forecastReceiveDate: '预计到货日期',
  state: '状态',
  stateChangeTime: '状态变更时间',
  paymentState: '付款状态',
  invoiceState: '开票状态',
  signTime: '签收时间',
  createTime: '创建时间',
};

export const ORDER_COLUMN_LABELS: Record<OrderListColumn, string> = {
  brand: '品牌',
  orderNumber: '订单号',
  forecastReceiveDate: '预计到货日期',
  state: '订单状态',
  paymentState: '付款状态',
  invoiceState: '开票状态',
  amount: '订单金额',
  createTime: '创建时间',
  writeTime: '修改时间',
};

export const LIST_TEXT = {
  /** Breadcrumb roots of the two lists (ours). */
  PURCHASE_ROOT: '采购单',
  ORDER_ROOT: '订单',
  /** The purchase list's header button (§2.2 "create purchase order"). */
  CREATE_SHEET: '创建采购单',
  SEARCH: '查询',
  RESET: '重置',
  // Ours:
  FILTERS: '筛选',
  LIST_TYPE: '列表',
  SORT_BY: '排序',
  SORT_DIRECTION: '排序方向',
  ASCENDING: '升序',
  DESCENDING: '降序',
  PAGE_SIZE: '每页条数',
  INPUT_PLACEHOLDER: '请输入',
  SELECT_PLACEHOLDER: '请选择',
  DATE_FROM: '开始日期',
  DATE_TO: '结束日期',
  /** A date filter's clear button, with the field's label: 清除创建时间. */
  CLEAR: '清除',
  /** The date filter's calendar controls. */
  PREVIOUS_MONTH: '上个月',
  NEXT_MONTH: '下个月',
  PREVIOUS_YEAR: '上一年',
  NEXT_YEAR: '下一年',
  PREVIOUS_DECADE: '上一个十年',
  NEXT_DECADE: '下一个十年',
  /** The pager (§9 "prev, pager, next, jumper"): its name, controls and the jump box. */
  PAGER: '分页',
  PREVIOUS_PAGE: '上一页',
  NEXT_PAGE: '下一页',
  JUMP_TO: '跳至',
  PAGE_UNIT: '页',
  JUMP_LABEL: '跳至页码',
  EMPTY: '暂无数据',
  /** Offline before the server's quick-search form was ever loaded on this device. */
  SEARCH_FORM_OFFLINE: '查询条件需联网后加载',
  /** The purchase number of a sheet created offline, until the server numbers it. */
  UNNUMBERED: '新建采购单',
} as const;

export function pageSizeLabel(size: number): string {
  return `${size} 条/页`;
}

/** A page button's accessible name (its visible text is the number). */
export function pageLabel(page: number): string {
  return `第 ${page} 页`;
}
