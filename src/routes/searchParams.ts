// Search parameters of the routes declared so far, validated when the URL is read (CONVENTIONS
// 7): an unknown list type falls back to the spec's default instead of breaking the page.
import { z } from 'zod';
import { DEFAULT_ORDER_TAB, ORDER_TABS } from '../domain/orders/orderTabs';
import { DEFAULT_SHEET_LIST_TYPE, SHEET_LIST_TYPES } from '../domain/purchase/listTypes';

export const purchaseListSearch = z.object({
  sheetType: z.enum(SHEET_LIST_TYPES).catch(DEFAULT_SHEET_LIST_TYPE),
});

export const orderListSearch = z.object({
  orderType: z.enum(ORDER_TABS).catch(DEFAULT_ORDER_TAB),
});
