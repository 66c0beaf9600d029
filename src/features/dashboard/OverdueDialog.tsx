// 逾期未到货订单: the orders whose goods were expected before today and have not arrived, most
// overdue first, each opening its order. Read from the device when the dialog opens (the rows of
// the 待收货 tab), so it works offline; the dashboard's count comes from the kept totals.
import { Alert, Anchor, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { overdueOrders } from '../../data/dashboard';
import type { StoredOrder } from '../../data/derive';
import { AWAITING_GOODS_TAB, dueDayOf } from '../../domain/dashboard/figures';
import { DASHBOARD_TEXT as T } from '../../domain/dashboard/messages';
import { useLocalDb } from '../../platform/sync/useLocalDb';

type Read =
  | { kind: 'reading' }
  | { kind: 'read'; orders: StoredOrder[]; total: number }
  | { kind: 'failed'; message: string };

/** Whole days from `day` to `today` (both `YYYY-MM-DD`). */
const daysLate = (day: string, today: string): number =>
  Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000);

export function OverdueDialog({
  companyId,
  today,
  opened,
  onClose,
}: {
  companyId: number;
  today: string;
  opened: boolean;
  onClose(): void;
}) {
  const db = useLocalDb();
  const [read, setRead] = useState<Read>({ kind: 'reading' });
  useEffect(() => {
    if (!opened) return;
    let live = true;
    setRead({ kind: 'reading' });
    overdueOrders(db, companyId, today).then(
      ({ orders, total }) => live && setRead({ kind: 'read', orders, total }),
      (error: unknown) =>
        live && setRead({ kind: 'failed', message: error instanceof Error ? error.message : '' }),
    );
    return () => {
      live = false;
    };
  }, [db, companyId, today, opened]);

  return (
    <Modal opened={opened} onClose={onClose} title={T.OVERDUE_TITLE} size="lg">
      {read.kind === 'reading' && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text>{T.OVERDUE_READING}</Text>
        </Group>
      )}
      {read.kind === 'failed' && (
        <Alert color="red" title={T.READ_FAILED}>
          {read.message}
        </Alert>
      )}
      {read.kind === 'read' && read.orders.length === 0 && <Text>{T.OVERDUE_EMPTY}</Text>}
      {read.kind === 'read' && read.orders.length > 0 && (
        <Stack gap="xs">
          {read.total > read.orders.length && (
            <Text size="sm" c="dimmed">
              {T.OVERDUE_SHOWING(read.total, read.orders.length)}
            </Text>
          )}
          <Table striped data-testid="overdue-orders">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{T.ORDERS}</Table.Th>
                <Table.Th>{T.BRAND}</Table.Th>
                <Table.Th>{T.EXPECTED}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {read.orders.map((order) => {
                const day = dueDayOf(order) ?? '';
                return (
                  <Table.Tr key={order.id}>
                    <Table.Td>
                      <Anchor
                        renderRoot={(props) => (
                          <Link
                            {...props}
                            to="/order/order/detail"
                            search={{
                              id: order.id,
                              orderType: AWAITING_GOODS_TAB,
                              module: 'ORDER',
                            }}
                          />
                        )}
                        onClick={onClose}
                      >
                        {order.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{order.brand_name ?? order.brand?.name ?? ''}</Table.Td>
                    <Table.Td>
                      {day}
                      <Text span c="red.8" size="sm" ml={6}>
                        {T.OVERDUE_DAYS(daysLate(day, today))}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Modal>
  );
}
