// One figure of the 工作台 as a tile that opens the list it counts: its label, its number and,
// under it, what it is out of. A tile is a link, so it is reached with Tab and opened with Enter.
import { Group, Paper, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Filters } from '../../domain/list/listQuery';
import type { OrderTab } from '../../domain/orders/orderTabs';
import type { SheetListType } from '../../domain/purchase/listTypes';
import type { InboxTab } from '../../domain/todos/todoCodes';
import classes from './dashboard.module.css';

export type TileTarget =
  | { kind: 'orders'; tab: OrderTab; filters?: Filters }
  | { kind: 'sheets'; type: SheetListType }
  | { kind: 'todos'; tab?: InboxTab };

/** A link to a list of the app, typed per route. */
export function ListLink({
  list: target,
  children,
  ...props
}: {
  list: TileTarget;
  children: ReactNode;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}) {
  switch (target.kind) {
    case 'orders':
      return (
        <Link
          {...props}
          to="/order/order/list"
          search={{
            orderType: target.tab,
            ...(target.filters ? { filters: target.filters } : {}),
          }}
        >
          {children}
        </Link>
      );
    case 'sheets':
      return (
        <Link {...props} to="/inquiry-quotation/list" search={{ sheetType: target.type }}>
          {children}
        </Link>
      );
    case 'todos':
      return (
        <Link {...props} to="/message/waiting/list" search={target.tab ? { tab: target.tab } : {}}>
          {children}
        </Link>
      );
  }
}

export function FigureTile({
  label,
  count,
  note,
  target,
  tone,
}: {
  label: string;
  count: number;
  /** A second line: what the figure is out of. */
  note?: string;
  target: TileTarget;
  /** 'alert' when the figure asks for attention (overdue goods). */
  tone?: 'alert';
}) {
  return (
    <ListLink
      list={target}
      className={classes.tile}
      aria-label={`${label} ${count}${note ? `，${note}` : ''}`}
      data-testid="dashboard-tile"
    >
      <Paper withBorder p="sm" radius="md" className={classes.tilePaper}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Group gap={4} align="baseline">
          <Text
            fz={26}
            fw={700}
            lh={1.2}
            c={tone === 'alert' && count > 0 ? 'red.8' : undefined}
            className={classes.count}
          >
            {count}
          </Text>
        </Group>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
      </Paper>
    </ListLink>
  );
}
