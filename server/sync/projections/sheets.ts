// The rows clients receive, shaped after the specs' entities (purchasing-core §3,
// settings-messaging-shared §3): the sync feed carries them into the app's local tables and the
// detail endpoints answer the same shapes. Loaders take ids in batches so bulk writers (seed,
// simulator) project thousands of rows in a few queries.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { firstPaymentOf, multiplyRound, roundTo } from '../../src/domain/documents/amounts';
import type { Db } from '../db/database';
import {
  accounts,
  brands,
  companies,
  companyAddresses,
  companyInvoices,
  contacts,
  invoiceLines,
  invoiceLogs,
  invoices,
  logisticsBoxes,
  logisticsBoxLines,
  logisticsLogs,
  orderLines,
  orders,
  products,
  sheetLines,
  sheets,
  syncChanges,
  todos,
} from '../db/schema/index';
import type { Tx } from '../db/write';
import { fileUrl } from '../messaging/fileStore';
import type { ChangeSet } from './changeSet';

export type Reader = Db | Tx;
type Row = Record<string, unknown> & { id: number; version: number };

const unique = (ids: Iterable<number | null | undefined>): number[] => [
  ...new Set([...ids].filter((id): id is number => typeof id === 'number')),
];
const num = (value: string | null): number | null => (value === null ? null : Number(value));

/**
 * PostgreSQL writes a timestamptz as text like `2025-01-09 02:00:00+00`; clients get ISO 8601
 * (`2025-01-09T02:00:00.000Z`), the one format the domain's date functions read.
 */
export function isoTime(value: string): string;
export function isoTime(value: string | null): string | null;
export function isoTime(value: string | null): string | null {
  if (value === null) return null;
  const normalized = value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
  const time = new Date(normalized);
  return Number.isNaN(time.getTime()) ? value : time.toISOString();
}

// Map.groupBy arrives with Node 21; we run on 20.
function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

async function byId<T extends { id: number }>(rows: Promise<T[]>): Promise<Map<number, T>> {
  return new Map((await rows).map((row) => [row.id, row]));
}

function brandRef(brand: typeof brands.$inferSelect | undefined) {
  if (!brand) return null;
  return {
    id: brand.id,
    name: brand.name,
    url_path: brand.urlPath,
    is_published: brand.isPublished,
    logo_file: brand.logoUrl ? { url: brand.logoUrl } : null,
    state: brand.state,
    comment: brand.comment,
    correct_brand: brand.correctBrandId ? { id: brand.correctBrandId } : null,
  };
}

async function loadContacts(db: Reader, ids: number[]) {
  if (ids.length === 0) return new Map<number, typeof contacts.$inferSelect>();
  return byId(db.select().from(contacts).where(inArray(contacts.id, ids)));
}
async function loadCompanies(db: Reader, ids: number[]) {
  if (ids.length === 0) return new Map<number, typeof companies.$inferSelect>();
  return byId(db.select().from(companies).where(inArray(companies.id, ids)));
}
async function loadBrands(db: Reader, ids: number[]) {
  if (ids.length === 0) return new Map<number, typeof brands.$inferSelect>();
  return byId(db.select().from(brands).where(inArray(brands.id, ids)));
}
const contactRef = (contact: typeof contacts.$inferSelect | undefined) =>
  contact ? { id: contact.id, name: contact.name } : null;

export async function loadSheetRows(db: Reader, ids: number[]): Promise<Map<number, Row>> {
  const result = new Map<number, Row>();
  if (ids.length === 0) return result;
  const sheetRows = await db.select().from(sheets).where(inArray(sheets.id, ids));
  const lines = await db
    .select()
    .from(sheetLines)
    .where(inArray(sheetLines.sheetId, ids))
    .orderBy(asc(sheetLines.sheetId), asc(sheetLines.position));
  const productMap = await byId(
    unique(lines.map((l) => l.productId)).length
      ? db
          .select()
          .from(products)
          .where(inArray(products.id, unique(lines.map((l) => l.productId))))
      : Promise.resolve([]),
  );
  // One query after another: inside a transaction they share one connection anyway.
  const brandMap = await loadBrands(db, unique(sheetRows.map((s) => s.brandId)));
  const ownerMap = await loadContacts(db, unique(sheetRows.map((s) => s.ownerContactId)));
  const companyMap = await loadCompanies(db, unique(sheetRows.map((s) => s.supplierCompanyId)));
  const orderIds = unique(sheetRows.map((s) => s.orderId));
  const orderMap = await byId(
    orderIds.length
      ? db
          .select({ id: orders.id, name: orders.name })
          .from(orders)
          .where(inArray(orders.id, orderIds))
      : Promise.resolve([]),
  );
  const linesBySheet = groupBy(lines, (line) => line.sheetId);
  for (const sheet of sheetRows) {
    const sheetLinesOf = linesBySheet.get(sheet.id) ?? [];
    const supplier = companyMap.get(sheet.supplierCompanyId);
    const order = sheet.orderId ? orderMap.get(sheet.orderId) : undefined;
    result.set(sheet.id, {
      id: sheet.id,
      company_id: sheet.companyId,
      name: sheet.name,
      state: sheet.state,
      state_change_time: isoTime(sheet.stateChangeTime),
      state_log_list: sheet.stateLog,
      brand: brandRef(sheet.brandId ? brandMap.get(sheet.brandId) : undefined),
      brand_name: sheet.brandName,
      current_node: {
        company_id: sheet.companyId,
        contacts_user: contactRef(
          sheet.ownerContactId ? ownerMap.get(sheet.ownerContactId) : undefined,
        ),
      },
      supplier_node: {
        company: supplier ? { id: supplier.id, name: supplier.name } : null,
        currency: sheet.currency,
        taxed_amount: num(sheet.taxedAmount),
        vip_balance: num(sheet.vipBalance),
        vip_taxed_amount: num(sheet.vipTaxedAmount),
        vip_rebate: num(sheet.vipRebate),
        payment_method: sheet.paymentMethod,
        price_map: Object.fromEntries(
          sheetLinesOf
            .filter((line) => line.taxedPriceUnit !== null)
            .map((line) => [
              String(line.id),
              { taxed_price_unit: num(line.taxedPriceUnit), taxed_amount: num(line.taxedAmount) },
            ]),
        ),
      },
      order: order ? { id: order.id, name: order.name } : null,
      inquiry_product_list: sheetLinesOf
        .filter((line) => !line.deleted)
        .map((line) => {
          const product = line.productId ? productMap.get(line.productId) : undefined;
          return {
            id: line.id,
            product_id: line.productId,
            product_type: line.productType,
            product_article_no: line.productArticleNo,
            short_description: line.shortDescription,
            qty: line.qty,
            attachments: line.attachments,
            quote_state: line.quoteState,
            shipment_period: line.shipmentPeriod,
            product: {
              state: product?.state ?? null,
              validity_end_date: line.validityEndDate,
              quote_comment: line.quoteComment,
              url_path: product?.urlPath ?? null,
              tariff: num(product?.tariff ?? null),
              chinese_name: product?.customsName ?? null,
              hs_code: product?.hsCode ?? null,
            },
          };
        }),
      cancelReason: sheet.cancelReason,
      remark: sheet.remark,
      has_cny_vat_fee: sheet.hasCnyVatFee,
      create_time: isoTime(sheet.createTime),
      write_time: isoTime(sheet.writeTime),
      version: sheet.version,
    });
  }
  return result;
}

export async function loadOrderRows(db: Reader, ids: number[]): Promise<Map<number, Row>> {
  const result = new Map<number, Row>();
  if (ids.length === 0) return result;
  const orderRows = await db.select().from(orders).where(inArray(orders.id, ids));
  const lines = await db
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, ids))
    .orderBy(asc(orderLines.orderId), asc(orderLines.position));
  const [brandMap, contactMap] = await Promise.all([
    loadBrands(db, unique(orderRows.map((o) => o.brandId))),
    loadContacts(db, unique(orderRows.flatMap((o) => [o.ownerContactId, o.supplierContactId]))),
  ]);
  const linesByOrder = groupBy(lines, (line) => line.orderId);
  const lineProducts = await byId(
    unique(lines.map((l) => l.productId)).length
      ? db
          .select({ id: products.id, customsName: products.customsName, hsCode: products.hsCode })
          .from(products)
          .where(inArray(products.id, unique(lines.map((l) => l.productId))))
      : Promise.resolve([]),
  );
  const logistics = await loadLogistics(db, ids);
  const invoicesByOrder = await loadInvoices(db, ids);
  for (const order of orderRows) {
    const owner = contactRef(
      order.ownerContactId ? contactMap.get(order.ownerContactId) : undefined,
    );
    const supplierContact = contactRef(
      order.supplierContactId ? contactMap.get(order.supplierContactId) : undefined,
    );
    const taxedAmount = num(order.taxedAmount);
    const brand = order.brandId ? brandMap.get(order.brandId) : undefined;
    const taxRate = Number(order.taxRate);
    result.set(order.id, {
      id: order.id,
      company_id: order.companyId,
      sheet_id: order.sheetId,
      name: order.name,
      inquiry_no: order.inquiryNo,
      state: order.state,
      order_base_state: order.baseState,
      state_change_time: isoTime(order.stateChangeTime),
      order_state_log_list: order.stateLog,
      forecast_receive_date: order.forecastReceiveDate,
      unpaid_amount: num(order.unpaidAmount),
      brand: brand ? { ...brandRef(brand), grade: brand.grade } : null,
      brand_name: order.brandName,
      payment_method: order.paymentMethod,
      current_order_node: {
        company_id: order.companyId,
        contacts_user: owner,
        order_node_price: { currency: order.currency },
      },
      supplier_order_node: {
        company_id: order.supplierCompanyId,
        contacts_user: supplierContact,
        order_node_price: { taxed_amount: taxedAmount, currency: order.currency },
      },
      supplier_node: {
        inbound_state: order.inboundState,
        invoice_state: order.invoiceState,
        taxed_amount: taxedAmount,
        currency: order.currency,
      },
      order_node_list: [
        {
          company: { id: order.supplierCompanyId },
          inbound_state: order.inboundState,
          invoice_state: order.invoiceState,
        },
        { company: { id: order.companyId }, inbound_state: null, invoice_state: null },
      ],
      order_product_list: (linesByOrder.get(order.id) ?? []).map((line) => {
        const product = line.productId ? lineProducts.get(line.productId) : undefined;
        // Lines written before the document columns existed get them from the catalogue and
        // the taxed price.
        const taxedUnit = num(line.taxedPriceUnit);
        const priceUnit =
          num(line.priceUnit) ?? (taxedUnit === null ? null : roundTo(taxedUnit / (1 + taxRate)));
        return {
          id: line.id,
          qty: line.qty,
          brand_name: line.brandName ?? order.brandName,
          product_name: line.productName ?? line.productType,
          product_order_no: line.productArticleNo,
          type_article_no: typeArticleNo(line.productType, line.productArticleNo),
          parameter: line.parameter ?? line.shortDescription,
          chinese_name: line.chineseName ?? product?.customsName ?? null,
          hs_code: line.hsCode ?? product?.hsCode ?? null,
          shipment_period: line.shipmentPeriod,
          quote_state: line.quoteState,
          deleted: line.deleted,
          product: {
            id: line.productId,
            product_type: line.productType,
            product_article_no: line.productArticleNo,
            short_description: line.shortDescription,
            url_path: line.urlPath,
            tariff: num(line.tariff),
          },
          supplier_order_node_line: {
            taxed_price_unit: num(line.taxedPriceUnit),
            taxed_amount: num(line.taxedAmount),
            price_unit: priceUnit,
            amount:
              num(line.amount) ?? (priceUnit === null ? null : multiplyRound(priceUnit, line.qty)),
          },
        };
      }),
      supplier_quotation_no: order.supplierQuotationNo,
      currency: order.currency,
      tax_rate: taxRate,
      exchange_rate: num(order.exchangeRate),
      extra_fee: num(order.extraFee),
      has_cny_vat_fee: order.hasCnyVatFee,
      first_payment_amount:
        num(order.firstPaymentAmount) ??
        (taxedAmount === null ? null : firstPaymentOf(taxedAmount)),
      logistics: logistics.get(order.id) ?? [],
      invoices: invoicesByOrder.get(order.id) ?? [],
      sign_time: isoTime(order.signTime),
      create_time: isoTime(order.createTime),
      write_time: isoTime(order.writeTime),
      version: order.version,
    });
  }
  return result;
}

/** Model and order number as documents print them (`typeArticleNo`): one of them when equal. */
export function typeArticleNo(type: string | null, articleNo: string | null): string | null {
  if (!type) return articleNo;
  if (!articleNo || articleNo === type) return type;
  return `${type} / ${articleNo}`;
}

/** The boxes of each order with their lines and express-tracking logs, in position order. */
async function loadLogistics(db: Reader, orderIds: number[]) {
  const boxes = await db
    .select()
    .from(logisticsBoxes)
    .where(inArray(logisticsBoxes.orderId, orderIds))
    .orderBy(asc(logisticsBoxes.orderId), asc(logisticsBoxes.position));
  const boxIds = boxes.map((b) => b.id);
  const lines = boxIds.length
    ? await db
        .select()
        .from(logisticsBoxLines)
        .where(inArray(logisticsBoxLines.boxId, boxIds))
        .orderBy(asc(logisticsBoxLines.boxId), asc(logisticsBoxLines.position))
    : [];
  const logs = boxIds.length
    ? await db
        .select()
        .from(logisticsLogs)
        .where(inArray(logisticsLogs.boxId, boxIds))
        .orderBy(asc(logisticsLogs.boxId), asc(logisticsLogs.time), asc(logisticsLogs.id))
    : [];
  const linesByBox = groupBy(lines, (l) => l.boxId);
  const logsByBox = groupBy(logs, (l) => l.boxId);
  const byOrder = new Map<number, unknown[]>();
  for (const box of boxes) {
    const list = byOrder.get(box.orderId) ?? [];
    list.push({
      id: box.id,
      box_type: box.boxType,
      box_name: box.boxName,
      state: box.state,
      currency: box.currency,
      delivery_company: box.deliveryCompany,
      tracking_no: box.trackingNo,
      gross_weight: num(box.grossWeight),
      net_weight: num(box.netWeight),
      extra_weight: num(box.extraWeight),
      create_time: isoTime(box.createTime),
      box_lines: (linesByBox.get(box.id) ?? []).map((line) => ({
        id: line.id,
        order_product_id: line.orderLineId,
        qty: line.qty,
        gross_weight: num(line.grossWeight),
        net_weight: num(line.netWeight),
        customs_code_de: line.customsCodeDe,
        customs_code_cn: line.customsCodeCn,
        origin_country: line.originCountry,
        price_unit: num(line.priceUnit),
      })),
      logs: (logsByBox.get(box.id) ?? []).map((log) => ({
        time: isoTime(log.time),
        place: log.place,
        info: log.info,
      })),
    });
    byOrder.set(box.orderId, list);
  }
  return byOrder;
}

/** The invoices naming each order (through their lines), oldest first, with lines and logs. */
async function loadInvoices(db: Reader, orderIds: number[]) {
  const refs = await db
    .selectDistinct({ invoiceId: invoiceLines.invoiceId, orderId: invoiceLines.orderId })
    .from(invoiceLines)
    .where(inArray(invoiceLines.orderId, orderIds));
  const byOrder = new Map<number, unknown[]>();
  const invoiceIds = unique(refs.map((r) => r.invoiceId));
  if (invoiceIds.length === 0) return byOrder;
  const invoiceRows = await db
    .select()
    .from(invoices)
    .where(inArray(invoices.id, invoiceIds))
    .orderBy(asc(invoices.createTime), asc(invoices.id));
  const lines = await db
    .select()
    .from(invoiceLines)
    .where(inArray(invoiceLines.invoiceId, invoiceIds))
    .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
  const logs = await db
    .select()
    .from(invoiceLogs)
    .where(inArray(invoiceLogs.invoiceId, invoiceIds))
    .orderBy(asc(invoiceLogs.invoiceId), asc(invoiceLogs.createTime), asc(invoiceLogs.id));
  const referenced = unique(lines.map((l) => l.orderId));
  const orderNames = await byId(
    db
      .select({ id: orders.id, name: orders.name })
      .from(orders)
      .where(inArray(orders.id, referenced)),
  );
  const customers = await loadCompanies(db, unique(invoiceRows.map((i) => i.companyId)));
  const linesByInvoice = groupBy(lines, (l) => l.invoiceId);
  const logsByInvoice = groupBy(logs, (l) => l.invoiceId);
  const rows = new Map(
    invoiceRows.map((invoice) => {
      const invoiceLinesOf = linesByInvoice.get(invoice.id) ?? [];
      const customer = customers.get(invoice.companyId);
      return [
        invoice.id,
        {
          id: invoice.id,
          number: invoice.number,
          state: invoice.state,
          invoice_date: invoice.invoiceDate,
          currency: invoice.currency,
          tax_rate: Number(invoice.taxRate),
          taxed_amount: Number(invoice.taxedAmount),
          untaxed_amount: Number(invoice.untaxedAmount),
          customer_company: customer ? { id: customer.id, name: customer.name } : null,
          supplier_company_id: invoice.supplierCompanyId,
          reference_orders: unique(invoiceLinesOf.map((l) => l.orderId)).map((id) => ({
            id,
            name: orderNames.get(id)?.name ?? null,
          })),
          delivery_company: invoice.deliveryCompany,
          tracking_no: invoice.trackingNo,
          create_time: isoTime(invoice.createTime),
          lines: invoiceLinesOf.map((line) => ({
            id: line.id,
            order_id: line.orderId,
            order_product_id: line.orderLineId,
            qty: line.qty,
            price_unit: Number(line.priceUnit),
            taxed_price_unit: Number(line.taxedPriceUnit),
            amount: Number(line.amount),
            taxed_amount: Number(line.taxedAmount),
          })),
          logs: (logsByInvoice.get(invoice.id) ?? []).map((log) => ({
            create_time: isoTime(log.createTime),
            location: log.location,
            remark: log.remark,
          })),
        },
      ] as const;
    }),
  );
  for (const invoice of invoiceRows) {
    for (const ref of refs) {
      if (ref.invoiceId !== invoice.id) continue;
      const list = byOrder.get(ref.orderId) ?? [];
      list.push(rows.get(invoice.id));
      byOrder.set(ref.orderId, list);
    }
  }
  return byOrder;
}

export async function loadTodoRows(db: Reader, ids: number[]): Promise<Map<number, Row>> {
  const result = new Map<number, Row>();
  if (ids.length === 0) return result;
  const todoRows = await db.select().from(todos).where(inArray(todos.id, ids));
  const companyMap = await loadCompanies(
    db,
    unique(todoRows.flatMap((t) => [t.fromCompanyId, t.toCompanyId])),
  );
  const contactMap = await loadContacts(
    db,
    unique(todoRows.flatMap((t) => [t.fromContactsId, t.toContactsId])),
  );
  for (const todo of todoRows) {
    const from = todo.fromContactsId ? contactMap.get(todo.fromContactsId) : undefined;
    result.set(todo.id, {
      id: todo.id,
      type: todo.type,
      state: todo.state,
      subject: todo.subject,
      module: todo.module,
      module_id: todo.moduleId,
      module_number: todo.moduleNumber,
      mail_id: todo.mailId,
      mail_state: todo.mailState,
      from_company_id: todo.fromCompanyId,
      from_company_name: companyMap.get(todo.fromCompanyId)?.name ?? null,
      from_contacts_id: todo.fromContactsId,
      from_contacts_name: from?.name ?? null,
      to_company_id: todo.toCompanyId,
      to_company_name: companyMap.get(todo.toCompanyId)?.name ?? null,
      to_contacts_id: todo.toContactsId,
      to_contacts_name: todo.toContactsId
        ? (contactMap.get(todo.toContactsId)?.name ?? null)
        : null,
      avatar: from?.avatarUrl ?? null,
      has_attachment: todo.files.length > 0,
      todo_files: todo.files.map((file) => ({
        attachment: { ...file, url: fileUrl(file.object_name) },
      })),
      event_type: todo.eventType,
      create_time: isoTime(todo.createTime),
      write_time: isoTime(todo.writeTime),
      delay_time: isoTime(todo.delayTime),
      version: todo.version,
    });
  }
  return result;
}

export async function loadStaffRows(db: Reader, ids: number[]): Promise<Map<number, Row>> {
  const result = new Map<number, Row>();
  if (ids.length === 0) return result;
  const rows = await db.select().from(contacts).where(inArray(contacts.id, ids));
  const accountMap = await byId(
    unique(rows.map((r) => r.accountId)).length
      ? db
          .select({
            id: accounts.id,
            name: accounts.name,
            username: accounts.username,
            mobile: accounts.mobile,
            avatarUrl: accounts.avatarUrl,
          })
          .from(accounts)
          .where(inArray(accounts.id, unique(rows.map((r) => r.accountId))))
      : Promise.resolve([]),
  );
  for (const contact of rows) {
    const account = contact.accountId ? accountMap.get(contact.accountId) : undefined;
    result.set(contact.id, {
      id: contact.id,
      company_id: contact.companyId,
      name: contact.name,
      gender: contact.gender,
      mobile: contact.mobile,
      phone: contact.phone,
      email: contact.email,
      position: contact.position,
      status: contact.status,
      is_admin: contact.isAdmin,
      visibility: contact.visibility,
      avatar: contact.avatarUrl,
      login_user: account
        ? {
            id: account.id,
            name: account.username,
            mobile: account.mobile,
            avatar: account.avatarUrl,
          }
        : null,
      version: contact.version,
    });
  }
  return result;
}

export async function loadCompanyRows(db: Reader, ids: number[]): Promise<Map<number, Row>> {
  const result = new Map<number, Row>();
  const companyMap = await loadCompanies(db, unique(ids));
  const companyIds = [...companyMap.keys()];
  if (companyIds.length === 0) return result;
  const invoices = new Map(
    (
      await db.select().from(companyInvoices).where(inArray(companyInvoices.companyId, companyIds))
    ).map((row) => [row.companyId, row]),
  );
  const addresses = new Map(
    (
      await db
        .select()
        .from(companyAddresses)
        .where(inArray(companyAddresses.companyId, companyIds))
    )
      .filter((row) => row.addressType === 'DEFAULT_SHIPPING_GOODS_ADDRESS')
      .map((row) => [row.companyId, row]),
  );
  const followers = await loadContacts(
    db,
    unique([...companyMap.values()].map((c) => c.followerContactId)),
  );
  for (const company of companyMap.values()) {
    const invoice = invoices.get(company.id);
    const address = addresses.get(company.id);
    const follower = company.followerContactId
      ? followers.get(company.followerContactId)
      : undefined;
    result.set(company.id, {
      id: company.id,
      name: company.name,
      short_name: company.shortName,
      type: company.type,
      level: company.level,
      logo: company.logoUrl ? { url: company.logoUrl } : null,
      website: company.website,
      email: company.email,
      currency: company.currency,
      language: company.language,
      country: company.country,
      province: company.province,
      city: company.city,
      timezone: company.timezone,
      tax_code: company.taxCode,
      vip: company.vip,
      start_date: company.vipStartDate,
      end_date: company.vipEndDate,
      rebates: company.vip
        ? { amount: company.rebateAmount, balance: company.rebateBalance }
        : null,
      follower: follower
        ? { id: follower.id, alias: follower.name, mobile: follower.mobile, phone: follower.phone }
        : null,
      invoice: invoice ? invoiceRow(invoice) : null,
      default_address: address ? addressRow(address) : null,
      version: company.version,
    });
  }
  return result;
}

/**
 * Who receives each company's row: the company itself and every buyer with an order from it (the
 * supplier is party B on that buyer's documents: its name, address, bank and invoice info).
 */
export async function companyAudiences(
  db: Reader,
  companyIds: number[],
): Promise<Map<number, number[]>> {
  const ids = unique(companyIds);
  const audiences = new Map(ids.map((id) => [id, [id]]));
  if (ids.length === 0) return audiences;
  const pairs = await db
    .selectDistinct({ supplierId: orders.supplierCompanyId, buyerId: orders.companyId })
    .from(orders)
    .where(inArray(orders.supplierCompanyId, ids))
    .orderBy(asc(orders.supplierCompanyId), asc(orders.companyId));
  for (const { supplierId, buyerId } of pairs) {
    const audience = audiences.get(supplierId);
    if (audience && !audience.includes(buyerId)) audience.push(buyerId);
  }
  return audiences;
}

/**
 * The company row as another company sees it (a supplier is party B of its buyers' documents):
 * its VIP terms, rebates and the sales manager who follows it are the company's own business.
 */
export function partyView(row: Row): Row {
  return { ...row, vip: null, start_date: null, end_date: null, rebates: null, follower: null };
}

/**
 * Puts a company row into the feed of its audience (companyAudiences): the whole row for the
 * company itself, the party view for the others. Every writer of company rows goes through here.
 */
export function publishCompanyRow(
  changes: Pick<ChangeSet, 'upsert'>,
  row: Row,
  audience: readonly number[],
): void {
  if (audience.includes(row.id)) changes.upsert('companies', row, [row.id]);
  const others = audience.filter((id) => id !== row.id);
  if (others.length > 0) changes.upsert('companies', partyView(row), others);
}

/**
 * A supplier's company row enters a buyer's feed the first time the buyer gets an order from it.
 * Its version is bumped so the entry sorts after every cursor the buyer's clients already hold
 * (as shareBrandWith does for brands); the supplier's other audiences get the new version too.
 */
export async function shareCompanyWith(
  tx: Tx,
  changes: ChangeSet,
  buyerId: number,
  supplierId: number,
): Promise<void> {
  if (buyerId === supplierId) return;
  const [seen] = await tx
    .select({ version: syncChanges.version })
    .from(syncChanges)
    .where(
      and(
        eq(syncChanges.companyId, buyerId),
        eq(syncChanges.tableName, 'companies'),
        eq(syncChanges.rowId, String(supplierId)),
      ),
    )
    .limit(1);
  if (seen) return;
  await tx
    .update(companies)
    .set({ version: sql`nextval('sync_version')` })
    .where(eq(companies.id, supplierId));
  const row = (await loadCompanyRows(tx, [supplierId])).get(supplierId);
  const audience = (await companyAudiences(tx, [supplierId])).get(supplierId) ?? [];
  if (row) publishCompanyRow(changes, row, [...audience, buyerId]);
}

/** Invoice info as the company row and the invoices call carry it (§3 "Invoice info"). */
export function invoiceRow(invoice: typeof companyInvoices.$inferSelect) {
  return {
    id: invoice.id,
    tax_code: invoice.taxCode,
    partner_tax: {
      invoice_bank_code: invoice.bankCode,
      invoice_bank_name: invoice.bankName,
      invoice_bank_account: invoice.bankAccount,
      invoice_address: invoice.invoiceAddress,
      invoice_phone: invoice.invoicePhone,
    },
    partner_address: {
      contacts_name: invoice.mailContactsName,
      contacts_phone: invoice.mailContactsPhone,
      country: invoice.mailCountry,
      province: invoice.mailProvince,
      city: invoice.mailCity,
      district: invoice.mailDistrict,
      street: invoice.mailStreet,
    },
  };
}

/** A company address as the company row and the addresses calls carry it (§3). */
export function addressRow(address: typeof companyAddresses.$inferSelect) {
  return {
    id: address.id,
    address_type: address.addressType,
    country: address.country,
    province: address.province,
    city: address.city,
    district: address.district,
    street: address.street,
    zip: address.zip,
    contacts_name: address.contactsName,
    contacts_phone: address.contactsPhone,
  };
}

export async function loadBrandRows(db: Reader, ids: number[]): Promise<Map<number, Row>> {
  const result = new Map<number, Row>();
  for (const brand of (await loadBrands(db, unique(ids))).values()) {
    result.set(brand.id, {
      ...brandRef(brand),
      id: brand.id,
      country: brand.country,
      grade: brand.grade,
      agency_type: brand.agencyType,
      version: brand.version,
    });
  }
  return result;
}
