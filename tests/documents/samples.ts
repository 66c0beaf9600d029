// Document specs used by the engine's tests: Chinese and German text, a long wrapping paragraph,
// party blocks, and a table long enough for three pages.

import type { DocumentSpec, TableBlock } from '../../src/documents/spec';

export const LONG_CHINESE =
  '本合同一式两份，双方各执一份，自双方签字盖章之日起生效。付款条件：货到后三十日内付清全部货款（含增值税），' +
  '逾期付款的，每日按未付金额的万分之五支付违约金；因不可抗力导致无法履行的，双方互不承担责任。' +
  '本合同未尽事宜，由双方协商解决；协商不成的，提交甲方所在地人民法院诉讼解决。';

export function tableRows(count: number): string[][] {
  return Array.from({ length: count }, (_, i) => [
    String(i + 1),
    i % 2 === 0 ? `不锈钢螺栓 M8×40 第${i + 1}号` : `Edelstahlschraube DIN 933 Nr. ${i + 1}`,
    String(10 + i),
    '1.234,56',
    '12.345,60',
  ]);
}

export function table(rows: number): TableBlock {
  return {
    kind: 'table',
    columns: [
      { header: '序号', width: 1, align: 'right' },
      { header: '品名 / Artikel', width: 5 },
      { header: '数量', width: 1.2, align: 'right' },
      { header: '单价 Stückpreis', width: 2, align: 'right' },
      { header: '金额 Betrag', width: 2, align: 'right' },
    ],
    rows: tableRows(rows),
    totals: [[{ text: '合计 Summe', span: 4 }, '216.859,28']],
  };
}

export function contractSpec(rows = 8): DocumentSpec {
  return {
    fileName: '采购合同-PO2025001.pdf',
    title: '采购合同 PO2025001',
    createdAt: '2025-03-14T08:00:00.000Z',
    orientation: 'portrait',
    blocks: [
      { kind: 'heading', text: '采购合同' },
      {
        kind: 'fields',
        columns: 2,
        fields: [
          { label: '合同编号：', value: 'PO2025001' },
          { label: 'Datum:', value: '14.03.2025' },
          {
            label: '供应商：',
            value: '上海示例贸易有限公司 · Müller & Söhne GmbH, Straße 12, 80331 München',
          },
          { label: '付款方式：', value: '30% 预付款，70% 到货后付清' },
        ],
      },
      { kind: 'tag', text: '非欧盟' },
      {
        kind: 'parties',
        parties: [
          {
            title: '甲方（买方）',
            lines: [
              { label: '公司：', value: '上海示例贸易有限公司' },
              { label: '地址：', value: '上海市浦东新区世纪大道100号' },
              { label: '开户行：', value: '中国银行上海分行' },
            ],
          },
          {
            title: '乙方（卖方）',
            lines: [
              { label: '公司：', value: 'Müller & Söhne GmbH' },
              { label: '地址：', value: 'Straße 12, 80331 München' },
            ],
          },
        ],
      },
      { kind: 'heading', level: 2, text: '一、产品明细' },
      table(rows),
      { kind: 'paragraph', text: LONG_CHINESE },
      { kind: 'spacer', height: 12 },
      {
        kind: 'signatures',
        parties: [{ title: '甲方', lines: ['上海示例贸易有限公司'] }, { title: '乙方' }],
      },
    ],
  };
}
