// The spend charts, loaded only when the 工作台 shows a chart (@mantine/charts and recharts are
// their own chunk, so the app's first load does not carry them). A bar opens the orders it sums.
// The chart is drawn for the eye; the table beside it (SpendTable) is what a screen reader and a
// keyboard use, so the drawing is hidden from assistive technology.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box } from '@mantine/core';
import classes from './dashboard.module.css';

export interface ChartPoint {
  label: string;
  amount: number;
}

export default function SpendChart({
  points,
  format,
  onOpen,
  horizontal = false,
}: {
  points: readonly ChartPoint[];
  format(amount: number): string;
  /** Opens the orders of the bar at this index. */
  onOpen(index: number): void;
  /** Bars across (brands: long names read better on the left). */
  horizontal?: boolean;
}) {
  const height = horizontal ? Math.max(200, points.length * 34 + 40) : 260;
  return (
    <Box aria-hidden className={classes.chart} data-testid="spend-chart">
      <BarChart
        h={height}
        data={[...points]}
        dataKey="label"
        orientation={horizontal ? 'vertical' : 'horizontal'}
        series={[{ name: 'amount', color: 'blue.7', label: '金额' }]}
        valueFormatter={format}
        withLegend={false}
        // Hidden from assistive technology (the table is its reading): nothing in it may take focus.
        accessibilityLayer={false}
        gridAxis={horizontal ? 'x' : 'y'}
        tickLine="none"
        yAxisProps={horizontal ? { width: 110 } : { width: 80 }}
        barProps={{
          cursor: 'pointer',
          onClick: (_data: unknown, index: number) => onOpen(index),
        }}
      />
    </Box>
  );
}
