// 采购金额 and 品牌采购金额 of the 工作台: the last 12 business months of spend in one currency (the
// largest first, a choice when there are several), as a chart or as a table. Both open the
// orders a figure sums: a month's orders, or a brand's over the months.
import { Group, SegmentedControl, Table, Text, VisuallyHidden } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useMemo, useState } from 'react';
import { DASHBOARD_TEXT as T } from '../../domain/dashboard/messages';
import {
  type BrandPoint,
  brandInMonths,
  brandRanking,
  createdInMonths,
  currenciesBySpend,
  type MonthPoint,
  spendSeries,
} from '../../domain/dashboard/summary';
import { formatMoney } from '../../domain/format/money';
import type { Filters } from '../../domain/list/listQuery';
import { FallbackBoundary } from '../common/FallbackBoundary';
import { DashboardSection as Section } from './DashboardSection';
import classes from './dashboard.module.css';
import { ListLink } from './FigureTile';
import type { Dashboard } from './useDashboard';

const SpendChart = lazy(() => import('./SpendChart'));

type View = 'chart' | 'table';
const VIEWS = [
  { value: 'chart', label: T.CHART },
  { value: 'table', label: T.TABLE },
];

interface Row {
  key: string;
  label: string;
  amount: number;
  /** The order list's filters of the row's orders; null: nothing to open (其他). */
  filters: Filters | null;
}

function FigureTable({
  caption,
  head,
  rows,
  format,
}: {
  caption: string;
  head: string;
  rows: readonly Row[];
  format(amount: number): string;
}) {
  return (
    <Table striped highlightOnHover data-testid="spend-table">
      <Table.Caption>{caption}</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{head}</Table.Th>
          <Table.Th className={classes.amount}>{T.AMOUNT}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.key}>
            <Table.Td>
              {row.filters ? (
                <ListLink
                  list={{ kind: 'orders', tab: 'ALL', filters: row.filters }}
                  aria-label={T.ORDERS_OF(row.label)}
                >
                  {row.label}
                </ListLink>
              ) : (
                row.label
              )}
            </Table.Td>
            <Table.Td className={classes.amount}>{format(row.amount)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A chart for the eye with its table for assistive technology, or the table alone. */
function Figure({
  view,
  title,
  head,
  rows,
  format,
  horizontal,
}: {
  view: View;
  title: string;
  head: string;
  rows: readonly Row[];
  format(amount: number): string;
  horizontal?: boolean;
}) {
  const navigate = useNavigate();
  const table = <FigureTable caption={title} head={head} rows={rows} format={format} />;
  if (view === 'table') return table;
  const open = (index: number) => {
    const filters = rows[index]?.filters;
    if (filters) void navigate({ to: '/order/order/list', search: { orderType: 'ALL', filters } });
  };
  const fallback = <Text c="dimmed">{T.CHART_FAILED}</Text>;
  return (
    <>
      <FallbackBoundary fallback={fallback}>
        <Suspense fallback={<Text c="dimmed">{T.CHART_LOADING}</Text>}>
          <SpendChart
            points={rows}
            format={format}
            onOpen={open}
            {...(horizontal ? { horizontal } : {})}
          />
        </Suspense>
      </FallbackBoundary>
      <VisuallyHidden>{table}</VisuallyHidden>
    </>
  );
}

export function SpendSection({ dashboard }: { dashboard: Dashboard }) {
  const { months, spend, brandSpend } = dashboard;
  const currencies = useMemo(() => currenciesBySpend(spend), [spend]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [view, setView] = useState<View>('chart');
  const currency = chosen !== null && currencies.includes(chosen) ? chosen : currencies[0];
  const first = months[0] ?? '';
  const last = months[months.length - 1] ?? first;
  const format = (amount: number) => formatMoney(amount, currency);
  const monthRows = useMemo(
    () =>
      currency
        ? spendSeries(spend, months, currency).map(
            (point: MonthPoint): Row => ({
              key: point.month,
              label: point.label,
              amount: point.amount,
              filters: createdInMonths(point.month),
            }),
          )
        : [],
    [spend, months, currency],
  );
  const brandRows = useMemo(
    () =>
      currency
        ? brandRanking(brandSpend, months, currency).map(
            (point: BrandPoint): Row => ({
              key: point.brand,
              label: point.brand,
              amount: point.amount,
              filters: point.opens ? brandInMonths(point.brand, first, last) : null,
            }),
          )
        : [],
    [brandSpend, months, currency, first, last],
  );

  if (!currency) {
    return (
      <Section title={T.SPEND}>
        <Text c="dimmed">{T.NO_SPEND}</Text>
      </Section>
    );
  }
  const tools = (
    <Group gap="xs">
      {currencies.length > 1 && (
        <SegmentedControl
          size="xs"
          aria-label={T.CURRENCY}
          value={currency}
          onChange={setChosen}
          data={currencies}
        />
      )}
      <SegmentedControl
        size="xs"
        aria-label={T.VIEW}
        value={view}
        onChange={(value) => setView(value === 'table' ? 'table' : 'chart')}
        data={VIEWS}
      />
    </Group>
  );
  return (
    <>
      <Section title={T.SPEND} tools={tools}>
        <Figure view={view} title={T.SPEND} head={T.MONTH} rows={monthRows} format={format} />
      </Section>
      <Section title={T.BRAND_SPEND}>
        <Figure
          view={view}
          title={T.BRAND_SPEND}
          head={T.BRAND}
          rows={brandRows}
          format={format}
          horizontal
        />
      </Section>
    </>
  );
}
