// The sheet page's breadcrumb (purchasing-core §2.3): 采购单 / 新建 on the create form, else
// 采购单 / the list it was opened from (back with that list's filters and sort) / the number.
import { Breadcrumbs, Text } from '@mantine/core';
import { originListLink, purchaseListOrigin } from '../../../domain/orders/detailPaging';
import type { SheetListType } from '../../../domain/purchase/listTypes';
import { sheetBreadcrumb } from '../../../domain/purchase/sheetDetail';
import { AppAnchor } from '../../../platform/AppLink';

function listHref(listType: SheetListType, filter: string | undefined): string {
  return originListLink(purchaseListOrigin(listType, filter)).href;
}

export function SheetBreadcrumbs({
  listType,
  filter,
  sheetName,
  creating,
}: {
  listType: SheetListType;
  filter: string | undefined;
  sheetName: string | null;
  creating: boolean;
}) {
  const crumbs = sheetBreadcrumb(listType, sheetName, creating);
  return (
    <Breadcrumbs separator="/" separatorMargin={6}>
      {crumbs.map((crumb) =>
        crumb.listType ? (
          <AppAnchor
            key={crumb.label}
            size="sm"
            href={
              crumb.listType === listType
                ? listHref(listType, filter)
                : listHref(crumb.listType, undefined)
            }
          >
            {crumb.label}
          </AppAnchor>
        ) : (
          <Text key={crumb.label} size="sm" c="dimmed">
            {crumb.label}
          </Text>
        ),
      )}
    </Breadcrumbs>
  );
}
