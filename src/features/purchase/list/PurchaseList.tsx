// The purchase list /inquiry-quotation/list?sheetType= (purchasing-core §2.2): the
// six list types with their breadcrumb, the inquiry table (or the order table on the order tabs),
// the server's quick-search form with the SIGNED-only fields, the row click rules and the
// 创建采购单 button, as the parts of the shared list screen (src/features/lists/ListScreen.tsx).
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { APP_ROUTES } from '../../../contract/api/routes';
import {
  type SheetListRow,
  sheetListIsDirect,
  sheetListWindow,
} from '../../../data/lists/sheetListQuery';
import { SHEET_FILTER_KEYS } from '../../../domain/list/listFilters';
import { SHEET_SORT_KEY_OF_COLUMN, sheetListSort } from '../../../domain/list/listSort';
import { LIST_TEXT, PURCHASE_COLUMN_LABELS } from '../../../domain/list/listText';
import {
  purchaseRowTarget,
  SHEET_LIST_TYPE_INFO,
  SHEET_LIST_TYPES,
  type SheetListType,
  searchFieldVisible,
} from '../../../domain/purchase/listTypes';
import { type ListKind, ListScreen } from '../../lists/ListScreen';
import { href, pageNumberOf } from '../../lists/listLinks';
import type { ListSearch } from '../../lists/listSearch';
import { PurchaseCard, purchaseColumns, purchaseRowVersion } from './purchaseColumns';

/** The detail page; without an id it is the create form (§2.3). */
const DETAIL_PATH = '/inquiry-quotation/detail';

function CreateSheetButton({ phone }: { phone: boolean }) {
  const navigate = useNavigate();
  return (
    <Button
      component="a"
      href={DETAIL_PATH}
      onClick={(event) => {
        event.preventDefault();
        void navigate({ href: DETAIL_PATH });
      }}
      leftSection={<IconPlus size={16} />}
      size={phone ? 'xs' : 'sm'}
    >
      {LIST_TEXT.CREATE_SHEET}
    </Button>
  );
}

const PURCHASE_LIST: ListKind<SheetListRow, SheetListType> = {
  path: '/inquiry-quotation/list',
  root: LIST_TEXT.PURCHASE_ROOT,
  param: 'sheetType',
  tabs: SHEET_LIST_TYPES.map((value) => ({
    value,
    label: SHEET_LIST_TYPE_INFO[value].breadcrumb,
  })),
  searchForm: {
    route: APP_ROUTES.sheetSearchForm,
    key: 'purchase',
    shows: (key, listType) =>
      (SHEET_FILTER_KEYS as readonly string[]).includes(key) && searchFieldVisible(listType, key),
  },
  read: (db, { type, ...request }) => sheetListWindow(db, { ...request, listType: type }),
  direct: sheetListIsDirect,
  columns: purchaseColumns,
  sortOptions: (listType) =>
    SHEET_LIST_TYPE_INFO[listType].columns.flatMap((column) =>
      column === 'index'
        ? []
        : [{ key: SHEET_SORT_KEY_OF_COLUMN[column], label: PURCHASE_COLUMN_LABELS[column] }],
    ),
  sort: sheetListSort,
  versionOf: purchaseRowVersion,
  Card: PurchaseCard,
  exportOf: (listType, query) => ({ kind: 'sheets', listType, query }),
  target: ({ sheet }, index, listType, filter) => {
    const target = purchaseRowTarget({
      listType,
      id: sheet.id,
      orderId: sheet.order?.id ?? null,
      index,
      filter,
    });
    const pageNumber = pageNumberOf(index);
    return target.path === DETAIL_PATH
      ? href(target.path, { ...target.search, sheetType: listType, pageNumber })
      : href(target.path, { ...target.search, pageNumber });
  },
  Action: CreateSheetButton,
};

export function PurchaseList({ search }: { search: ListSearch & { sheetType: SheetListType } }) {
  return <ListScreen kind={PURCHASE_LIST} type={search.sheetType} search={search} />;
}
