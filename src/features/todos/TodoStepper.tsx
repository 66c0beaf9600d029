// The to-do page's stepper (settings-messaging-shared §2 "A widget steps through messages and
// opens the related detail page"): previous / next through the list, where the selected to-do
// stands, and what can be done with it — mark processed, favourite (only by the receiving
// company, not twice) and open its record's detail page; on a mail, what the page adds for mails
// (MailActions). Stays in view while the list scrolls.
import { ActionIcon, Button, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconExternalLink } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { StoredTodo } from '../../data/derive';
import { TODO_INBOX_MESSAGES as M, stepPosition } from '../../domain/todos/messages';
import { todoDetailHref } from '../../domain/todos/todoCodes';
import { type InboxStateChange, planStateChange } from '../../domain/todos/todoRules';
import type { InboxContext } from './useInboxContext';

export interface TodoStepperProps {
  /** Index of the selected to-do in the list. */
  index: number;
  count: number;
  item: StoredTodo;
  inbox: InboxContext;
  onStep(index: number): void;
  onOpen(item: StoredTodo): void;
  onChangeState(item: StoredTodo, state: InboxStateChange): void;
  /** More actions on the selected to-do (a mail's state, edit and delete). */
  more?: ((item: StoredTodo) => ReactNode) | undefined;
}

export function TodoStepper({
  index,
  count,
  item,
  inbox,
  onStep,
  onOpen,
  onChangeState,
  more,
}: TodoStepperProps) {
  const may = (state: InboxStateChange) =>
    planStateChange(item, state, inbox.currentCompanyId, inbox.user) !== null;
  const href = todoDetailHref(item);
  return (
    <Paper
      withBorder
      shadow="xs"
      p="xs"
      pos="sticky"
      top="calc(var(--app-shell-header-height, 56px) + 4px)"
      style={{ zIndex: 2 }}
      data-testid="todo-stepper"
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="default"
            aria-label={M.PREVIOUS}
            disabled={index <= 0}
            onClick={() => onStep(index - 1)}
          >
            <IconChevronLeft size={16} />
          </ActionIcon>
          <Text size="sm" aria-live="polite" miw={96} ta="center">
            {stepPosition(index + 1, count)}
          </Text>
          <ActionIcon
            variant="default"
            aria-label={M.NEXT}
            disabled={index >= count - 1}
            onClick={() => onStep(index + 1)}
          >
            <IconChevronRight size={16} />
          </ActionIcon>
        </Group>
        <Group gap={6} wrap="wrap">
          <Button
            size="compact-sm"
            variant="light"
            disabled={!may('PROCESSED')}
            onClick={() => onChangeState(item, 'PROCESSED')}
          >
            {M.MARK_PROCESSED}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="yellow"
            disabled={!may('DELAYED')}
            onClick={() => onChangeState(item, 'DELAYED')}
          >
            {M.FAVOURITE}
          </Button>
          {more?.(item)}
          {/* A disabled button gets no pointer events: the tooltip listens on its wrapper. */}
          <Tooltip label={M.NO_DETAIL} disabled={href !== null}>
            <span>
              <Button
                size="compact-sm"
                rightSection={<IconExternalLink size={14} />}
                disabled={href === null}
                onClick={() => onOpen(item)}
              >
                {M.OPEN_DETAIL}
              </Button>
            </span>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}
