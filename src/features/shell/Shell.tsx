// The frame of every signed-in screen (settings-messaging-shared §2 "Shell"):
// a header with the logo to the server-chosen landing list, the company switcher, the
// news ticker, the sync status, the to-do badge and the user menu; the right-side to-do panel;
// a slot for the chat panel (src/features/shell/shellPanels.ts); the navigation menu (NavMenu) in the
// header or, by the user's choice, a sidebar; then the routed page. On a phone the menu, switcher,
// ticker and user menu move into a burger drawer.
// Every route change closes the panel and remounts the page (the spec's "the view reloads"), except
// the infinite scroll counting its pages in the address (`pageNum`), which is the same view.
import {
  AppShell,
  Burger,
  Divider,
  Drawer,
  Group,
  Progress,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { memo, type ReactNode, useCallback, useMemo, useState } from 'react';
import type { PurchasingDb } from '../../data/db';
import type { SheetListType } from '../../domain/purchase/listTypes';
import { useSession } from '../../platform/session/useSession';
import { useLocalDb } from '../../platform/sync/useLocalDb';
import { useSyncStatus } from '../../platform/sync/useSyncStatus';
import { useWarmDocumentFonts } from '../documents/useWarmDocumentFonts';
import { SyncCenter } from '../sync/SyncCenter';
import { summarizeSync, UNKNOWN_STATUS } from '../sync/summary';
import { TodoPanel } from '../todos/TodoPanel';
import { CompanyList, CompanySwitcher } from './CompanySwitcher';
import { InstallOffer } from './InstallApp';
import { NavMenu } from './NavMenu';
import { NewsTicker } from './NewsTicker';
import { useNavLayout } from './navLayout';
import { type ShellPanels, ShellPanelsContext } from './shellPanels';
import { TodoBadge } from './TodoBadge';
import { UserLinks, UserMenu } from './UserMenu';
import { useIndexPage } from './useIndexPage';
import { WeChatNotice } from './WeChatNotice';

export const APP_TITLE = '工业品采购';

/**
 * Which page is shown: the leaf match's path and search, but for the pages the list has loaded.
 * The leaf match, not the location: the location changes a render before the matches do, and
 * keying by it would mount the new page twice (first with the old route's search).
 */
function pageKey(pathname: string, search: object): string {
  const { pageNum: _loaded, ...kept } = search as Record<string, unknown>;
  return `${pathname}?${JSON.stringify(kept)}`;
}

function Logo({ sheetType }: { sheetType: SheetListType }) {
  return (
    <UnstyledButton
      renderRoot={(props) => (
        <Link {...props} to="/inquiry-quotation/list" search={{ sheetType }} />
      )}
      aria-label={`${APP_TITLE}（返回首页）`}
    >
      <Group gap="xs" wrap="nowrap">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <Text fw={700} size="lg" visibleFrom="xs">
          {APP_TITLE}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** A thin bar under the header while the current company's first sync runs. */
function FirstSyncBar() {
  const { currentCompany } = useSession();
  const progress = summarizeSync(useSyncStatus() ?? UNKNOWN_STATUS, currentCompany.id).progress;
  if (!progress) return null;
  return (
    <Progress
      value={progress.percent}
      size="xs"
      radius={0}
      aria-label={progress.label}
      pos="absolute"
      bottom={0}
      left={0}
      right={0}
    />
  );
}

/**
 * The header, memoized: a route change re-renders the Shell (its page key) but not this, so the
 * new page's first rows are not waiting behind the header's menus and ticker.
 */
const ShellHeader = memo(function ShellHeader({
  menuOpened,
  onToggleMenu,
  onOpenTodos,
  db,
  companyId,
  landing,
  navInHeader,
}: {
  menuOpened: boolean;
  onToggleMenu(): void;
  onOpenTodos(): void;
  db: PurchasingDb;
  companyId: number;
  /** The purchase list GET /index lands on (logo and 询价采购). */
  landing: SheetListType;
  /** The user's layout is the horizontal one: the menu sits in the header on wide screens. */
  navInHeader: boolean;
}) {
  return (
    <AppShell.Header>
      <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Burger
            opened={menuOpened}
            onClick={onToggleMenu}
            hiddenFrom="sm"
            size="sm"
            aria-label="打开菜单"
          />
          <Logo sheetType={landing} />
          {navInHeader && (
            <Group visibleFrom="sm" wrap="nowrap">
              <NavMenu landing={landing} db={db} companyId={companyId} variant="row" />
            </Group>
          )}
          <Group visibleFrom="sm" gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            <CompanySwitcher />
            <Group visibleFrom="lg" wrap="nowrap" style={{ minWidth: 0 }}>
              <NewsTicker />
            </Group>
          </Group>
        </Group>
        <Group gap={4} wrap="nowrap">
          <SyncCenter />
          <TodoBadge db={db} companyId={companyId} onOpen={onOpenTodos} />
          <Group visibleFrom="sm">
            <UserMenu />
          </Group>
        </Group>
      </Group>
      <FirstSyncBar />
    </AppShell.Header>
  );
});

export function Shell() {
  const { account, currentCompany } = useSession();
  useWarmDocumentFonts(account.id);
  const db = useLocalDb();
  const landing = useIndexPage(currentCompany.id);
  const sidebar = useNavLayout() === 'sidebar';
  const page = useRouterState({
    select: (state) => {
      const leaf = state.matches.at(-1);
      return leaf ? pageKey(leaf.pathname, leaf.search) : '';
    },
  });
  const [menuOpened, setMenuOpened] = useState(false);
  const [todosOpened, setTodosOpened] = useState(false);
  const [chat, setChat] = useState<{ title: string; content: ReactNode } | null>(null);
  const closeMenu = () => setMenuOpened(false);
  const toggleMenu = useCallback(() => setMenuOpened((opened) => !opened), []);
  const panels = useMemo<ShellPanels>(
    () => ({
      openTodos: () => setTodosOpened(true),
      openChat: (title, content) => setChat({ title, content }),
      closeChat: () => setChat(null),
    }),
    [],
  );

  // A new page or another company: the to-do panel, the chat and the phone menu close.
  const shown = `${currentCompany.id}:${page}`;
  const [shownPage, setShownPage] = useState(shown);
  if (shownPage !== shown) {
    setShownPage(shown);
    setTodosOpened(false);
    setMenuOpened(false);
    setChat(null);
  }

  return (
    <AppShell
      header={{ height: 56 }}
      navbar={sidebar ? { width: 200, breakpoint: 'sm', collapsed: { mobile: true } } : undefined}
      padding={{ base: 'xs', sm: 'md' }}
    >
      <ShellHeader
        menuOpened={menuOpened}
        onToggleMenu={toggleMenu}
        onOpenTodos={panels.openTodos}
        db={db}
        companyId={currentCompany.id}
        landing={landing}
        navInHeader={!sidebar}
      />
      {sidebar && (
        <AppShell.Navbar p="xs">
          <NavMenu landing={landing} db={db} companyId={currentCompany.id} variant="column" />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <WeChatNotice />
        {/* Keyed by company and page: switching either re-reads the page's local data. */}
        <ShellPanelsContext.Provider value={panels}>
          <Outlet key={shown} />
        </ShellPanelsContext.Provider>
      </AppShell.Main>
      <InstallOffer />
      <TodoPanel
        opened={todosOpened}
        onClose={() => setTodosOpened(false)}
        db={db}
        companyId={currentCompany.id}
        timeZone={account.timezone}
      />
      <Drawer
        opened={chat !== null}
        onClose={() => setChat(null)}
        position="right"
        size="lg"
        title={chat?.title}
      >
        {chat?.content}
      </Drawer>
      <Drawer opened={menuOpened} onClose={closeMenu} title={APP_TITLE} size="80%" hiddenFrom="sm">
        <Stack gap="sm">
          <NavMenu
            landing={landing}
            db={db}
            companyId={currentCompany.id}
            variant="column"
            onChosen={closeMenu}
          />
          <Divider />
          <CompanyList onChosen={closeMenu} />
          <Divider />
          <UserLinks onChosen={closeMenu} />
          <Divider />
          <NewsTicker />
        </Stack>
      </Drawer>
    </AppShell>
  );
}
