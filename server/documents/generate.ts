// The server side of the report export (settings-messaging-shared §2 "Printable documents and
// report export", §5 "Contract export", §7 template generate): the document of a template for an
// order or sheet the current company sees, rendered from the same rows its feed syncs
// (server/sync/projections/) with the same definitions and engine as the browser, so the PDF
// bytes equal the browser's for the same input and `now`. The spec is built here, on the main
// thread; the route renders it in a worker thread (renderPool.ts). A template whose permission
// code the company lacks is refused with the spec's 403, as the app hides it (<Permitted>).
import { and, eq } from 'drizzle-orm';
import type { CompanyRow, OrderRow, SheetRow } from '../../src/contract/feedRows';
import { contractFigures } from '../../src/documents/definitions/contract';
import { orderDocumentSpec, sheetDocumentSpec } from '../../src/documents/definitions/index';
import { nodeFontSource } from '../../src/documents/fonts/node/nodeFontSource';
import type {
  DocumentUser,
  OrderDocumentInput,
  SheetDocumentInput,
} from '../../src/documents/input';
import { renderPdf } from '../../src/documents/pdf/render';
import { type DocumentSpec, DocumentSpecError } from '../../src/documents/spec';
import {
  findTemplate,
  isTemplateModule,
  type ReportTemplate,
  templatePermitted,
} from '../../src/documents/templates';
import {
  contractExportProblems,
  contractPartiesOf,
  validateFirstPayment,
} from '../../src/domain/documents/contractExport';
import { DEFAULT_TIMEZONE, isValidTimeZone } from '../../src/domain/format/date';
import { isRecord } from '../../src/domain/guards';
import { COMMON_MESSAGES } from '../../src/domain/messages/common';
import type { Db } from '../db/database';
import { orders } from '../db/schema/index';
import { badRequest, forbidden, HttpError, notFound } from '../http/httpError';
import { ORDER_MESSAGES } from '../purchasing/orderService';
import { SHEET_MESSAGES } from '../purchasing/sheetSupport';
import { loadCompanyRows } from '../sync/projections/companies';
import { loadOrderRows } from '../sync/projections/orders';
import { loadSheetRows } from '../sync/projections/sheets';

/** Messages of refusals the spec does not word (ours, listed in docs/decisions.md). */
export const TEMPLATE_MESSAGES = {
  unknownModule: (module: string) => `不支持的模块：${module.slice(0, 40)}`,
  templateNotInModule: (templateId: number, module: 'ORDER' | 'INQUERY_QUOTATION_SHEET') =>
    `模板 ${templateId} 不适用于${module === 'ORDER' ? '订单' : '报价单'}`,
  BAD_NOW: '单据日期格式有误（data.now 应为 ISO 8601 时间）',
  bodyMismatch: (field: string) => `请求体的 ${field} 与路径不一致`,
  badField: (field: string) => `${COMMON_MESSAGES.BAD_REQUEST}：${field}`,
  BUSY: '单据生成繁忙，请稍后再试',
} as const;

/** The generate call as the route parsed it. */
export interface GenerateRequest {
  companyId: number;
  /** The company's permission codes (its map): a template needs its own code. */
  permissions: readonly string[];
  /** The signed-in user: name and mobile print as party A's contact, timezone dates the document. */
  user: DocumentUser & { timezone: string | null };
  module: string;
  /** The path's module_id and template_id, as text (checked here). */
  moduleId: string;
  templateId: string;
  /** The body's `data` (validated here); the body's other fields must match the path. */
  data: unknown;
}

/** What `data` may carry (all optional). */
export interface GenerateData {
  /** ISO 8601 instant, normalised to `Date#toISOString()`; default the server's time. */
  now: string;
  /** The first payment typed in the contract-export dialog, as typed (validated). */
  firstPaymentText: string | null;
  amountInWords: boolean | undefined;
  invoiceId: number | null;
  hasCnyVatFee: boolean | undefined;
}

export interface GeneratedDocument {
  template: ReportTemplate;
  fileName: string;
  bytes: Uint8Array;
}

const ID_TEXT = /^\d{1,16}$/;
// Date, time with seconds optional and fraction, and a zone: what toISOString() and the app send.
const ISO_INSTANT =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/** A path id: a positive integer that fits a JS number; the spec's 400 naming the field else. */
export function parseId(text: string, field: string): number {
  const value = ID_TEXT.test(text) ? Number(text) : Number.NaN;
  if (!(Number.isSafeInteger(value) && value >= 1))
    throw badRequest(TEMPLATE_MESSAGES.badField(field));
  return value;
}

/** `data.now` as the PDF's instant; the server's time when absent. */
export function parseNow(value: unknown, serverNow: () => Date = () => new Date()): string {
  if (value === undefined || value === null) return serverNow().toISOString();
  if (typeof value !== 'string' || value.length > 40 || !ISO_INSTANT.test(value.trim())) {
    throw badRequest(TEMPLATE_MESSAGES.BAD_NOW);
  }
  const date = new Date(value.trim());
  if (Number.isNaN(date.getTime())) throw badRequest(TEMPLATE_MESSAGES.BAD_NOW);
  return date.toISOString();
}

function optionalBoolean(data: Record<string, unknown>, key: string): boolean | undefined {
  const value = data[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw badRequest(TEMPLATE_MESSAGES.badField(`data.${key}`));
  return value;
}

/** The body's `data`: an object (or absent); unknown keys are ignored. */
export function parseGenerateData(raw: unknown, serverNow?: () => Date): GenerateData {
  if (raw !== undefined && raw !== null && !isRecord(raw)) {
    throw badRequest(TEMPLATE_MESSAGES.badField('data'));
  }
  const data = raw ?? {};
  const first = data.first_payment_amount;
  let firstPaymentText: string | null = null;
  if (first !== undefined && first !== null) {
    if (typeof first === 'number' && Number.isFinite(first)) firstPaymentText = String(first);
    else if (typeof first === 'string' && first.length <= 32) firstPaymentText = first;
    else throw badRequest(TEMPLATE_MESSAGES.badField('data.first_payment_amount'));
  }
  const invoice = data.invoice_id;
  if (
    invoice !== undefined &&
    invoice !== null &&
    !(typeof invoice === 'number' && Number.isSafeInteger(invoice) && invoice >= 1)
  ) {
    throw badRequest(TEMPLATE_MESSAGES.badField('data.invoice_id'));
  }
  return {
    now: parseNow(data.now, serverNow),
    firstPaymentText,
    amountInWords: optionalBoolean(data, 'amount_in_words'),
    invoiceId: typeof invoice === 'number' ? invoice : null,
    hasCnyVatFee: optionalBoolean(data, 'has_cny_vat_fee'),
  };
}

/**
 * The two parties' company rows as the buyer's feed holds them: its own row, and the supplier's
 * row once the buyer has an order from that supplier (companyAudiences); null otherwise, as the
 * browser has none either.
 */
async function partyRows(
  db: Db,
  buyerId: number,
  supplierId: number | null,
): Promise<{ partyA: CompanyRow | null; partyB: CompanyRow | null }> {
  let shared = supplierId === buyerId;
  if (supplierId !== null && !shared) {
    const [order] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.companyId, buyerId), eq(orders.supplierCompanyId, supplierId)))
      .limit(1);
    shared = order !== undefined;
  }
  const ids = shared && supplierId !== null ? [buyerId, supplierId] : [buyerId];
  const rows = (await loadCompanyRows(db, ids)) as unknown as Map<number, CompanyRow>;
  return {
    partyA: rows.get(buyerId) ?? null,
    partyB: shared && supplierId !== null ? (rows.get(supplierId) ?? null) : null,
  };
}

function userOf(request: GenerateRequest): DocumentUser {
  return { name: request.user.name, mobile: request.user.mobile ?? null };
}

function timeZoneOf(request: GenerateRequest): string {
  const zone = request.user.timezone;
  return zone && isValidTimeZone(zone) ? zone : DEFAULT_TIMEZONE;
}

/** The order document's input, checked: the first payment's range and the contract's items. */
async function orderSpec(
  db: Db,
  request: GenerateRequest,
  template: ReportTemplate,
  id: number,
  data: GenerateData,
): Promise<DocumentSpec> {
  const row = (await loadOrderRows(db, [id])).get(id) as unknown as OrderRow | undefined;
  if (!row || row.company_id !== request.companyId) throw notFound(ORDER_MESSAGES.NOT_FOUND);
  const parties = await partyRows(db, request.companyId, row.supplier_order_node.company_id);
  const input: OrderDocumentInput = {
    order: row,
    ...parties,
    user: userOf(request),
    timeZone: timeZoneOf(request),
    now: data.now,
  };
  if (data.amountInWords !== undefined) input.amountInWords = data.amountInWords;
  if (data.invoiceId !== null) input.invoiceId = data.invoiceId;
  if (template.kind === 'contract') {
    const problems = contractExportProblems(contractPartiesOf(parties.partyA));
    if (problems.length > 0) {
      throw new HttpError(400, 'CONTRACT_EXPORT_INCOMPLETE', problems.join('\n'), { problems });
    }
    if (data.firstPaymentText !== null) {
      const message = validateFirstPayment(data.firstPaymentText, contractFigures(input).total);
      if (message) throw badRequest(message, 'FIRST_PAYMENT_INVALID');
      input.firstPaymentAmount = Number(data.firstPaymentText.trim());
    }
  }
  return orderDocumentSpec(template, input);
}

async function sheetSpec(
  db: Db,
  request: GenerateRequest,
  template: ReportTemplate,
  id: number,
  data: GenerateData,
): Promise<DocumentSpec> {
  const row = (await loadSheetRows(db, [id])).get(id) as unknown as SheetRow | undefined;
  if (!row || row.company_id !== request.companyId) throw notFound(SHEET_MESSAGES.SHEET_NOT_FOUND);
  const parties = await partyRows(db, request.companyId, row.supplier_node.company?.id ?? null);
  const input: SheetDocumentInput = {
    sheet: row,
    ...parties,
    user: userOf(request),
    timeZone: timeZoneOf(request),
    now: data.now,
  };
  if (data.hasCnyVatFee !== undefined) input.hasCnyVatFee = data.hasCnyVatFee;
  return sheetDocumentSpec(template, input);
}

export type GenerateOptions = {
  /** The server's clock (the document's date when `data.now` is absent). */
  serverNow?: () => Date;
  /**
   * Renders the spec: the route's worker pool (renderPool.ts), which may refuse with
   * RenderBusyError. Absent: renderPdf right here, on the calling thread, unbounded.
   */
  render?: (spec: DocumentSpec) => Promise<Uint8Array>;
};

const renderInline = async (spec: DocumentSpec) => renderPdf(spec, await nodeFontSource.load());

/**
 * The PDF of a template for a record of the current company, or the refusal (HttpError). Only the
 * rendering waits for a render slot: bad input and missing records are answered at once.
 */
export async function generateDocument(
  db: Db,
  request: GenerateRequest,
  { serverNow, render = renderInline }: GenerateOptions = {},
): Promise<GeneratedDocument> {
  if (!isTemplateModule(request.module)) {
    throw badRequest(TEMPLATE_MESSAGES.unknownModule(request.module));
  }
  const moduleId = parseId(request.moduleId, 'module_id');
  const templateId = parseId(request.templateId, 'template_id');
  const template = findTemplate(request.module, templateId);
  if (!template)
    throw badRequest(TEMPLATE_MESSAGES.templateNotInModule(templateId, request.module));
  if (!templatePermitted(template, request.permissions)) throw forbidden();
  const data = parseGenerateData(request.data, serverNow);
  try {
    const spec =
      template.module === 'ORDER'
        ? await orderSpec(db, request, template, moduleId, data)
        : await sheetSpec(db, request, template, moduleId, data);
    const bytes = await render(spec);
    return { template, fileName: spec.fileName, bytes };
  } catch (error) {
    if (error instanceof DocumentSpecError) throw badRequest(error.message, 'DOCUMENT_INVALID');
    throw error;
  }
}

/** The body's module, module_id and template_id, when given, must name what the path names. */
export function checkBodyMatchesPath(
  body: Record<string, unknown>,
  path: { module: string; module_id: string; template_id: string },
): void {
  for (const field of ['module', 'module_id', 'template_id'] as const) {
    const value = body[field];
    if (value === undefined || value === null) continue;
    if ((typeof value !== 'string' && typeof value !== 'number') || String(value) !== path[field]) {
      throw badRequest(TEMPLATE_MESSAGES.bodyMismatch(field));
    }
  }
}

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266, RFC 5987). */
export function attachmentHeader(fileName: string): string {
  const fallback = [...fileName]
    .map((ch) => (ch >= ' ' && ch <= '~' && ch !== '"' && ch !== '\\' ? ch : '_'))
    .join('');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
