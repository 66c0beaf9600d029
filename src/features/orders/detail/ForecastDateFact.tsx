// The order detail's expected arrival date (purchasing-core §2.4) with 修改 beside the value while
// the order takes a new one (not signed for, not cancelled): a dialog with a date picker from today
// on (the user's timezone), whose choice goes through the outbox ('order.setForecast'), so it works
// offline and lands once; the date shows at once, marked pending, until the server has it.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { StoredOrder } from '../../../data/derive';
import { DATE_FORMAT, formatDate } from '../../../domain/format/date';
import {
  CALENDAR_ARIA_LABELS,
  earliestForecastDate,
  forecastDateProblem,
  FORECAST_LABELS as L,
  offersForecastEdit,
} from '../../../domain/orders/forecast';
import { ORDER_DETAIL_LABELS } from '../../../domain/orders/orderDetail';
import { useSession } from '../../../platform/session/useSession';
import { useSyncWrite } from '../../../platform/sync/useSyncWrite';
import { enqueueRefusal } from '../../../sync/core/lifecycle';

function ForecastDialog({
  order,
  companyId,
  onClose,
}: {
  order: StoredOrder;
  companyId: number;
  onClose(): void;
}) {
  const { account } = useSession();
  const write = useSyncWrite();
  const [date, setDate] = useState<string | null>(order.forecast_receive_date);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const problem = date ? forecastDateProblem(date, Date.now(), account.timezone) : L.PLACEHOLDER;
    setError(problem);
    if (problem !== null || !date) return;
    setBusy(true);
    try {
      await write((api) =>
        api.enqueue(companyId, { type: 'order.setForecast', payload: { id: order.id, date } }),
      );
    } catch (failure) {
      setBusy(false);
      notifications.show({ color: 'red', message: enqueueRefusal(failure) ?? L.FAILED });
      return;
    }
    setBusy(false);
    notifications.show({ color: 'teal', message: L.QUEUED });
    onClose();
  };
  return (
    <Stack data-testid="forecast-form">
      <DatePickerInput
        label={L.FIELD}
        placeholder={L.PLACEHOLDER}
        withAsterisk
        value={date}
        onChange={(value) => {
          setDate(value);
          setError(null);
        }}
        minDate={earliestForecastDate(Date.now(), account.timezone)}
        valueFormat={DATE_FORMAT}
        // Days are named by their date, as the field shows it (not "15 三月 2025").
        getDayAriaLabel={(day) => day}
        ariaLabels={CALENDAR_ARIA_LABELS}
        error={error}
        data-autofocus
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {L.CANCEL}
        </Button>
        <Button loading={busy} onClick={() => void submit()}>
          {L.SAVE}
        </Button>
      </Group>
    </Stack>
  );
}

export function ForecastDateFact({ order, companyId }: { order: StoredOrder; companyId: number }) {
  const { account } = useSession();
  const [opened, setOpened] = useState(false);
  const text =
    formatDate(order.forecast_receive_date, account.timezone) || ORDER_DETAIL_LABELS.NO_DATE;
  return (
    <>
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {ORDER_DETAIL_LABELS.FORECAST_RECEIVE_DATE}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text fw={500} data-testid="order-forecast">
            {text}
          </Text>
          {offersForecastEdit(order) && (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => setOpened(true)}
              aria-label={L.DIALOG_TITLE}
            >
              {L.EDIT}
            </Button>
          )}
        </Group>
      </Stack>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={L.DIALOG_TITLE}
        centered
        closeButtonProps={{ 'aria-label': L.CLOSE }}
      >
        {opened && (
          <ForecastDialog order={order} companyId={companyId} onClose={() => setOpened(false)} />
        )}
      </Modal>
    </>
  );
}
