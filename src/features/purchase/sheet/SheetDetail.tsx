// The purchase sheet detail (purchasing-core §2.3, §4.2), read from the local database: breadcrumb
// and previous/next, the head (number, state, owner, brand logo), the facts and totals, the
// server actions, the product lines — editable while the sheet is a draft —, and the state log.
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { StoredSheet } from '../../../data/derive';
import { purchaseListOrigin } from '../../../domain/orders/detailPaging';
import { linesEditable } from '../../../domain/purchase/rules';
import { sheetActionStates, sheetStateLogEntries } from '../../../domain/purchase/sheetDetail';
import { SHEET_LABELS } from '../../../domain/purchase/sheetText';
import { useOnline } from '../../../platform/session/useOnline';
import { useSession } from '../../../platform/session/useSession';
import { DetailPager } from '../../orders/detail/DetailPager';
import { useDetailNeighbours } from '../../orders/detail/useDetailNeighbours';
import { StateTimeline } from '../../orders/StateTimeline';
import { isPendingRow } from '../../sync/PendingMark';
import { SheetActions } from './SheetActions';
import { SheetBreadcrumbs } from './SheetBreadcrumbs';
import { draftFormKey, SheetForm } from './SheetForm';
import { SheetHeader } from './SheetHeader';
import { SheetLinesTable } from './SheetLinesTable';
import { SheetSummary } from './SheetSummary';
import { originListType, type SheetDetailSearch } from './sheetSearch';
import { useSheetActions } from './useSheetActions';

export interface SheetDetailProps {
  sheet: StoredSheet;
  companyId: number;
  search: SheetDetailSearch;
}

export function SheetDetail({ sheet, companyId, search }: SheetDetailProps) {
  const { account } = useSession();
  const online = useOnline();
  const pending = isPendingRow(sheet);
  const [dirty, setDirty] = useState(false);
  // Read once per page: the validity warning compares with "now" and need not tick.
  const [now] = useState(() => Date.now());
  const listType = originListType(search.sheetType, search.filter);
  const filter = search.filter ?? '';
  const origin = useMemo(() => purchaseListOrigin(listType, filter), [listType, filter]);
  const neighbours = useDetailNeighbours(
    { companyId, timeZone: account.timezone, origin, filter },
    search.index,
  );
  const actions = useSheetActions(companyId, sheet.id);
  const states = sheetActionStates(sheet, {
    online,
    temporary: sheet.id < 0,
    pending,
    dirty,
  });

  // The draft form starts again from the row when the row changes under a form without edits.
  const rowKey = draftFormKey(sheet, pending);
  const [formKey, setFormKey] = useState(rowKey);
  if (!dirty && formKey !== rowKey) setFormKey(rowKey);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <SheetBreadcrumbs
          listType={listType}
          filter={search.filter}
          sheetName={sheet.name || null}
          creating={false}
        />
        <DetailPager neighbours={neighbours} />
      </Group>
      <SheetHeader sheet={sheet} companyId={companyId} canChangeOwner={states.changeOwner.shown} />
      <SheetSummary sheet={sheet} now={now} search={search} />
      <SheetActions sheet={sheet} states={states} actions={actions} />
      {linesEditable(sheet.state) ? (
        <SheetForm
          key={formKey}
          companyId={companyId}
          sheet={sheet}
          onDirtyChange={setDirty}
          send={{
            state: states.sendInquiry,
            run: async () => {
              await actions.sendInquiry();
            },
          }}
        />
      ) : (
        <SheetLinesTable
          sheet={sheet}
          companyId={companyId}
          timeZone={account.timezone}
          now={now}
        />
      )}
      {sheet.state_log_list.length > 0 && (
        <Paper withBorder p="md">
          <Text fw={600} mb="sm">
            {SHEET_LABELS.STATE_LOG}
          </Text>
          <StateTimeline entries={sheetStateLogEntries(sheet.state_log_list)} />
        </Paper>
      )}
    </Stack>
  );
}
