// The order detail screen (purchasing-core §2.4), read from the local database so
// it opens at once and offline: breadcrumb back to the list it came from, previous/next through
// that list, the chat (only once the order is read: canOpenOrderChat), the summary
// with owner change, 申请取消 at 10/20, the product table and the state-log timeline, then the
// logistics (boxes, tracking logs, 打印标签) and the invoices with their progress logs.
import { Breadcrumbs, Center, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import {
  type DetailOrigin,
  orderListOrigin,
  originListLink,
  purchaseListOrigin,
} from '../../../domain/orders/detailPaging';
import { ORDER_DETAIL_LABELS } from '../../../domain/orders/orderDetail';
import { DEFAULT_ORDER_TAB, type OrderTab } from '../../../domain/orders/orderTabs';
import {
  canOpenOrderChat,
  detailLoadStatus,
  offersOrderCancelRequest,
} from '../../../domain/orders/rules';
import { orderTimeline } from '../../../domain/orders/timeline';
import type { SheetListType } from '../../../domain/purchase/listTypes';
import { AppAnchor, AppButton } from '../../../platform/AppLink';
import { useAppServices } from '../../../platform/AppServicesContext';
import { useOnline } from '../../../platform/session/useOnline';
import { useSession } from '../../../platform/session/useSession';
import { ChatButton } from '../../chat/ChatButton';
import { orderChatTarget } from '../../chat/chatTarget';
import { OrderReportExport } from '../../documents/ReportExportMenu';
import { OrderLinesExport } from '../../export/OrderLinesExport';
import { OrderCancelButton } from '../OrderCancelRequest';
import { StateTimeline } from '../StateTimeline';
import { DetailPager } from './DetailPager';
import { InvoicePanel } from './InvoicePanel';
import { LogisticsPanel } from './LogisticsPanel';
import { OrderProducts } from './OrderProducts';
import { OrderSummary } from './OrderSummary';
import { useDetailNeighbours } from './useDetailNeighbours';
import { useOrder } from './useOrder';

export interface OrderDetailProps {
  /** The order id; undefined when the address held none (shown as not found). */
  id: number | undefined;
  /** Opened from the order list: its tab (ALL when the address names none). */
  orderType?: OrderTab;
  /** Opened from the purchase list (/inquiry-quotation/order-detail): its tab. */
  sheetType?: SheetListType;
  /** The row's position in that list, when opened from a row. */
  index?: number;
  /** The list's state as the row click carried it. */
  filter?: string;
}

function useOrigin(
  orderType: OrderTab,
  sheetType: SheetListType | undefined,
  filter: string,
): DetailOrigin {
  return useMemo(
    () =>
      sheetType === undefined
        ? orderListOrigin(orderType, filter)
        : purchaseListOrigin(sheetType, filter),
    [orderType, sheetType, filter],
  );
}

function NotFound({ listHref: href }: { listHref: string }) {
  const online = useOnline();
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="sm" data-testid="order-not-found">
        <Title order={4}>{ORDER_DETAIL_LABELS.NOT_FOUND}</Title>
        <Text c="dimmed" ta="center">
          {online ? ORDER_DETAIL_LABELS.NOT_FOUND_ONLINE : ORDER_DETAIL_LABELS.NOT_FOUND_OFFLINE}
        </Text>
        <AppButton href={href} variant="light">
          {ORDER_DETAIL_LABELS.BACK_TO_LIST}
        </AppButton>
      </Stack>
    </Paper>
  );
}

export function OrderDetail({
  id,
  orderType = DEFAULT_ORDER_TAB,
  sheetType,
  index,
  filter = '',
}: OrderDetailProps) {
  const { currentCompany, account } = useSession();
  const { config } = useAppServices();
  const order = useOrder(currentCompany.id, id);
  const origin = useOrigin(orderType, sheetType, filter);
  const neighbours = useDetailNeighbours(
    { companyId: currentCompany.id, timeZone: account.timezone, origin, filter },
    index,
  );
  const link = originListLink(origin);
  const timeline = useMemo(() => (order ? orderTimeline(order) : []), [order]);

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <Group justify="space-between" gap="sm">
        <Breadcrumbs separatorMargin={6} style={{ flexWrap: 'wrap' }}>
          <Text size="sm" c="dimmed">
            {origin.list === 'orders' ? ORDER_DETAIL_LABELS.ORDERS : ORDER_DETAIL_LABELS.PURCHASES}
          </Text>
          <AppAnchor href={link.href} size="sm">
            {link.label}
          </AppAnchor>
          {order && <Text size="sm">{order.name}</Text>}
        </Breadcrumbs>
        <Group gap="xs">
          {order && offersOrderCancelRequest(order) && <OrderCancelButton orderId={order.id} />}
          {order && <OrderReportExport order={order} companyId={currentCompany.id} />}
          <ChatButton
            target={canOpenOrderChat(detailLoadStatus(order)) ? orderChatTarget(order) : null}
          />
          <DetailPager neighbours={neighbours} />
        </Group>
      </Group>
      {order === undefined && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {order === null && <NotFound listHref={link.href} />}
      {order && (
        <>
          <OrderSummary order={order} companyId={currentCompany.id} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 9 }}>
              <Stack gap="md">
                <Paper withBorder p="md" radius="md">
                  <Group justify="space-between" gap="xs" mb="sm">
                    <Title order={4} size="h5">
                      {ORDER_DETAIL_LABELS.PRODUCTS}
                    </Title>
                    <OrderLinesExport order={order} companyId={currentCompany.id} />
                  </Group>
                  <OrderProducts
                    lines={order.order_product_list}
                    currency={order.supplier_order_node.order_node_price.currency}
                    publicWebsite={config.publicWebsite}
                  />
                </Paper>
                <LogisticsPanel order={order} companyId={currentCompany.id} />
                <InvoicePanel order={order} companyId={currentCompany.id} />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Paper withBorder p="md" radius="md" data-testid="order-timeline">
                <Title order={4} size="h5" mb="sm">
                  {ORDER_DETAIL_LABELS.PROGRESS}
                </Title>
                <StateTimeline entries={timeline} />
              </Paper>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
