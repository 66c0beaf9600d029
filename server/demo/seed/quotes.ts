// Product lines of an inquiry and the supplier's quote on them. The supplier simulator quotes sent
// inquiries with `quoteLine`, the seeds build whole sheets with `quoteLines`: prices around the
// list price, shipment periods in weeks, validity dates, 3C lines (quote state CCC) and refusals
// with the domain's reasons.

import { QUOTE_COMMENT_REASONS } from '../../../src/domain/enums/quoteCommentReasons';
import { lineTotal, roundMoney } from '../../../src/domain/format/money';
import { CCC_QUOTE_STATE } from '../../../src/domain/purchase/rules';
import type { LineQuote as SupplierLineQuote } from '../../purchasing/sheetSupplier';
import type { CatalogProduct, SheetLineRow } from './documents';
import { listPrice } from './products';
import type { Random } from './random';
import { DAY_MS, shanghaiDay } from './timeline';

const SHIPMENT_PERIODS = [7, 14, 21, 28, 35, 42, 56, 70, 84];
const VALIDITY_DAYS = [30, 60, 90];
const QUOTE_COMMENTS = [
  '含13%增值税及运费',
  '原厂质保一年',
  '现货，付款后3天内发货',
  '最小包装10个',
];

const reasonsOf = (category: number): string[] =>
  QUOTE_COMMENT_REASONS.filter((r) => r.category === category && r.deleted !== true).map(
    (r) => r.text,
  );
const NO_QUOTE_REASONS = reasonsOf(2);
const INVALID_REASONS = reasonsOf(1);

/** A quoted unit price: the list price give or take a few percent, to the cent. */
export function quotePrice(rng: Random, listPrice: number): number {
  return roundMoney(listPrice * (0.92 + rng.next() * 0.2));
}

export type LineQuote = Pick<
  SheetLineRow,
  | 'quoteState'
  | 'taxedPriceUnit'
  | 'taxedAmount'
  | 'shipmentPeriod'
  | 'validityEndDate'
  | 'quoteComment'
>;

/**
 * The supplier's answer to one line quoted at `quotedAt`: a price (3C products are priced but
 * marked CCC, which refuses ordering), or a refusal with a reason when `refuse` is set.
 */
export function quoteLine(
  rng: Random,
  product: Pick<CatalogProduct, 'isCcc' | 'price'>,
  qty: number,
  quotedAt: number,
  options: { refuse?: 'QUOTE_REFUSED' | 'INVALID'; staleValidity?: boolean } = {},
): LineQuote {
  if (options.refuse) {
    const reasons = options.refuse === 'INVALID' ? INVALID_REASONS : NO_QUOTE_REASONS;
    return {
      quoteState: options.refuse,
      taxedPriceUnit: null,
      taxedAmount: null,
      shipmentPeriod: null,
      validityEndDate: null,
      quoteComment: rng.pick(reasons),
    };
  }
  const price = quotePrice(rng, product.price);
  const validityDays = options.staleValidity ? rng.int(3, 10) : rng.pick(VALIDITY_DAYS);
  return {
    quoteState: product.isCcc ? CCC_QUOTE_STATE : 'QUOTED',
    taxedPriceUnit: price.toFixed(2),
    taxedAmount: (lineTotal(price, qty) ?? 0).toFixed(2),
    shipmentPeriod: rng.pick(SHIPMENT_PERIODS),
    validityEndDate: shanghaiDay(quotedAt + validityDays * DAY_MS),
    quoteComment: rng.chance(0.2) ? rng.pick(QUOTE_COMMENTS) : null,
  };
}

/**
 * The supplier's quote of a stored sheet line in the shape `quoteSheet` (server/purchasing/
 * sheetSupplier.ts) takes: the simulator quotes sent inquiries through the API's own write path.
 */
export function supplierQuote(
  rng: Random,
  line: { id: number; qty: number; productArticleNo: string | null },
  product: { isCcc: boolean } | null,
  quotedAt: number,
  refuse?: 'QUOTE_REFUSED' | 'INVALID',
): SupplierLineQuote {
  const price = listPrice(line.productArticleNo ?? String(line.id));
  const quote = quoteLine(rng, { isCcc: product?.isCcc ?? false, price }, line.qty, quotedAt, {
    ...(refuse ? { refuse } : {}),
  });
  return {
    lineId: line.id,
    taxed_price_unit: quote.taxedPriceUnit ?? null,
    shipment_period: quote.shipmentPeriod ?? null,
    validity_end_date: quote.validityEndDate ?? null,
    quote_state: quote.quoteState ?? 'QUOTED',
    quote_comment: quote.quoteComment ?? null,
  };
}

export type QuoteLinesOptions = {
  /** When the supplier quoted; null: not quoted yet. */
  quotedAt: number | null;
  /** When the supplier refused the whole inquiry (QUOTATION_REFUSE); null otherwise. */
  refusedAt: number | null;
  ccc: boolean;
  staleValidity: boolean;
  sheetId: number;
  /** The sheet became an order: every line quoted, no 3C product. */
  forOrder: boolean;
};

/** The lines of one sheet (1–5 products of its brand) and the quoted total (null: no prices). */
export function quoteLines(
  rng: Random,
  products: readonly CatalogProduct[],
  options: QuoteLinesOptions,
): { lines: SheetLineRow[]; total: number | null } {
  const regular = products.filter((p) => !p.isCcc);
  const ccc = products.filter((p) => p.isCcc);
  const count = rng.weighted([
    [1, 3],
    [2, 4],
    [3, 3],
    [4, 2],
    [5, 1],
  ]);
  const chosen = rng.sample(regular.length > 0 ? regular : products, count);
  if (options.ccc && !options.forOrder && ccc.length > 0) chosen.push(rng.pick(ccc));
  const lines = chosen.map((product, index): SheetLineRow => {
    const qty = rng.weighted([
      [1, 5],
      [2, 3],
      [5, 2],
      [10, 1],
      [20, 1],
    ]);
    const base: SheetLineRow = {
      sheetId: options.sheetId,
      position: index,
      // Now and then the buyer typed the model instead of choosing it from the catalogue.
      productId: rng.chance(0.1) ? null : product.id,
      productType: product.model,
      productArticleNo: product.articleNo,
      shortDescription: product.description,
      qty,
      attachments: [],
      quoteState: 'WAITING_INQUIRY',
    };
    if (options.refusedAt !== null) {
      return {
        ...base,
        ...quoteLine(rng, product, qty, options.refusedAt, { refuse: 'QUOTE_REFUSED' }),
      };
    }
    if (options.quotedAt === null) return base;
    const roll = rng.next();
    const refuse =
      options.forOrder || product.isCcc
        ? undefined
        : roll < 0.07
          ? ('QUOTE_REFUSED' as const)
          : roll < 0.1
            ? ('INVALID' as const)
            : undefined;
    const quote = quoteLine(rng, product, qty, options.quotedAt, {
      refuse,
      staleValidity: options.staleValidity,
    });
    return { ...base, ...quote };
  });
  if (options.quotedAt === null) return { lines, total: null };
  const priced = lines.filter((line) => typeof line.taxedAmount === 'string');
  if (priced.length === 0) return { lines, total: null };
  return {
    lines,
    total: roundMoney(priced.reduce((sum, line) => sum + Number(line.taxedAmount), 0)),
  };
}
