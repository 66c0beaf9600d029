import { describe, expect, it } from 'vitest';
import {
  BRAND_AGENCY_STATES,
  BRAND_GRADES,
  BRAND_GRADES_SHORT,
  BRAND_STATES,
  EDITABLE_BRAND_GRADES,
} from '../../../src/domain/catalog/brandLabels';
import {
  CHARGE_MODES,
  PRICE_SOURCES,
  PRODUCT_CATALOG_STATES,
  PRODUCT_GRADES,
  PRODUCT_QUOTE_STATES,
  PRODUCT_SALE_STATES,
  PRODUCT_SEARCH_STATES,
  PRODUCT_STATES,
  PUBLISH_STATES,
  QUOTATION_METHODS,
  QUOTE_STATES_OUT_OF_REPORTS,
} from '../../../src/domain/catalog/productLabels';
import type { LabelSet } from '../../../src/domain/codeLabels';

// Every code of settings-messaging-shared §3 "Enumerations" / "Search results" for the catalogue,
// with the Chinese we chose (the specs give English meanings only).
const sets: [string, LabelSet<string>, [string, string][]][] = [
  [
    'product quote state',
    PRODUCT_QUOTE_STATES,
    [
      ['WAITING_INQUIRY', '待询价'],
      ['QUOTED', '已报价'],
      ['QUOTE_REFUSED', '拒绝报价'],
      ['INVALID', '无效'],
      ['REPLACED', '已替换'],
      ['CCC', '3C产品'],
      ['PARTS', '配件'],
      ['DUPLICATE', '重复'],
    ],
  ],
  [
    'brand state',
    BRAND_STATES,
    [
      ['EXIST', '存在'],
      ['NONEXISTENT', '错误品牌'],
      ['UNSPECIFIED', '未确认'],
    ],
  ],
  [
    'product state',
    PRODUCT_STATES,
    [
      ['EXIST', '存在'],
      ['NONEXISTENT', '错误产品'],
    ],
  ],
  [
    'brand grade',
    BRAND_GRADES,
    [
      ['UNSPECIFIED', '新品牌'],
      ['OFFICIAL', '官方认证'],
      ['ORDER', '已成单'],
      ['DOMINANT', '优势品牌'],
      ['AGENCY', '代理品牌'],
      ['EXCLUSIVE', '独家代理'],
    ],
  ],
  [
    'brand grade (short set)',
    BRAND_GRADES_SHORT,
    [
      ['OFFICIAL', '官方认证'],
      ['EXIST', '已存在'],
      ['UNSPECIFIED', '未确认'],
    ],
  ],
  [
    'product grade',
    PRODUCT_GRADES,
    [
      ['OFFICIAL', '官方认证'],
      ['EXIST', '已存在'],
      ['UNSPECIFIED', '未确认'],
      ['NONEXISTENT', '不存在'],
    ],
  ],
  [
    'product sale state',
    PRODUCT_SALE_STATES,
    [
      ['STOP_PRODUCTION', '停产'],
      ['OBSOLETE', '淘汰'],
      ['REPLACED', '已替代'],
      ['STOP_SELLING', '停售'],
    ],
  ],
  [
    'brand agency state',
    BRAND_AGENCY_STATES,
    [
      ['EXCLUSIVE', '独家代理'],
      ['NORMAL', '普通'],
      ['UNSPECIFIED', '未指定'],
    ],
  ],
  [
    'quotation method',
    QUOTATION_METHODS,
    [
      ['NOT_QUOTE', '不报价'],
      ['INQUIRY', '询价'],
      ['UNSPECIFIED', '未指定'],
      ['CHECK_PRICE_BY_ESHOP', '电商查价'],
      ['CHECK_PRICE_BY_PRICE_LIST', '价格表查价'],
      ['QUOTE_BY_SYSTEM', '系统报价'],
      ['QUOTE_BY_SUPPLIER_API', '供应商接口报价'],
    ],
  ],
  [
    'charge mode',
    CHARGE_MODES,
    [
      ['UNSPECIFIED', '未指定'],
      ['NOT_QUOTE', '按数量计费'],
      ['BY_TIERED_QUANTITY', '按阶梯数量计费'],
      ['BY_ORDER', '按订单计费'],
    ],
  ],
  [
    'product catalogue state',
    PRODUCT_CATALOG_STATES,
    [
      ['TO_BE_NORMALIZED', '待标准化'],
      ['NORMALIZING', '标准化中'],
      ['NORMALIZED', '已标准化'],
      ['TO_BE_PUBLISHED', '待发布'],
      ['PUBLISHED', '已发布'],
    ],
  ],
  [
    'publish state',
    PUBLISH_STATES,
    [
      ['WITHDRAW', '已下架'],
      ['DRAFT', '草稿'],
      ['TO_BE_PUBLISHED', '待发布'],
      ['PUBLISHED', '已发布'],
    ],
  ],
  [
    'price source',
    PRICE_SOURCES,
    [
      ['INQUIRY_QUOTATION_SHEET', '询报价单'],
      ['INQUIRY_SHEET', '询价单'],
      ['PRICE_LIST', '价格表'],
      ['ESHOP', '电商'],
      ['SUPPLIER_API', '供应商接口'],
      ['PRODUCT_CATALOG', '产品目录'],
      ['UNSPECIFIED', '未指定'],
    ],
  ],
];

describe.each(sets)('%s labels', (_name, set, rows) => {
  it.each(rows)('%s → %s', (code, label) => {
    expect(set.label(code)).toBe(label);
    expect(set.is(code)).toBe(true);
  });

  it('covers every code exactly once, in the spec order', () => {
    expect(set.codes).toEqual(rows.map(([code]) => code));
  });

  it('shows an unknown code as it is and an absent one as empty', () => {
    expect(set.label('SOMETHING_NEW')).toBe('SOMETHING_NEW');
    expect(set.is('SOMETHING_NEW')).toBe(false);
    expect(set.is('toString')).toBe(false);
    expect(set.label(null)).toBe('');
    expect(set.label(undefined)).toBe('');
  });
});

describe('catalogue data', () => {
  it('asks the product search only for the six audited states', () => {
    expect(PRODUCT_SEARCH_STATES).toEqual([
      'TYPE_ARTICLE_NO_AUDITED',
      'ORDER',
      'NET_WEIGHT_AUDITED',
      'STORAGE',
      'CUSTOMS_AUDITED',
      'IMPORT',
    ]);
  });

  it('never offers the automatic ORDER grade for hand editing', () => {
    expect(EDITABLE_BRAND_GRADES).toEqual([
      'UNSPECIFIED',
      'OFFICIAL',
      'DOMINANT',
      'AGENCY',
      'EXCLUSIVE',
    ]);
  });

  it('leaves invalid and replaced lines out of reports', () => {
    expect([...QUOTE_STATES_OUT_OF_REPORTS].sort()).toEqual(['INVALID', 'REPLACED']);
  });
});
