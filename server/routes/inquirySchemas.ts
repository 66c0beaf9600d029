// JSON schemas of the inquiry-quotation calls (purchasing-core §7.2). Shapes and bounds only:
// the spec's rules (quantity, Chinese characters, attachments, brand name) are checked by the
// service with the domain's validators, so they answer with the spec's messages instead of a
// generic "bad field". Every string has a maxLength and every number a range.
import { PAYMENT_METHODS } from '../../src/domain/finance/paymentMethods';
import { SHEET_LIST_TYPES } from '../../src/domain/purchase/listTypes';
import { listQueryProperties } from '../http/listParams';

const MAX_ID = Number.MAX_SAFE_INTEGER;
const companyIdProperty = { currentCompanyId: { type: 'string', pattern: '^\\d{1,15}$' } };
const text = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;
const optionalId = { type: ['integer', 'null'], minimum: 1, maximum: MAX_ID } as const;

export const companyQuery = { type: 'object', properties: companyIdProperty } as const;

export const listQuery = {
  type: 'object',
  properties: {
    ...companyIdProperty,
    ...listQueryProperties,
    sheetType: { type: 'string', enum: [...SHEET_LIST_TYPES] },
    type: { type: 'string', enum: [...SHEET_LIST_TYPES] },
    // Sent by the shared list form; the purchase list has no order tabs.
    orderType: { type: 'string', maxLength: 64 },
  },
} as const;

export const searchFormQuery = {
  type: 'object',
  properties: {
    ...companyIdProperty,
    sheetType: { type: 'string', enum: [...SHEET_LIST_TYPES], default: 'ALL' },
  },
} as const;

export const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: MAX_ID } },
} as const;

export const lineParams = {
  type: 'object',
  required: ['id', 'product_id'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: MAX_ID },
    product_id: { type: 'integer', minimum: 1, maximum: MAX_ID },
  },
} as const;

/** Purchase numbers start with letters (XJ…), ids are digits: the two paths never clash. */
export const nameParams = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,63}$' } },
} as const;

export const actionParams = {
  type: 'object',
  required: ['id', 'type'],
  properties: {
    id: { type: 'integer', minimum: 1, maximum: MAX_ID },
    type: { type: 'string', enum: ['submit_contract', 'cancel', 'restore'] },
  },
} as const;

const attachment = {
  type: 'object',
  required: ['object_name'],
  properties: { object_name: { type: 'string', minLength: 1, maxLength: 500 } },
} as const;

export const lineBody = {
  type: 'object',
  properties: {
    id: optionalId,
    product_id: optionalId,
    product_type: text(200),
    product_article_no: text(200),
    short_description: text(2000),
    // Any number: validateQuantity refuses 0, 1.5 and -1 with the spec's wording.
    qty: { type: ['number', 'null'], minimum: -1_000_000_000, maximum: 1_000_000_000 },
    // Bounded here, limited to 2 by the domain rule (its message says so).
    attachments: { type: ['array', 'null'], maxItems: 20, items: attachment },
  },
} as const;

const productList = { type: 'array', maxItems: 500, items: lineBody } as const;

const brand = {
  type: 'object',
  properties: {
    // Negative: a temporary id of a brand the user typed (purchasing-core §5).
    id: { type: ['integer', 'null'], minimum: -MAX_ID, maximum: MAX_ID },
    name: text(200),
  },
} as const;

const paymentMethod = { type: ['string', 'null'], enum: [...PAYMENT_METHODS, null] } as const;

export const createBody = {
  type: 'object',
  required: ['brand', 'product_list'],
  properties: {
    supplier: {
      type: ['object', 'null'],
      properties: { company_id: optionalId, payment_method: paymentMethod },
    },
    brand,
    reseller: {
      type: ['object', 'null'],
      properties: { company_id: optionalId, contacts_user_id: optionalId },
    },
    product_list: productList,
    save_to_draft: { type: ['boolean', 'null'] },
    remark: text(2000),
  },
} as const;

export const saveDraftBody = {
  type: 'object',
  required: ['product_list'],
  properties: {
    product_list: productList,
    brand: { ...brand, type: ['object', 'null'] },
    supplier: { type: ['object', 'null'], properties: { payment_method: paymentMethod } },
    remark: text(2000),
  },
} as const;

const reason = text(500);
export const actionBody = {
  type: ['object', 'null'],
  properties: {
    reason,
    data: { type: ['object', 'null'], properties: { reason } },
  },
} as const;

const followerId = { type: 'integer', minimum: 1, maximum: MAX_ID } as const;
export const followerBody = {
  type: 'object',
  properties: {
    follower_id: followerId,
    data: { type: 'object', required: ['follower_id'], properties: { follower_id: followerId } },
  },
} as const;
