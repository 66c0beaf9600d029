// The head of the order detail (purchasing-core §2.4): purchase number (order name with its
// inquiry number), owner with 变更负责人 (not at SIGN/SIGNED), the brand logo linking to the brand's
// public page, the state tag with its time, invoice and payment tags, then brand, expected
// arrival and unpaid amount (both hidden when SIGNED) and the tax-inclusive total.
import {
  Anchor,
  Badge,
  Button,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useSession } from '../../../app/session/useSession';
import type { StoredOrder } from '../../../data/derive';
import { brandSiteUrl } from '../../../domain/catalog/publicLinks';
import { formatDate, formatDateTime } from '../../../domain/format/date';
import { formatMoney } from '../../../domain/format/money';
import {
  ORDER_DETAIL_LABELS,
  orderInvoiceTag,
  orderPaymentTag,
  purchaseNumberText,
} from '../../../domain/orders/orderDetail';
import { orderStateLabel } from '../../../domain/orders/orderStates';
import { isCancelledOrder } from '../../../domain/orders/orderTabs';
import { OWNER_CHANGE_LABELS } from '../../../domain/orders/ownerChange';
import { isOrderSigned, orderDetailVisibility } from '../../../domain/orders/rules';
import { OwnerChangeDialog } from '../../owners/OwnerChangeDialog';
import { PendingMark } from '../../sync/PendingMark';

function Field({ label, children, testId }: { label: string; children: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500} data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

function BrandLogo({ order, publicWebsite }: { order: StoredOrder; publicWebsite: string }) {
  const logo = order.brand?.logo_file?.url;
  if (!logo) return null;
  const name = order.brand?.name ?? order.brand_name ?? '';
  const image = <Image src={logo} alt={name} h={48} w="auto" fit="contain" />;
  const site = brandSiteUrl(publicWebsite, order.brand);
  if (site === null) return image;
  return (
    <Anchor
      href={site}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`${ORDER_DETAIL_LABELS.BRAND_SITE}：${name}`}
    >
      {image}
    </Anchor>
  );
}

function stateColor(order: StoredOrder): string {
  if (isCancelledOrder(order)) return 'red';
  return isOrderSigned(order.state) ? 'teal' : 'blue';
}

export function OrderSummary({
  order,
  companyId,
  publicWebsite,
}: {
  order: StoredOrder;
  companyId: number;
  publicWebsite: string;
}) {
  const { account } = useSession();
  const [choosing, setChoosing] = useState(false);
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
            <Title order={3} style={{ overflowWrap: 'anywhere' }} data-testid="order-number">
              {purchaseNumberText(order.name, order.inquiry_no)}
            </Title>
            <Group gap="xs">
              <Text size="sm">
                {ORDER_DETAIL_LABELS.OWNER}：
                <Text span fw={500} data-testid="order-owner">
                  {owner?.name ?? ORDER_DETAIL_LABELS.NO_OWNER}
                </Text>
              </Text>
              <PendingMark row={order} />
              {shows.changeOwnerButton && (
                <Button size="xs" variant="light" onClick={() => setChoosing(true)}>
                  {OWNER_CHANGE_LABELS.OPEN}
                </Button>
              )}
            </Group>
          </Stack>
          <BrandLogo order={order} publicWebsite={publicWebsite} />
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
          <Field label={ORDER_DETAIL_LABELS.BRAND} testId="order-brand">
            {order.brand?.name ?? order.brand_name ?? ''}
          </Field>
          {shows.forecastReceiveDate && (
            <Field label={ORDER_DETAIL_LABELS.FORECAST_RECEIVE_DATE} testId="order-forecast">
              {formatDate(order.forecast_receive_date, account.timezone) ||
                ORDER_DETAIL_LABELS.NO_DATE}
            </Field>
          )}
          {shows.unpaidAmount && (
            <Field label={ORDER_DETAIL_LABELS.UNPAID_AMOUNT} testId="order-unpaid">
              {formatMoney(order.unpaid_amount, currency)}
            </Field>
          )}
          <Field label={ORDER_DETAIL_LABELS.TAXED_TOTAL} testId="order-total">
            {formatMoney(order.supplier_order_node.order_node_price.taxed_amount, currency)}
          </Field>
        </SimpleGrid>
      </Stack>
      <OwnerChangeDialog
        opened={choosing}
        onClose={() => setChoosing(false)}
        kind="order"
        companyId={companyId}
        record={{ id: order.id, version: order.version, ownerContactId: owner?.id ?? null }}
      />
    </Paper>
  );
}
