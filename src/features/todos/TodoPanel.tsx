// The shell's right-side to-do panel (settings-messaging-shared §2 "Shell"): a to-do tab and a
// favourites tab read from the local database, each item showing the sender company, subject,
// time and an attachment marker, highlighted red while unread or read and addressed to the
// current company; a click opens the item's detail page. Works offline like every screen.
import {
  Badge,
  Drawer,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { PurchasingDb } from '../../data/db';
import type { StoredTodo } from '../../data/derive';
import { formatDateTime } from '../../domain/format/date';
import { TODO_MESSAGES } from '../../domain/todos/messages';
import {
  isTodoModule,
  senderCompanyLabel,
  TODO_MODULE_DETAIL,
  todoModuleLabel,
} from '../../domain/todos/todoCodes';
import { isHighlighted } from '../../domain/todos/todoRules';
import { type TodoPanelTab, useTodoPanel } from './useTodoPanel';

export interface TodoPanelProps {
  opened: boolean;
  onClose(): void;
  db: PurchasingDb | null;
  companyId: number | null;
  timeZone: string | null;
}

function TodoRow({
  item,
  companyId,
  timeZone,
  onOpen,
}: {
  item: StoredTodo;
  companyId: number;
  timeZone: string | null;
  onOpen(href: string): void;
}) {
  const highlighted = isHighlighted(item, companyId);
  const content = (
    <Stack gap={2} py={8} px="xs" data-testid="todo-panel-item" data-highlighted={highlighted}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" fw={600} c={highlighted ? 'red.7' : undefined} truncate>
          {senderCompanyLabel(item)}
        </Text>
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatDateTime(item.create_time ?? null, timeZone)}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
          {todoModuleLabel(item.module ?? '')}
        </Badge>
        <Text size="sm" c={highlighted ? 'red.7' : undefined} lineClamp={2} style={{ minWidth: 0 }}>
          {item.subject}
        </Text>
        {item.has_attachment && (
          <IconPaperclip size={14} aria-label="有附件" style={{ flexShrink: 0 }} />
        )}
      </Group>
    </Stack>
  );
  const { module, module_id } = item;
  if (module === null || module_id === null || !isTodoModule(module)) return content;
  const href = TODO_MODULE_DETAIL[module]({ module_id, module_number: item.module_number ?? null });
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
}: Omit<TodoPanelProps, 'opened'> & { tab: TodoPanelTab }) {
  const page = useTodoPanel(db, companyId, tab);
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
  if (page.items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {tab === 'todo' ? TODO_MESSAGES.EMPTY_TODO_TAB : TODO_MESSAGES.EMPTY_FAVOURITE_TAB}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {page.items.map((item) => (
        <TodoRow
          key={item.id}
          item={item}
          companyId={companyId}
          timeZone={timeZone}
          onOpen={open}
        />
      ))}
      {page.total > page.items.length && (
        <UnstyledButton component={Link} to="/message/waiting/list" onClick={onClose} py="sm">
          <Text size="sm" c="blue" ta="center">
            查看全部 {page.total} 条
          </Text>
        </UnstyledButton>
      )}
    </Stack>
  );
}

export function TodoPanel({ opened, onClose, ...rest }: TodoPanelProps) {
  const [tab, setTab] = useState<TodoPanelTab>('todo');
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="sm"
      title="待办消息"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Tabs
        value={tab}
        onChange={(value) => setTab(value === 'favourites' ? 'favourites' : 'todo')}
      >
        <Tabs.List grow>
          <Tabs.Tab value="todo">待办</Tabs.Tab>
          <Tabs.Tab value="favourites">收藏</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="todo">
          {tab === 'todo' && <TabList {...rest} tab="todo" onClose={onClose} />}
        </Tabs.Panel>
        <Tabs.Panel value="favourites">
          {tab === 'favourites' && <TabList {...rest} tab="favourites" onClose={onClose} />}
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
