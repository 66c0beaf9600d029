// The ordering dialog (purchasing-core §2.3 "dialogs for ordering", §4.2 "The call returns VIP use
// information"): the user confirms the order with its total and terms, then reads what the order
// used of the VIP rebate — the rebate, the total after it and the balance left (VIP companies).
import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import type { VipUse } from '../../../contract/api/sheets';
import type { StoredSheet } from '../../../data/derive';
import { paymentMethodLabel } from '../../../domain/finance/paymentMethods';
import { formatMoney } from '../../../domain/format/money';
import { SHEET_LABELS, SHEET_MESSAGES } from '../../../domain/purchase/sheetText';

type Row = [label: string, value: string];

function Rows({ rows, testId }: { rows: Row[]; testId: string }) {
  return (
    <Table data-testid={testId}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Td>{label}</Table.Td>
            <Table.Td ta="right" fw={500}>
              {value}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function vipRows(use: VipUse, currency: string | null): Row[] {
  const total: Row = [SHEET_LABELS.TAXED_TOTAL, formatMoney(use.taxed_amount, currency)];
  // Not a VIP company today: the server answers no rebate at all.
  if (use.vip_rebate === null) return [total];
  return [
    total,
    [SHEET_LABELS.VIP_REBATE, formatMoney(use.vip_rebate, 'CNY')],
    [SHEET_LABELS.VIP_TOTAL, formatMoney(use.vip_taxed_amount, currency)],
    [SHEET_LABELS.VIP_BALANCE, formatMoney(use.vip_balance, 'CNY')],
  ];
}

export interface PlaceOrderDialogProps {
  opened: boolean;
  onClose(): void;
  sheet: StoredSheet;
  placeOrder(): Promise<VipUse | null>;
}

export function PlaceOrderDialog({ opened, onClose, sheet, placeOrder }: PlaceOrderDialogProps) {
  const [placed, setPlaced] = useState<VipUse | null>(null);
  const [busy, setBusy] = useState(false);
  const currency = sheet.supplier_node.currency;
  const close = () => {
    setPlaced(null);
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    const use = await placeOrder();
    setBusy(false);
    // Refused: the client has shown the server's message; nothing to confirm any more.
    if (use) setPlaced(use);
    else close();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={placed ? SHEET_LABELS.VIP_USE_TITLE : SHEET_LABELS.PLACE_ORDER_TITLE}
      centered
    >
      {placed ? (
        <Stack>
          <Rows rows={vipRows(placed, currency)} testId="vip-use" />
          <Group justify="flex-end">
            <Button onClick={close}>{SHEET_LABELS.CLOSE}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text>{SHEET_MESSAGES.PLACE_ORDER_CONFIRM}</Text>
          <Rows
            testId="order-terms"
            rows={[
              [SHEET_LABELS.TAXED_TOTAL, formatMoney(sheet.supplier_node.taxed_amount, currency)],
              [SHEET_LABELS.PAYMENT_METHOD, paymentMethodLabel(sheet.supplier_node.payment_method)],
            ]}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {SHEET_LABELS.CANCEL}
            </Button>
            <Button loading={busy} onClick={() => void confirm()}>
              {SHEET_LABELS.CONFIRM}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
