// The supplier's quote on a sent inquiry, line by line, with the demo seed's quoting rules
// (server/demo/seed/quotes.ts `quoteLine`, so simulated quotes look like the seeded ones): a price
// around the product's list price, a shipment period, a validity end date; a 3C product priced but
// marked CCC (ordering it is refused); a product known to be wrong (NONEXISTENT) answered as
// invalid; now and then a line the supplier will not quote.
import { inArray } from 'drizzle-orm';
import { CCC_QUOTE_STATE } from '../../../src/domain/purchase/rules';
import type { Tx } from '../../db/database';
import { products } from '../../db/schema/index';
import type { LineQuote } from '../../purchasing/sheetSupplier';
import { loadLines, type SheetLineRecord } from '../../purchasing/sheetSupport';
import { listPrice } from '../seed/products';
import { quoteLine } from '../seed/quotes';
import { Random } from '../seed/random';

/** The share of ordinary lines the supplier declines (QUOTE_REFUSED), as in the demo seed. */
const REFUSE_CHANCE = 0.07;
/** A product the catalogue marks as wrong is answered INVALID with this reason (quote reasons, 1). */
const WRONG_PRODUCT = { state: 'INVALID', reason: '型号错误' } as const;

type ProductFacts = Pick<
  typeof products.$inferSelect,
  'id' | 'isCcc' | 'state' | 'productArticleNo' | 'productType'
>;

export type QuotePlan = { quotes: LineQuote[]; ccc: boolean };

/** The list price the quote varies around: the catalogue's, or a stable one from the typed text. */
function priceOf(line: SheetLineRecord, product: ProductFacts | undefined): number {
  const key =
    product?.productArticleNo ??
    line.productArticleNo ??
    line.productType ??
    `line-${line.productId ?? line.id}`;
  return listPrice(key);
}

function quoteOne(
  rng: Random,
  line: SheetLineRecord,
  product: ProductFacts | undefined,
  nowMs: number,
): LineQuote {
  if (product?.state === 'NONEXISTENT') {
    return {
      lineId: line.id,
      taxed_price_unit: null,
      shipment_period: null,
      validity_end_date: null,
      quote_state: WRONG_PRODUCT.state,
      quote_comment: WRONG_PRODUCT.reason,
    };
  }
  const isCcc = product?.isCcc ?? false;
  const refuse = !isCcc && rng.chance(REFUSE_CHANCE) ? ('QUOTE_REFUSED' as const) : undefined;
  const quote = quoteLine(rng, { isCcc, price: priceOf(line, product) }, line.qty, nowMs, {
    refuse,
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

/**
 * The quotes of every live line of the sheet. One draw of `random` seeds the sheet's own stream,
 * so a sheet's quote depends only on that draw and its lines.
 */
export async function planQuote(
  tx: Tx,
  sheetId: number,
  random: () => number,
  nowMs: number,
): Promise<QuotePlan> {
  const rng = new Random(Math.floor(random() * 2 ** 32));
  const lines = await loadLines(tx, sheetId);
  const ids = [...new Set(lines.flatMap((l) => (l.productId === null ? [] : [l.productId])))];
  const found = ids.length
    ? await tx
        .select({
          id: products.id,
          isCcc: products.isCcc,
          state: products.state,
          productArticleNo: products.productArticleNo,
          productType: products.productType,
        })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  const quotes = lines.map((line) =>
    quoteOne(rng, line, line.productId === null ? undefined : byId.get(line.productId), nowMs),
  );
  return { quotes, ccc: quotes.some((q) => q.quote_state === CCC_QUOTE_STATE) };
}
