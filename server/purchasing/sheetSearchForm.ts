// The quick-search form of a purchase list tab (purchasing-core §2.2: "loaded from the server";
// §3 "searchList items with key"). Keys are the list's filter keys (sheetQueries.ts), so whatever
// the form sends, the list understands; the SIGNED-only fields follow the domain's
// searchFieldVisible.

import { and, asc, desc, eq } from 'drizzle-orm';
import { PAYMENT_STATES, SUPPLIER_INVOICE_STATES } from '../../src/domain/finance/labels';
import {
  SHEET_LIST_TYPE_INFO,
  type SheetListType,
  SUPPLIER_INVOICE_STATE_FILTER,
  SUPPLIER_OUTBOUND_STATE_FILTER,
  searchFieldVisible,
} from '../../src/domain/purchase/listTypes';
import { SHEET_STATE_GROUPS, type SheetStateGroup } from '../../src/domain/purchase/sheetStates';
import { STAFF_STATUS_LABELS } from '../../src/domain/staff/staffCodes';
import type { Db } from '../db/database';
import { contacts } from '../db/schema/index';
import { contactNotDeleted } from '../partners/deletedContacts';

export type SearchOption = { value: string | number; label: string };
export type SearchField = {
  key: string;
  label: string;
  type: 'input' | 'select' | 'dateRange';
  options?: SearchOption[];
};

const labelled = (set: { codes: readonly string[]; labels: Readonly<Record<string, string>> }) =>
  set.codes.map((code) => ({ value: code, label: set.labels[code] ?? code }));

export async function sheetSearchForm(
  db: Db,
  companyId: number,
  listType: SheetListType,
): Promise<{ searchList: SearchField[] }> {
  const { groups } = SHEET_LIST_TYPE_INFO[listType];
  const groupKeys =
    groups === 'every' ? (Object.keys(SHEET_STATE_GROUPS) as SheetStateGroup[]) : groups;
  // Departed staff still own old sheets, so they stay findable (marked as departed); deleted
  // ones own none (their handover moved them) and are left out.
  const staff = await db
    .select({ id: contacts.id, name: contacts.name, status: contacts.status })
    .from(contacts)
    .where(and(eq(contacts.companyId, companyId), contactNotDeleted))
    .orderBy(desc(contacts.status), asc(contacts.id)); // IN_SERVICE before DEPART
  const fields: SearchField[] = [
    { key: 'name', label: '采购单号', type: 'input' },
    { key: 'brand_name', label: '品牌', type: 'input' },
    {
      key: 'owner',
      label: '负责人',
      type: 'select',
      options: staff.map((s) => ({
        value: s.id,
        label: s.status === 'DEPART' ? `${s.name}（${STAFF_STATUS_LABELS.DEPART}）` : s.name,
      })),
    },
  ];
  // A tab of one state group has nothing to choose between.
  if (groupKeys.length > 1) {
    fields.push({
      key: 'state_group',
      label: '状态',
      type: 'select',
      options: groupKeys.map((group) => ({ value: group, label: SHEET_STATE_GROUPS[group] })),
    });
  }
  fields.push({ key: 'create_time', label: '创建时间', type: 'dateRange' });
  fields.push(
    {
      key: SUPPLIER_INVOICE_STATE_FILTER,
      label: '开票状态',
      type: 'select',
      options: labelled(SUPPLIER_INVOICE_STATES),
    },
    {
      key: SUPPLIER_OUTBOUND_STATE_FILTER,
      label: '付款状态',
      type: 'select',
      options: labelled(PAYMENT_STATES),
    },
  );
  return { searchList: fields.filter((field) => searchFieldVisible(listType, field.key)) };
}
