// The list of one tab of the to-do page with its stepper: loading, storage-fault and empty states,
// the selected to-do expanded, keyboard use (↑ ↓ Home End move, Enter opens the record) and a
// selection that stays on its to-do while the list changes live under it.
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import {
  type KeyboardEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import type { StoredTodo } from '../../data/derive';
import { classifyStorageError } from '../../data/storageErrors';
import { STORAGE_MESSAGES } from '../../domain/messages/common';
import { listedCount, TODO_INBOX_MESSAGES as M } from '../../domain/todos/messages';
import { INBOX_TAB_TEXT, type InboxTab } from '../../domain/todos/todoCodes';
import { isPendingRow } from '../sync/PendingMark';
import { TodoStepper } from './TodoStepper';
import { TodoSummary } from './TodoSummary';
import classes from './todos.module.css';
import type { InboxState } from './useInbox';
import type { InboxContext } from './useInboxContext';
import type { TodoActions } from './useTodoActions';

const rowId = (item: StoredTodo) => `todo-item-${item.id}`;

/** The selected to-do by id; when it leaves the list, whatever took its place. */
function useSelection(items: readonly StoredTodo[]) {
  const [selected, setSelected] = useState<{ id: number; index: number } | null>(null);
  const found = selected ? items.findIndex((item) => item.id === selected.id) : -1;
  const index =
    found >= 0 ? found : items.length === 0 ? -1 : Math.min(selected?.index ?? 0, items.length - 1);
  const select = (next: number) => {
    const item = items[next];
    if (item) setSelected({ id: item.id, index: next });
  };
  // Stable, for the memoized rows: a row names itself.
  const selectRow = useCallback((id: number, at: number) => setSelected({ id, index: at }), []);
  return { index, current: index >= 0 ? items[index] : undefined, select, selectRow };
}

/** What a row shows; a pulled row that changed none of it keeps the row as it is. */
const shownKey = (item: StoredTodo) =>
  [
    item.version,
    item.state,
    item.to_contacts_id,
    item.delay_time,
    // A mail edited or filed twice before it syncs keeps its version: its own fields say it.
    item.subject,
    item.mail_state,
    item.to_contacts_name,
    isPendingRow(item),
    item.company_id,
  ].join('|');

interface OptionProps {
  item: StoredTodo;
  index: number;
  selected: boolean;
  inbox: InboxContext;
  onSelect(id: number, index: number): void;
  onOpen(item: StoredTodo): void;
}

const TodoOption = memo(
  function TodoOption({ item, index, selected, inbox, onSelect, onOpen }: OptionProps) {
    return (
      // biome-ignore lint/a11y/useKeyWithClickEvents: the listbox owns the keyboard (aria-activedescendant)
      <div
        id={rowId(item)}
        role="option"
        aria-selected={selected}
        // Reachable through the listbox (aria-activedescendant), not in the tab order.
        tabIndex={-1}
        className={classes.option}
        data-testid="todo-item"
        data-todo-id={item.id}
        onClick={() => onSelect(item.id, index)}
        onDoubleClick={() => onOpen(item)}
      >
        <TodoSummary item={item} inbox={inbox} expanded={selected} />
      </div>
    );
  },
  (a, b) =>
    a.index === b.index &&
    a.selected === b.selected &&
    a.inbox === b.inbox &&
    a.onSelect === b.onSelect &&
    a.onOpen === b.onOpen &&
    a.item.id === b.item.id &&
    shownKey(a.item) === shownKey(b.item),
);

type More = ((item: StoredTodo) => ReactNode) | undefined;

function Rows({
  items,
  inbox,
  actions,
  more,
}: {
  items: readonly StoredTodo[];
  inbox: InboxContext;
  actions: TodoActions;
  more: More;
}) {
  const { index, current, select, selectRow } = useSelection(items);
  const currentId = current?.id;
  useEffect(() => {
    if (currentId === undefined) return;
    document.getElementById(`todo-item-${currentId}`)?.scrollIntoView({ block: 'nearest' });
  }, [currentId]);
  // The rows keep one callback for the whole life of the list; it calls the latest actions.
  const latest = useRef(actions);
  latest.current = actions;
  const openRow = useCallback((item: StoredTodo) => void latest.current.open(item), []);
  if (!current) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      select(Math.max(0, Math.min(items.length - 1, next)));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      openRow(current);
    }
  };

  return (
    <Stack gap="xs">
      <TodoStepper
        index={index}
        count={items.length}
        item={current}
        inbox={inbox}
        onStep={select}
        onOpen={openRow}
        onChangeState={(item, state) => void actions.changeState(item, state)}
        more={more}
      />
      <div
        role="listbox"
        aria-label={M.LIST_LABEL}
        aria-activedescendant={rowId(current)}
        tabIndex={0}
        onKeyDown={onKeyDown}
        className={classes.list}
      >
        {items.map((item, i) => (
          <TodoOption
            key={`${item.company_id}:${item.id}`}
            item={item}
            index={i}
            selected={i === index}
            inbox={inbox}
            onSelect={selectRow}
            onOpen={openRow}
          />
        ))}
      </div>
    </Stack>
  );
}

export function TodoInboxList({
  tab,
  state,
  inbox,
  actions,
  more,
}: {
  tab: InboxTab;
  state: InboxState;
  inbox: InboxContext;
  actions: TodoActions;
  /** More actions on the selected to-do, shown in the stepper. */
  more?: More;
}) {
  if (state.status === 'loading') {
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" aria-label={M.LOADING} />
      </Group>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert color="red" title={M.LOAD_FAILED}>
        {STORAGE_MESSAGES[classifyStorageError(state.error)]}
      </Alert>
    );
  }
  const { items, total } = state.page;
  if (items.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {INBOX_TAB_TEXT[tab].empty}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed" data-testid="todo-count">
        {listedCount(items.length, total)}
      </Text>
      <Rows items={items} inbox={inbox} actions={actions} more={more} />
    </Stack>
  );
}
