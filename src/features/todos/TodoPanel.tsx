// The shell's right-side to-do panel (settings-messaging-shared §2 "Shell"): a to-do tab and a
// favourites tab read from the local database, each item shown as on the to-do page (TodoSummary:
// sender company, subject, time, attachment marker, red while open and addressed to the current
// company, 待同步 while a change waits); a click opens the item's detail page, the footer the
// to-do page on the same tab. Works offline and follows the sync live like every screen.
import {
  Drawer,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { PurchasingDb } from '../../data/db';
import type { StoredTodo } from '../../data/derive';
import { seeAllCount, TODO_INBOX_MESSAGES } from '../../domain/todos/messages';
import {
  INBOX_TAB_TEXT,
  INBOX_TABS,
  type InboxTab,
  isInboxTab,
  todoDetailHref,
} from '../../domain/todos/todoCodes';
import { TodoSummary, type TodoSummaryProps } from './TodoSummary';
import { useInboxContext } from './useInboxContext';
import { useTodoPanel } from './useTodoPanel';

export interface TodoPanelProps {
  opened: boolean;
  onClose(): void;
  db: PurchasingDb | null;
  companyId: number | null;
  timeZone: string | null;
}

function TodoRow({
  item,
  inbox,
  onOpen,
}: {
  item: StoredTodo;
  inbox: TodoSummaryProps['inbox'];
  onOpen(href: string): void;
}) {
  const content = (
    <Stack gap={0} py={8} px="xs" data-testid="todo-panel-item">
      <TodoSummary item={item} inbox={inbox} />
    </Stack>
  );
  const href = todoDetailHref(item);
  if (href === null) return content;
  return (
    <UnstyledButton
      component="a"
      href={href}
      onClick={(event) => {
        event.preventDefault();
        onOpen(href);
      }}
      display="block"
    >
      {content}
    </UnstyledButton>
  );
}

function TabList({
  db,
  companyId,
  tab,
  timeZone,
  onClose,
}: Omit<TodoPanelProps, 'opened'> & { tab: InboxTab }) {
  const page = useTodoPanel(db, companyId, tab);
  const context = useInboxContext();
  const navigate = useNavigate();
  const open = (href: string) => {
    onClose();
    void navigate({ href });
  };
  if (page === undefined || companyId === null) {
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  }
  const seeAll = (
    <UnstyledButton
      renderRoot={(props) => <Link {...props} to="/message/waiting/list" search={{ tab }} />}
      onClick={onClose}
      py="sm"
      display="block"
    >
      <Text size="sm" c="blue" ta="center">
        {page.total > page.items.length ? seeAllCount(page.total) : TODO_INBOX_MESSAGES.SEE_ALL}
      </Text>
    </UnstyledButton>
  );
  if (page.items.length === 0) {
    return (
      <Stack gap={0}>
        <Text c="dimmed" ta="center" py="xl">
          {INBOX_TAB_TEXT[tab].empty}
        </Text>
        {seeAll}
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      {page.items.map((item) => (
        <TodoRow
          key={item.id}
          item={item}
          inbox={{ ...context, currentCompanyId: companyId, timeZone }}
          onOpen={open}
        />
      ))}
      {seeAll}
    </Stack>
  );
}

export function TodoPanel({ opened, onClose, ...rest }: TodoPanelProps) {
  const [tab, setTab] = useState<InboxTab>('todo');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="sm"
      title={TODO_INBOX_MESSAGES.PAGE_TITLE}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Tabs value={tab} onChange={(value) => isInboxTab(value) && setTab(value)}>
        <Tabs.List grow>
          {INBOX_TABS.map((value) => (
            <Tabs.Tab key={value} value={value}>
              {INBOX_TAB_TEXT[value].label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {INBOX_TABS.map((value) => (
          <Tabs.Panel key={value} value={value}>
            {tab === value && <TabList {...rest} tab={value} onClose={onClose} />}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Drawer>
  );
}
