// The navigation menu (settings-messaging-shared §2 "Shell"): the sections the user may open, as a
// row in the header, a sidebar, or a list in the phone's burger drawer. The entries and the active
// rule are navEntries.ts; the landing list of 询价采购 is GET /index's (kept for offline use), and
// 待办 carries the live count of the header's badge.
import { Badge, Button, Group, NavLink, Stack } from '@mantine/core';
import {
  IconBuildingCog,
  IconChecklist,
  IconFileInvoice,
  IconLayoutDashboard,
  IconShoppingCart,
  IconUsers,
} from '@tabler/icons-react';
import { Link, useRouter, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useMemo } from 'react';
import type { PurchasingDb } from '../../data/db';
import type { SheetListType } from '../../domain/purchase/listTypes';
import { useSession } from '../../platform/session/useSession';
import { activeNavKey, type NavEntry, type NavKey, navEntries } from './navEntries';
import { useTodoCount } from './useTodoCount';

export const NAV_LABEL = '主菜单';

const ICONS: Record<NavKey, typeof IconUsers> = {
  dashboard: IconLayoutDashboard,
  purchase: IconShoppingCart,
  orders: IconFileInvoice,
  todos: IconChecklist,
  companySettings: IconBuildingCog,
  staff: IconUsers,
};

/** The user's entries among the screens this build has, and the one the address is in. */
function useNav(landing: SheetListType) {
  const { isAdmin, can } = useSession();
  const { routesByPath } = useRouter();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const entries = useMemo(
    () => navEntries({ isAdmin, can }, landing).filter((entry) => entry.to in routesByPath),
    [isAdmin, can, landing, routesByPath],
  );
  return { entries, active: activeNavKey(entries, pathname) };
}

/** The entry's link, typed per route (TanStack's Link checks each path's search). */
function renderLink(entry: NavEntry) {
  return function EntryLink(props: Record<string, unknown>) {
    switch (entry.to) {
      case '/inquiry-quotation/list':
        return <Link {...props} to={entry.to} search={entry.search} />;
      case '/order/order/list':
        return <Link {...props} to={entry.to} search={entry.search} />;
      default:
        return <Link {...props} to={entry.to} />;
    }
  };
}

function Count({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <Badge size="sm" color="red" circle={count < 10} aria-label={`${count} 条待处理`}>
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

interface NavMenuProps {
  landing: SheetListType;
  db: PurchasingDb;
  companyId: number;
  /** `row`: the header on wide screens; `column`: the sidebar and the phone's drawer. */
  variant: 'row' | 'column';
  /** Called when an entry is chosen (the drawer closes). */
  onChosen?(): void;
}

export function NavMenu({ landing, db, companyId, variant, onChosen }: NavMenuProps) {
  const { entries, active } = useNav(landing);
  const todoCount = useTodoCount(db, companyId);
  const items = entries.map((entry): ReactNode => {
    const Icon = ICONS[entry.key];
    const current = entry.key === active;
    const count = entry.key === 'todos' ? <Count count={todoCount} /> : null;
    const common = {
      renderRoot: renderLink(entry),
      'aria-current': current ? ('page' as const) : undefined,
      onClick: onChosen,
      'data-nav': entry.key,
    };
    if (variant === 'row') {
      return (
        <Button
          key={entry.key}
          {...common}
          variant={current ? 'filled' : 'subtle'}
          color={current ? undefined : 'gray'}
          size="compact-md"
          leftSection={<Icon size={16} />}
          rightSection={count}
        >
          {entry.label}
        </Button>
      );
    }
    return (
      <NavLink
        key={entry.key}
        {...common}
        active={current}
        variant="filled"
        label={entry.label}
        leftSection={<Icon size={18} />}
        rightSection={count}
      />
    );
  });
  return (
    <nav aria-label={NAV_LABEL}>
      {variant === 'row' ? (
        <Group gap={2} wrap="nowrap">
          {items}
        </Group>
      ) : (
        <Stack gap={2}>{items}</Stack>
      )}
    </nav>
  );
}
