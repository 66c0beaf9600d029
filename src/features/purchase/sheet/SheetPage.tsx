// The screen of /inquiry-quotation/detail (purchasing-core §2.3): without an id the create form;
// with one, the sheet from the local database. An id that is the company's order redirects to
// the order detail; a temporary id whose create has been answered switches the address to the
// server's id (the page stays); an id the device does not hold says so.
import { Alert, Center, Loader, Stack, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SHEET_LABELS, SHEET_MESSAGES } from '../../../domain/purchase/sheetText';
import { useOnline } from '../../../platform/session/useOnline';
import { useSession } from '../../../platform/session/useSession';
import { SheetBreadcrumbs } from './SheetBreadcrumbs';
import { SheetDetail } from './SheetDetail';
import { SheetForm } from './SheetForm';
import { orderDetailHref, originListType, type SheetDetailSearch } from './sheetSearch';
import { useSheetRecord } from './useSheetRecord';

function SheetCreate({ companyId, search }: { companyId: number; search: SheetDetailSearch }) {
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <SheetBreadcrumbs
        listType={originListType(search.sheetType, search.filter)}
        filter={search.filter}
        sheetName={null}
        creating
      />
      <Title order={3}>{SHEET_LABELS.CREATE_TITLE}</Title>
      <SheetForm
        companyId={companyId}
        sheet={null}
        onCreated={(sheetId) =>
          void navigate({
            to: '/inquiry-quotation/detail',
            search: { id: sheetId, sheetType: search.sheetType },
            replace: true,
          })
        }
      />
    </Stack>
  );
}

function SheetById({
  id,
  companyId,
  search,
}: {
  id: number;
  companyId: number;
  search: SheetDetailSearch;
}) {
  const record = useSheetRecord(companyId, id);
  const navigate = useNavigate();
  const online = useOnline();

  useEffect(() => {
    if (record.status === 'moved') {
      void navigate({
        to: '/inquiry-quotation/detail',
        search: { ...search, id: record.serverId },
        replace: true,
      });
    } else if (record.status === 'order') {
      void navigate({ href: orderDetailHref(record.orderId, search), replace: true });
    }
  }, [record, navigate, search]);

  switch (record.status) {
    case 'sheet':
      return (
        <SheetDetail
          key={record.sheet.id}
          sheet={record.sheet}
          companyId={companyId}
          search={search}
        />
      );
    case 'missing':
      return (
        <Alert color="gray" title={SHEET_MESSAGES.NOT_FOUND} data-testid="sheet-not-found">
          {id < 0
            ? SHEET_MESSAGES.CREATE_REFUSED
            : online
              ? SHEET_MESSAGES.NOT_SYNCED_HINT
              : SHEET_MESSAGES.NOT_SYNCED_OFFLINE}
        </Alert>
      );
    default:
      return (
        <Center py="xl">
          <Loader aria-label={SHEET_LABELS.LOADING} />
        </Center>
      );
  }
}

export function SheetPage({ search }: { search: SheetDetailSearch }) {
  const { currentCompany } = useSession();
  if (search.id === undefined) return <SheetCreate companyId={currentCompany.id} search={search} />;
  return <SheetById id={search.id} companyId={currentCompany.id} search={search} />;
}
