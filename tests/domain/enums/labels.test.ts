import { describe, expect, it } from 'vitest';
import type { LabelSet } from '../../../src/domain/codeLabels';
import { ASSISTANT_TYPES } from '../../../src/domain/enums/assistantAccounts';
import { DATE_SHORTCUTS } from '../../../src/domain/enums/dateRanges';
import {
  BOX_STATES,
  INCOMING_STATES,
  LOGISTICS_BOX_STATES,
  PACKAGE_STATES,
  PALLET_STATES,
  PRE_TRANSFER_STATES,
  STOCK_OUT_STATES,
  TRANSFER_REQUEST_STATES,
} from '../../../src/domain/enums/logisticsStates';
import { TAX_CODE_PROBLEMS } from '../../../src/domain/enums/tags';
import { LENGTH_UNITS, WEIGHT_UNITS } from '../../../src/domain/enums/units';

// Codes in the spec's order (settings-messaging-shared §3, §4); labels are ours where the spec gives none.
const sets: ReadonlyArray<{
  name: string;
  set: Pick<LabelSet<string>, 'codes' | 'label'>;
  rows: ReadonlyArray<readonly [string, string]>;
}> = [
  {
    name: 'weight unit',
    set: WEIGHT_UNITS,
    rows: [
      ['g', '克'],
      ['kg', '千克'],
      ['lb', '磅'],
      ['oz', '盎司'],
    ],
  },
  {
    name: 'length unit',
    set: LENGTH_UNITS,
    rows: [
      ['m', '米'],
      ['dm', '分米'],
      ['cm', '厘米'],
      ['mm', '毫米'],
      ['yd', '码'],
      ['ft', '英尺'],
      ['in', '英寸'],
    ],
  },
  {
    name: 'logistics box',
    set: LOGISTICS_BOX_STATES,
    rows: [
      ['DRAFT', '草稿'],
      ['STOCK', '在库'],
      ['TRANSFERRED', '已转运'],
      ['OVERSEA_RECEIVED', '海外仓已收货'],
      ['TRANSFERRING', '转运中'],
      ['DOMESTIC_RECEIVED', '国内仓已收货'],
      ['DELIVERING', '派送中'],
      ['SIGNED', '已签收'],
    ],
  },
  {
    name: 'package',
    set: PACKAGE_STATES,
    rows: [
      ['draft', '草稿'],
      ['received', '已收货'],
      ['abnormal', '异常'],
      ['returned', '已退回'],
      ['canceled', '已取消'],
      ['done', '已完成'],
    ],
  },
  {
    name: 'incoming',
    set: INCOMING_STATES,
    rows: [
      ['draft', '草稿'],
      ['waiting', '待入库'],
      ['partial', '部分入库'],
      ['confirmed', '已确认'],
      ['done', '已完成'],
      ['force_canceled', '强制取消'],
      ['canceled', '已取消'],
      ['received', '已收货'],
    ],
  },
  {
    name: 'transfer request',
    set: TRANSFER_REQUEST_STATES,
    rows: [
      ['waiting', '待调拨'],
      ['partial', '部分收货'],
      ['received', '已收货'],
      ['done', '已完成'],
    ],
  },
  {
    name: 'pre-transfer',
    set: PRE_TRANSFER_STATES,
    rows: [
      ['draft', '草稿'],
      ['in_pre_box', '预装箱中'],
      ['done', '已完成'],
    ],
  },
  {
    name: 'box',
    set: BOX_STATES,
    rows: [
      ['in_stock', '在库'],
      ['in_pallet', '已装托'],
      ['in_transfer', '转运中'],
      ['transfered', '已转运'],
      ['done', '已完成'],
    ],
  },
  {
    name: 'pallet',
    set: PALLET_STATES,
    rows: [
      ['in_stock', '在库'],
      ['in_transfer', '转运中'],
      ['archive', '已归档'],
      ['transfered', '已转运'],
      ['done', '已完成'],
    ],
  },
  {
    name: 'stock-out',
    set: STOCK_OUT_STATES,
    rows: [
      ['draft', '草稿'],
      ['waiting', '待出库'],
      ['info_send', '信息已发送'],
      ['delivery_confirmed', '已确认发货'],
      ['cargo_send', '已发货'],
      ['done', '已完成'],
    ],
  },
  {
    name: 'tax-code problem',
    set: TAX_CODE_PROBLEMS,
    rows: [
      ['no_product', '无产品'],
      ['no_trade_name', '无报关品名'],
      ['no_tax_code', '无税收编码'],
    ],
  },
  {
    name: 'assistant type',
    set: ASSISTANT_TYPES,
    rows: [
      ['account_company', '公司'],
      ['account_user', '用户'],
      ['account_department', '部门'],
    ],
  },
  {
    name: 'date shortcut',
    set: DATE_SHORTCUTS,
    rows: [
      ['all', '全部'],
      ['today', '今天'],
      ['yesterday', '昨天'],
      ['last7', '最近7天'],
      ['last30', '最近30天'],
      ['last180', '最近180天'],
    ],
  },
];

describe.each(sets)('$name labels', ({ set, rows }) => {
  it.each(rows)('%s is %s', (code, label) => expect(set.label(code)).toBe(label));
  it('covers every code exactly once, in the spec order', () => {
    expect(rows.map(([c]) => c)).toEqual([...set.codes]);
  });
  it('shows an unknown code as it is', () => expect(set.label('NEW_CODE')).toBe('NEW_CODE'));
});
