// The sheet's facts under its head (purchasing-core §2.3, §3, §4.2): brand, supplier, payment
// method with its terms, the tax-inclusive total, the VIP balance and VIP total (for a VIP company,
// or once an order has used the rebate), remark, creation time, the order it became, the cancel
// reason; and the validity warning when a quoted product's validity ended 180+ days ago.
import { Alert, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { StoredSheet } from '../../../data/derive';
import { paymentMethodLabel, paymentMethodTerms } from '../../../domain/finance/paymentMethods';
import { formatDateTime } from '../../../domain/format/date';
import { formatMoney } from '../../../domain/format/money';
import { validityWarning } from '../../../domain/purchase/rules';
import { SHEET_LABELS, SHEET_MESSAGES } from '../../../domain/purchase/sheetText';
import { AppAnchor } from '../../../platform/AppLink';
import { useSession } from '../../../platform/session/useSession';
import { DetailFact } from '../../orders/detail/DetailFact';
import { orderDetailHref, type SheetDetailSearch } from './sheetSearch';

export interface SheetSummaryProps {
  sheet: StoredSheet;
  now: number;
  /** The page's address: the order link opens the order in the same purchase list. */
  search: SheetDetailSearch;
}

export function SheetSummary({ sheet, now, search }: SheetSummaryProps) {
  const { account, currentCompany } = useSession();
  const node = sheet.supplier_node;
  const currency = node.currency;
  const showVip = currentCompany.vip || node.vip_taxed_amount !== null || node.vip_balance !== null;
  const terms = paymentMethodTerms(node.payment_method);
  return (
    <Stack gap="sm">
      {validityWarning(sheet.state, sheet.inquiry_product_list, now) && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="validity-warning">
          {SHEET_MESSAGES.VALIDITY_WARNING}
        </Alert>
      )}
      {sheet.cancelReason && (
        <Alert color="red" title={SHEET_LABELS.CANCEL_REASON} data-testid="cancel-reason">
          {sheet.cancelReason}
        </Alert>
      )}
      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <DetailFact label={SHEET_LABELS.BRAND} testId="sheet-brand">
            {sheet.brand?.name ?? sheet.brand_name ?? '—'}
          </DetailFact>
          <DetailFact label={SHEET_LABELS.SUPPLIER} testId="sheet-supplier">
            {node.company?.name ?? '—'}
          </DetailFact>
          <DetailFact label={SHEET_LABELS.PAYMENT_METHOD} testId="sheet-payment-method">
            {paymentMethodLabel(node.payment_method) || '—'}
            {terms && (
              <Text span size="xs" c="dimmed" display="block">
                {terms}
              </Text>
            )}
          </DetailFact>
          <DetailFact label={SHEET_LABELS.TAXED_TOTAL} testId="sheet-taxed-total">
            {formatMoney(node.taxed_amount, currency)}
          </DetailFact>
          {showVip && (
            <>
              <DetailFact label={SHEET_LABELS.VIP_BALANCE} testId="sheet-vip-balance">
                {formatMoney(node.vip_balance, 'CNY')}
              </DetailFact>
              <DetailFact label={SHEET_LABELS.VIP_TOTAL} testId="sheet-vip-total">
                {formatMoney(node.vip_taxed_amount, currency)}
              </DetailFact>
            </>
          )}
          <DetailFact label={SHEET_LABELS.CREATED_AT} testId="sheet-created">
            {formatDateTime(sheet.create_time, account.timezone)}
          </DetailFact>
          {sheet.order && (
            <DetailFact label={SHEET_LABELS.ORDER} testId="sheet-order">
              <AppAnchor href={orderDetailHref(sheet.order.id, search)}>
                {sheet.order.name}
              </AppAnchor>
            </DetailFact>
          )}
        </SimpleGrid>
        <Stack gap={2} mt="md">
          <Text size="xs" c="dimmed">
            {SHEET_LABELS.REMARK}
          </Text>
          <Text data-testid="sheet-remark" style={{ whiteSpace: 'pre-wrap' }}>
            {sheet.remark?.trim() || '—'}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
