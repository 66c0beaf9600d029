// 工作台 (/dashboard, issue 22 item 1): where the current company's work stands, at a glance and
// offline. Orders waiting for the user (pay, confirm, receive), goods overdue or due this week,
// the order and purchase-list tabs with their counts, the open to-dos, and the last 12 months of
// spend by month and by brand. Every figure opens the list it counts. Every figure is a kept
// total on the device (src/data/dashboard.ts), so the page opens in the same time at any size.
// A section shows only when the company holds its module's permission, as the menu does.
import { Anchor, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PERMISSION_CODES } from '../../domain/account/permissionCodes';
import { ACTION_TABS } from '../../domain/dashboard/figures';
import { DASHBOARD_TEXT as T } from '../../domain/dashboard/messages';
import { dueSummary } from '../../domain/dashboard/summary';
import { formatDate, formatDateTime } from '../../domain/format/date';
import { ORDER_TAB_INFO, ORDER_TABS } from '../../domain/orders/orderTabs';
import { SHEET_LIST_TYPE_INFO, SHEET_LIST_TYPES } from '../../domain/purchase/listTypes';
import { useSession } from '../../platform/session/useSession';
import { DashboardSection } from './DashboardSection';
import classes from './dashboard.module.css';
import { FigureTile, type TileTarget } from './FigureTile';
import { OverdueDialog } from './OverdueDialog';
import { SpendSection } from './SpendSection';
import { type Dashboard, useDashboard } from './useDashboard';

const TILE_COLUMNS = { base: 2, xs: 3, md: 4, lg: 7 };

function MineSection({ dashboard }: { dashboard: Dashboard }) {
  return (
    <DashboardSection title={T.MINE}>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
        {ACTION_TABS.map((tab) => (
          <FigureTile
            key={tab}
            label={ORDER_TAB_INFO[tab].breadcrumb}
            count={dashboard.mine[tab]}
            note={T.COMPANY_TOTAL(dashboard.orderTabs[tab])}
            target={{ kind: 'orders', tab }}
          />
        ))}
      </SimpleGrid>
    </DashboardSection>
  );
}

function ArrivalSection({
  dashboard,
  companyId,
  today,
}: {
  dashboard: Dashboard;
  companyId: number;
  today: string;
}) {
  const [open, setOpen] = useState(false);
  const { overdue, soon } = dueSummary(dashboard.dueDays, today);
  const tools =
    overdue > 0 ? (
      <Button size="compact-sm" variant="light" color="red" onClick={() => setOpen(true)}>
        {T.VIEW_OVERDUE}
      </Button>
    ) : null;
  return (
    <DashboardSection title={T.ARRIVALS} tools={tools}>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
        <FigureTile
          label={T.OVERDUE}
          count={overdue}
          tone="alert"
          target={{ kind: 'orders', tab: 'CARGO_RECEIVING' }}
        />
        <FigureTile
          label={T.DUE_SOON}
          count={soon}
          target={{ kind: 'orders', tab: 'CARGO_RECEIVING' }}
        />
      </SimpleGrid>
      <OverdueDialog
        companyId={companyId}
        today={today}
        opened={open}
        onClose={() => setOpen(false)}
      />
    </DashboardSection>
  );
}

/** A section of tiles, one per tab of a list, each opening its tab. */
function TabTiles({
  title,
  tiles,
}: {
  title: string;
  tiles: ReadonlyArray<{ key: string; label: string; count: number; target: TileTarget }>;
}) {
  return (
    <DashboardSection title={title}>
      <SimpleGrid cols={TILE_COLUMNS} spacing="sm">
        {tiles.map(({ key, ...tile }) => (
          <FigureTile key={key} {...tile} />
        ))}
      </SimpleGrid>
    </DashboardSection>
  );
}

const orderTiles = (dashboard: Dashboard) =>
  ORDER_TABS.map((tab) => ({
    key: tab,
    label: ORDER_TAB_INFO[tab].breadcrumb,
    count: dashboard.orderTabs[tab],
    target: { kind: 'orders', tab } as const,
  }));

const sheetTiles = (dashboard: Dashboard) =>
  SHEET_LIST_TYPES.map((type) => ({
    key: type,
    label: SHEET_LIST_TYPE_INFO[type].breadcrumb,
    count: dashboard.sheetTabs[type],
    target: { kind: 'sheets', type } as const,
  }));

function TodoSection({ dashboard, timeZone }: { dashboard: Dashboard; timeZone: string }) {
  const tools = (
    <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/message/waiting/list" />}>
      {T.ALL_TODOS}
    </Anchor>
  );
  return (
    <DashboardSection title={T.TODOS} tools={tools}>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
        <FigureTile label={T.OPEN_TODOS} count={dashboard.openTodos} target={{ kind: 'todos' }} />
        <FigureTile
          label={T.FAVOURITE_TODOS}
          count={dashboard.favouriteTodos}
          target={{ kind: 'todos', tab: 'favourites' }}
        />
      </SimpleGrid>
      {dashboard.newestTodos.length === 0 ? (
        <Text c="dimmed" size="sm">
          {T.NO_TODOS}
        </Text>
      ) : (
        <Stack gap={4} component="ul" className={classes.plainList}>
          {dashboard.newestTodos.map((todo) => (
            <Group key={todo.id} component="li" justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" truncate>
                {[todo.from_company_name, todo.module_number, todo.subject]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              <Text size="xs" c="dimmed" className={classes.time}>
                {formatDateTime(todo.create_time, timeZone)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </DashboardSection>
  );
}

export function DashboardPage() {
  const { currentCompany, account, can } = useSession();
  const dashboard = useDashboard(currentCompany.id, currentCompany.contactId);
  const today = formatDate(Date.now(), account.timezone);
  const orders = can([PERMISSION_CODES.ORDER]);
  const sheets = can([PERMISSION_CODES.INQUIRY_QUOTATION]);
  const todos = can([PERMISSION_CODES.TODO]);
  return (
    <Stack maw={1200} mx="auto" gap="md" data-testid="dashboard">
      <Title order={2} size="h3">
        {T.TITLE}
      </Title>
      {dashboard === undefined ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text>{T.LOADING}</Text>
        </Group>
      ) : (
        <>
          {orders && <MineSection dashboard={dashboard} />}
          {orders && (
            <ArrivalSection dashboard={dashboard} companyId={currentCompany.id} today={today} />
          )}
          {todos && <TodoSection dashboard={dashboard} timeZone={account.timezone} />}
          {orders && <TabTiles title={T.ORDERS} tiles={orderTiles(dashboard)} />}
          {sheets && <TabTiles title={T.SHEETS} tiles={sheetTiles(dashboard)} />}
          {orders && <SpendSection dashboard={dashboard} />}
        </>
      )}
    </Stack>
  );
}
