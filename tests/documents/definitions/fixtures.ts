// Hand-made rows for the document definitions' table tests: an order with three printed lines
// and one line of each excluded kind, a buyer (party A) and a supplier (party B).

import type {
  CompanyRow,
  LogisticsBox,
  OrderInvoice,
  OrderRow,
  SheetRow,
} from '../../../src/contract/feedRows';
import type {
  OrderDocumentInput,
  OrderLine,
  SheetDocumentInput,
  SheetLine,
} from '../../../src/documents/input';
import { roundTo } from '../../../src/domain/documents/amounts';

export function line(id: number, over: Partial<OrderLine> = {}): OrderLine {
  return {
    id,
    qty: 1,
    brand_name: 'SIEMENS',
    product_name: `Produkt ${id}`,
    product_order_no: `6ES7-${id}`,
    type_article_no: `S7-${id} / 6ES7-${id}`,
    parameter: null,
    chinese_name: '可编程控制器',
    hs_code: '8537101190',
    shipment_period: 14,
    quote_state: 'QUOTED',
    deleted: false,
    product: {
      id,
      product_type: `S7-${id}`,
      product_article_no: `6ES7-${id}`,
      short_description: null,
      url_path: null,
      tariff: 0.05,
    },
    supplier_order_node_line: { taxed_price_unit: 0, taxed_amount: 0 },
    ...over,
  };
}

const priced = (id: number, qty: number, unit: number, amount: number, over = {}) =>
  line(id, {
    qty,
    supplier_order_node_line: { taxed_price_unit: unit, taxed_amount: amount },
    ...over,
  });

export function order(over: Partial<OrderRow> = {}): OrderRow {
  return {
    id: 7,
    company_id: 1,
    sheet_id: null,
    name: 'PO2025001',
    inquiry_no: 'XJ2025001',
    state: 10,
    order_base_state: null,
    state_change_time: '2025-03-14T02:00:00.000Z',
    order_state_log_list: [],
    forecast_receive_date: null,
    unpaid_amount: null,
    brand: null,
    brand_name: 'SIEMENS',
    payment_method: 'THIRTY_SEVENTY_RATIO_PAYMENT',
    current_order_node: {
      company_id: 1,
      contacts_user: null,
      order_node_price: { currency: 'CNY' },
    },
    supplier_order_node: {
      company_id: 2,
      contacts_user: { id: 9, name: '李销售' },
      order_node_price: { currency: 'CNY' },
    },
    supplier_node: {
      inbound_state: null,
      invoice_state: null,
      taxed_amount: 3335.12,
      currency: 'CNY',
    },
    order_node_list: [],
    order_product_list: [
      priced(1, 2, 1000.05, 2000.1, { shipment_period: 0 }),
      priced(2, 3, 333.34, 1000.02, { shipment_period: 10 }),
      priced(3, 1, 335, 335, { shipment_period: null }),
      priced(4, 1, 9999, 9999, { quote_state: 'INVALID', type_article_no: 'OUT-INVALID' }),
      priced(5, 1, 8888, 8888, { quote_state: 'REPLACED', type_article_no: 'OUT-REPLACED' }),
      priced(6, 1, 7777, 7777, { deleted: true, type_article_no: 'OUT-DELETED' }),
    ],
    currency: 'CNY',
    tax_rate: 0.13,
    exchange_rate: 7.8,
    extra_fee: 0,
    has_cny_vat_fee: false,
    first_payment_amount: null,
    logistics: [],
    invoices: [],
    sign_time: '2025-03-14T02:00:00.000Z',
    create_time: '2025-03-10T02:00:00.000Z',
    write_time: '2025-03-14T02:00:00.000Z',
    version: 1,
    ...over,
  };
}

export function company(id: number, name: string, over: Partial<CompanyRow> = {}): CompanyRow {
  return {
    id,
    name,
    short_name: null,
    type: null,
    level: null,
    logo: null,
    website: 'www.example.cn',
    email: 'info@example.cn',
    currency: 'CNY',
    language: 'zh',
    country: 'CN',
    province: '江苏省',
    city: '苏州市',
    timezone: 'Asia/Shanghai',
    tax_code: '91320500MA1XXXXX0X',
    vip: false,
    start_date: null,
    end_date: null,
    rebates: null,
    follower: null,
    invoice: {
      id,
      tax_code: '91320500MA1XXXXX0X',
      partner_tax: {
        invoice_bank_code: null,
        invoice_bank_name: '中国银行苏州分行',
        invoice_bank_account: '6222000011112222',
        invoice_address: '苏州市工业园区星湖街1号',
        invoice_phone: '0512-88886666',
      },
      partner_address: {
        contacts_name: '王会计',
        contacts_phone: '13800000000',
        country: 'CN',
        province: '江苏省',
        city: '苏州市',
        district: '工业园区',
        street: '星湖街1号',
      },
    },
    default_address: {
      id: 1,
      address_type: 'DEFAULT_SHIPPING_GOODS_ADDRESS',
      country: 'CN',
      province: '江苏省',
      city: '苏州市',
      district: '工业园区',
      street: '金鸡湖大道88号',
      zip: '215000',
      contacts_name: '张收货',
      contacts_phone: '13900000000',
    },
    version: 1,
    ...over,
  };
}

export function orderInput(over: Partial<OrderDocumentInput> = {}): OrderDocumentInput {
  return {
    order: order(),
    partyA: company(1, '苏州恒远机电有限公司', {
      follower: { id: 3, alias: '赵跟单', mobile: '13700000000', phone: null },
    }),
    partyB: company(2, '德采工业品（上海）有限公司', { province: '上海市', city: '上海市' }),
    user: { name: '陈采购', mobile: '13600000000' },
    timeZone: 'Asia/Shanghai',
    now: '2025-03-15T08:00:00.000Z',
    ...over,
  };
}

export function sheetLine(id: number, over: Partial<SheetLine> = {}): SheetLine {
  return {
    id,
    product_id: id,
    product_type: `Sensor ${id}`,
    product_article_no: `ART-${id}`,
    short_description: `24V DC ${id}`,
    qty: 1,
    attachments: [],
    quote_state: 'QUOTED',
    shipment_period: 21,
    ...over,
    product: {
      state: null,
      validity_end_date: null,
      quote_comment: null,
      url_path: null,
      tariff: 0.05,
      chinese_name: '传感器',
      hs_code: '9026101000',
      ...over.product,
    },
  };
}

export function sheet(over: Partial<SheetRow> = {}): SheetRow {
  return {
    id: 11,
    company_id: 1,
    name: 'BJ2025001',
    state: 'QUOTATION_SENT',
    state_change_time: '2025-03-14T02:00:00.000Z',
    state_log_list: [],
    brand: null,
    brand_name: 'SICK',
    current_node: { company_id: 1, contacts_user: null },
    supplier_node: {
      company: { id: 2, name: '德采工业品（上海）有限公司' },
      currency: 'EUR',
      taxed_amount: null,
      vip_balance: null,
      vip_taxed_amount: null,
      vip_rebate: null,
      payment_method: 'THIRTY_SEVENTY_RATIO_PAYMENT',
      price_map: {
        '1': { taxed_price_unit: 105, taxed_amount: 210 },
        '2': { taxed_price_unit: 100, taxed_amount: 300 },
        '4': { taxed_price_unit: 999, taxed_amount: 999 },
      },
    },
    order: null,
    inquiry_product_list: [
      sheetLine(1, { qty: 2 }),
      sheetLine(2, {
        qty: 3,
        shipment_period: 3,
        product: { tariff: 0.08 } as SheetLine['product'],
      }),
      sheetLine(3, { product_article_no: 'ART-UNPRICED', shipment_period: null }),
      sheetLine(4, { quote_state: 'INVALID', product_article_no: 'OUT-INVALID' }),
      sheetLine(5, { quote_state: 'REPLACED', product_article_no: 'OUT-REPLACED' }),
    ],
    cancelReason: null,
    remark: null,
    create_time: '2025-03-10T02:00:00.000Z',
    write_time: '2025-03-14T02:00:00.000Z',
    version: 1,
    ...over,
  };
}

export function sheetInput(over: Partial<SheetDocumentInput> = {}): SheetDocumentInput {
  const { order: _order, firstPaymentAmount: _f, amountInWords: _w, ...common } = orderInput();
  return { ...common, sheet: sheet(), ...over };
}

type BoxLine = LogisticsBox['box_lines'][number];

export function boxLine(id: number, over: Partial<BoxLine> = {}): BoxLine {
  return {
    id,
    order_product_id: 1,
    qty: 1,
    gross_weight: 1,
    net_weight: 0.8,
    customs_code_de: '85371091000',
    customs_code_cn: '8537101190',
    origin_country: 'DE',
    price_unit: 10,
    ...over,
  };
}

export function box(id: number, over: Partial<LogisticsBox> = {}): LogisticsBox {
  return {
    id,
    box_type: 'CARTON',
    box_name: `PO2025001-${id}`,
    state: 'DELIVERING',
    currency: 'EUR',
    delivery_company: '顺丰速运',
    tracking_no: `SF100000000000${id}`,
    gross_weight: 1,
    net_weight: 0.8,
    extra_weight: 0,
    create_time: '2025-03-20T02:00:00.000Z',
    box_lines: [boxLine(id * 10)],
    logs: [],
    ...over,
  };
}

/** Two boxes: extra 1.5 kg over 6 + 4 kg, and 0.001 kg over 1 + 2 kg; one line of an excluded order line. */
export function shippedOrder(): OrderRow {
  return order({
    state: 80,
    logistics: [
      box(1, {
        gross_weight: 10,
        extra_weight: 1.5,
        box_lines: [
          boxLine(11, {
            order_product_id: 1,
            qty: 4,
            gross_weight: 6,
            net_weight: 5.5,
            price_unit: 12.5,
          }),
          boxLine(12, {
            order_product_id: 2,
            qty: 2,
            gross_weight: 4,
            net_weight: 3.5,
            price_unit: 1234.5,
            origin_country: 'CH',
            customs_code_de: '90261000000',
            customs_code_cn: '9026101000',
          }),
          boxLine(13, { order_product_id: 4, qty: 1, gross_weight: 3, price_unit: 999 }),
        ],
      }),
      box(2, {
        box_type: 'PALLET',
        gross_weight: 3,
        extra_weight: 0.001,
        box_lines: [
          boxLine(21, { order_product_id: 3, gross_weight: 1, net_weight: 0.9 }),
          boxLine(22, {
            order_product_id: 3,
            gross_weight: 2,
            net_weight: 1.9,
            origin_country: 'US',
          }),
        ],
      }),
    ],
  });
}

export function invoice(over: Partial<OrderInvoice> = {}): OrderInvoice {
  const l = (id: number, opl: number, qty: number, unit: number, taxedUnit: number) => ({
    id,
    order_id: 7,
    order_product_id: opl,
    qty,
    price_unit: unit,
    taxed_price_unit: taxedUnit,
    amount: roundTo(unit * qty),
    taxed_amount: roundTo(taxedUnit * qty),
  });
  return {
    id: 31,
    number: '12345678',
    state: 'MAILED',
    invoice_date: '2025-04-02',
    currency: 'CNY',
    tax_rate: 0.13,
    taxed_amount: 3000.12,
    untaxed_amount: 2655,
    customer_company: { id: 1, name: '苏州恒远机电有限公司' },
    supplier_company_id: 2,
    reference_orders: [{ id: 7, name: 'PO2025001' }],
    delivery_company: '顺丰',
    tracking_no: 'SF1234567890123',
    create_time: '2025-04-02T02:00:00.000Z',
    lines: [l(1, 1, 2, 885, 1000.05), l(2, 2, 3, 295, 333.34), l(3, 4, 1, 8848, 9999)],
    logs: [
      { create_time: '2025-04-02T02:00:00.000Z', location: '上海', remark: '发票已开具' },
      { create_time: '2025-04-03T09:30:00.000Z', location: '苏州', remark: '已签收' },
    ],
    ...over,
  };
}
