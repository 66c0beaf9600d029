// What a client may put into a sheet: product lines (model, order number, quantity, attachments)
// and the brand. Checked with the domain's validators (purchasing-core §5), so the server refuses
// exactly what the form refuses, with the same messages.
import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { BrandBody, LineBody } from '../../src/contract/api/outbox';
import { brandChoice, productChoice } from '../../src/domain/catalog/choice';
import { PURCHASING_MESSAGES } from '../../src/domain/messages/purchasing';
import {
  MAX_LINE_ATTACHMENTS,
  NEW_LINE_QUANTITY,
  validateBrandName,
  validateLineAttachment,
  validateProductEntryText,
  validateQuantity,
} from '../../src/domain/purchase/validation';
import type { Tx } from '../db/database';
import { type Attachment, brands, files, products, syncChanges } from '../db/schema/index';
import { badRequest, refused } from '../http/httpError';
import type { ChangeSet } from '../sync/changeSet';
import { SHEET_MESSAGES, shareBrandWith } from './sheetSupport';

/** A product line as the client sends it (purchasing-core §7.2 product_list; the contract's). */
export type LineInput = LineBody;

/** The columns of a line, checked; the caller adds sheet id and position. */
export type LineValues = {
  productId: number | null;
  productType: string | null;
  productArticleNo: string | null;
  shortDescription: string | null;
  qty: number;
  attachments: Attachment[];
};

export type BrandInput = BrandBody;

const text = (value: string | null | undefined): string | null => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

function checkText(value: string | null): void {
  if (value === null) return;
  const message = validateProductEntryText(value, 'product');
  if (message) throw badRequest(message, 'CHINESE_CHARACTERS');
}

/** Validates lines and resolves their products and attachments (attachments: the company's own uploads). */
export async function checkLines(
  tx: Tx,
  companyId: number,
  lines: readonly LineInput[],
): Promise<LineValues[]> {
  const productIds = lines.map((l) => l.product_id ?? l.id).filter((id) => typeof id === 'number');
  const objectNames = lines.flatMap((l) => (l.attachments ?? []).map((a) => a.object_name));
  const productMap = new Map(
    (productIds.length
      ? await tx.select().from(products).where(inArray(products.id, productIds))
      : []
    ).map((p) => [p.id, p]),
  );
  const fileMap = new Map(
    (objectNames.length
      ? await tx
          .select()
          .from(files)
          .where(
            and(
              inArray(files.objectName, objectNames),
              eq(files.companyId, companyId),
              eq(files.deleted, false),
            ),
          )
      : []
    ).map((f) => [f.objectName, f]),
  );
  return lines.map((line) => {
    const qty = line.qty ?? NEW_LINE_QUANTITY;
    const qtyMessage = validateQuantity(qty);
    if (qtyMessage) throw badRequest(qtyMessage, 'INVALID_QUANTITY');
    let productType = text(line.product_type);
    let productArticleNo = text(line.product_article_no);
    checkText(productType);
    checkText(productArticleNo);
    const productId = line.product_id ?? line.id ?? null;
    if (productId !== null) {
      const product = productMap.get(productId);
      if (!product) throw badRequest(SHEET_MESSAGES.PRODUCT_NOT_FOUND, 'PRODUCT_NOT_FOUND');
      const choice = productChoice({ state: product.state });
      if (choice.kind === 'refuse') throw refused(choice.message, 'WRONG_PRODUCT');
      productType ??= product.productType;
      productArticleNo ??= product.productArticleNo;
    }
    const names = [...new Set((line.attachments ?? []).map((a) => a.object_name))];
    // Counted before looking the files up: no other file would help either.
    if (names.length > MAX_LINE_ATTACHMENTS) {
      throw badRequest(PURCHASING_MESSAGES.ATTACHMENT_TOO_MANY, 'INVALID_ATTACHMENT');
    }
    const attachments = names.map((objectName, index): Attachment => {
      const file = fileMap.get(objectName);
      if (!file) throw badRequest(SHEET_MESSAGES.ATTACHMENT_NOT_FOUND, 'ATTACHMENT_NOT_FOUND');
      const message = validateLineAttachment(
        { name: file.fileName, size: file.size, type: file.contentType },
        index,
      );
      if (message) throw badRequest(message, 'INVALID_ATTACHMENT');
      return {
        object_name: file.objectName,
        name: file.fileName,
        content_type: file.contentType,
        size: file.size,
      };
    });
    return {
      productId,
      productType,
      productArticleNo,
      shortDescription: text(line.short_description),
      qty,
      attachments,
    };
  });
}

/**
 * Brands a company may name by id (security review L8): the supplier's (no creating company,
 * or published: the supplier clears the column), the ones the company typed itself, and any
 * already in its feed. Another company's typed brand reads as unknown, so ids cannot be walked.
 */
export function brandVisibleTo(companyId: number) {
  return or(
    isNull(brands.createdByCompanyId),
    eq(brands.createdByCompanyId, companyId),
    sql`exists (select 1 from ${syncChanges} where ${syncChanges.companyId} = ${companyId}
      and ${syncChanges.tableName} = 'brands' and ${syncChanges.rowId} = ${brands.id}::text)`,
  );
}

/**
 * The sheet's brand: an existing one by id (`brandVisibleTo`), or by name (case-insensitive); a
 * name nobody has used yet (the client's negative temporary id) becomes a new brand in state
 * UNSPECIFIED, the typing company's until the supplier publishes it. A name another company typed
 * before is the same brand (names are unique): the company typed it too, so it learns nothing.
 * A NONEXISTENT brand is refused; one with a correct version is accepted (the form already asked
 * the user).
 */
export async function resolveBrand(
  tx: Tx,
  changes: ChangeSet,
  companyId: number,
  input: BrandInput,
): Promise<{ brandId: number; brandName: string }> {
  const name = (input.name ?? '').trim();
  const byId = typeof input.id === 'number' && input.id > 0;
  if (!byId) {
    const message = validateBrandName(name);
    if (message) throw badRequest(message, 'BRAND_NAME_REQUIRED');
  }
  const [found] = byId
    ? await tx
        .select()
        .from(brands)
        .where(and(eq(brands.id, input.id ?? 0), brandVisibleTo(companyId)))
        .limit(1)
    : await tx
        .select()
        .from(brands)
        .where(eq(sql`lower(${brands.name})`, name.toLowerCase()))
        .limit(1);
  if (byId && !found) throw badRequest(SHEET_MESSAGES.BRAND_NOT_FOUND, 'BRAND_NOT_FOUND');
  let brand = found;
  if (brand) {
    const choice = brandChoice({ state: brand.state });
    if (choice.kind === 'refuse') throw refused(choice.message, 'WRONG_BRAND');
  } else {
    [brand] = await tx
      .insert(brands)
      .values({ name, state: 'UNSPECIFIED', isPublished: false, createdByCompanyId: companyId })
      .returning();
  }
  if (!brand) throw badRequest(SHEET_MESSAGES.BRAND_NOT_FOUND, 'BRAND_NOT_FOUND');
  await shareBrandWith(tx, changes, companyId, brand.id);
  return { brandId: brand.id, brandName: brand.name };
}
