// The expected arrival date correction as an outbox entry ('order.setForecast', purchasing-core
// §7.1 PATCH orders/{id}/forecast_receive_date): the exact request, the date shown at once and
// marked pending, only where the server would take it, rolled back to the pulled date when
// refused, and a stored entry with a bad date refused before it is sent.
import { describe, expect, it } from 'vitest';
import { optimistic, toRequest } from '../../../src/sync/core/mutations';
import { enqueueEffect, rollback } from '../../../src/sync/core/rebase';
import { readEntry } from '../../../src/sync/core/storedEntry';
import { PENDING_FIELD, type Row, type RowKey } from '../../../src/sync/core/types';
import { COMPANY, entry, orderRow } from './fixtures';

const forecast = (id: number, date: string) =>
  ({ type: 'order.setForecast', payload: { id, date } }) as const;
const rows = (row: Row) => new Map<RowKey, Row | null>([[`orders:${row.id}` as RowKey, row]]);

describe('order.setForecast', () => {
  it('is one PATCH with the date, its Idempotency-Key and no If-Match', () => {
    const e = entry(1, forecast(88, '2025-03-01'));
    const request = toRequest(e, new Map(), new Map());
    expect(request).toEqual({
      method: 'PATCH',
      path: '/orders-api/v7/orders/88/forecast_receive_date',
      query: { currentCompanyId: String(COMPANY) },
      body: { forecast_receive_date: '2025-03-01' },
      headers: { 'Idempotency-Key': e.key },
    });
  });

  it('shows the new date at once, marked pending', () => {
    const before = orderRow(88, 4, { state: 40, forecast_receive_date: '2025-02-20' });
    const after = optimistic(rows(before), entry(1, forecast(88, '2025-03-01'))).get('orders:88');
    expect(after).toMatchObject({ forecast_receive_date: '2025-03-01', [PENDING_FIELD]: true });
  });

  it.each([
    ['signed for (90)', { state: 90 }],
    ['cancel requested (−10)', { state: -10 }],
    ['cancelled', { order_base_state: 'CANCELLED' }],
  ])('leaves an order %s as it is', (_name, extra) => {
    const order = orderRow(88, 4, { forecast_receive_date: '2025-02-20', ...extra });
    expect(optimistic(rows(order), entry(1, forecast(88, '2025-03-01'))).get('orders:88')).toBe(
      order,
    );
  });

  it('a refusal puts the pulled date back', () => {
    const pulled = orderRow(88, 4, { state: 40, forecast_receive_date: '2025-02-20' });
    const queued = enqueueEffect(rows(pulled), entry(1, forecast(88, '2025-03-01')));
    expect(queued.rows.get('orders:88')?.forecast_receive_date).toBe('2025-03-01');
    const refused = { ...queued.entry, status: 'failed' as const };
    expect(rollback(refused, [refused]).rows.get('orders:88')).toBe(pulled);
  });

  it('a stored entry needs a real calendar date', () => {
    const good = entry(1, forecast(88, '2025-03-01'));
    expect(readEntry(good)).toMatchObject({ ok: true, entry: { payload: { date: '2025-03-01' } } });
    const bad = { ...good, payload: { id: 88, date: '2025-02-30' } };
    expect(readEntry(bad)).toMatchObject({
      ok: false,
      reason: 'order.setForecast payload is invalid',
    });
  });
});
