// The head of the order detail (purchasing-core §2.4): purchase number (order name with its
// inquiry number; 复制 copies the order name), owner with 变更负责人 (not at SIGN/SIGNED), the
// brand logo linking to the brand's public page, the state tag with its time, invoice and payment
// tags, then brand, expected arrival and unpaid amount (both hidden when SIGNED) and the total.
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { StoredOrder } from '../../../data/derive';
import { formatDateTime } from '../../../domain/format/date';
import { formatMoney } from '../../../domain/format/money';
import {
  ORDER_DETAIL_LABELS,
  orderInvoiceTag,
  orderPaymentTag,
  purchaseNumberText,
} from '../../../domain/orders/orderDetail';
import { orderStateLabel } from '../../../domain/orders/orderStates';
import { isCancelledOrder } from '../../../domain/orders/orderTabs';
import { isOrderSigned, orderDetailVisibility } from '../../../domain/orders/rules';
import { useSession } from '../../../platform/session/useSession';
import { CopyNumber } from '../../common/CopyNumber';
import { OwnerLine } from '../../owners/OwnerLine';
import { PendingMark } from '../../sync/PendingMark';
import { BrandLogo } from './BrandLogo';
import { DetailFact } from './DetailFact';
import { ForecastDateFact } from './ForecastDateFact';

function stateColor(order: StoredOrder): string {
  if (isCancelledOrder(order)) return 'red';
  return isOrderSigned(order.state) ? 'teal' : 'blue';
}

export function OrderSummary({ order, companyId }: { order: StoredOrder; companyId: number }) {
  const { account } = useSession();
  const shows = orderDetailVisibility(order.state);
  const owner = order.current_order_node.contacts_user;
  const currency =
    order.supplier_order_node.order_node_price.currency ??
    order.current_order_node.order_node_price.currency;
  const invoice = orderInvoiceTag(order.supplier_node.invoice_state);
  const payment = orderPaymentTag(order.supplier_node.inbound_state);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {ORDER_DETAIL_LABELS.PURCHASE_NUMBER}
            </Text>
            <Group gap="xs" wrap="nowrap" align="center">
              <Title order={3} style={{ overflowWrap: 'anywhere' }} data-testid="order-number">
                {purchaseNumberText(order.name, order.inquiry_no)}
              </Title>
              {order.name && <CopyNumber value={order.name} />}
            </Group>
            <OwnerLine
              kind="order"
              companyId={companyId}
              record={{ id: order.id, version: order.version }}
              owner={owner}
              canChange={shows.changeOwnerButton}
              testId="order-owner"
            >
              <PendingMark row={order} />
            </OwnerLine>
          </Stack>
          <BrandLogo brand={order.brand} />
        </Group>

        <Group gap="xs">
          <Badge color={stateColor(order)} variant="light" data-testid="order-state">
            {orderStateLabel(order.state)}
          </Badge>
          <Text size="xs" c="dimmed">
            {formatDateTime(order.state_change_time, account.timezone)}
          </Text>
          {invoice !== null && (
            <Badge color="grape" variant="outline" data-testid="order-invoice-state">
              {ORDER_DETAIL_LABELS.INVOICE_STATE}：{invoice}
            </Badge>
          )}
          {payment !== null && (
            <Badge color="orange" variant="outline" data-testid="order-payment-state">
              {ORDER_DETAIL_LABELS.PAYMENT_STATE}：{payment}
            </Badge>
          )}
        </Group>

        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <DetailFact label={ORDER_DETAIL_LABELS.BRAND} testId="order-brand">
            {order.brand?.name ?? order.brand_name ?? ''}
          </DetailFact>
          {shows.forecastReceiveDate && <ForecastDateFact order={order} companyId={companyId} />}
          {shows.unpaidAmount && (
            <DetailFact label={ORDER_DETAIL_LABELS.UNPAID_AMOUNT} testId="order-unpaid">
              {formatMoney(order.unpaid_amount, currency)}
            </DetailFact>
          )}
          <DetailFact label={ORDER_DETAIL_LABELS.TAXED_TOTAL} testId="order-total">
            {formatMoney(order.supplier_order_node.order_node_price.taxed_amount, currency)}
          </DetailFact>
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
