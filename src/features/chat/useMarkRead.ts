// Reading in the open panel (settings-messaging-shared §4): every UNREAD message addressed to one
// of the user's contacts is set READ five seconds after the panel opened, through the outbox
// ('todo.setState'), so it works offline too. One that arrives while the panel stays open is read
// five seconds after it appeared. Each message is asked for once per panel.
import { useEffect, useMemo, useRef, useState } from 'react';
import { dueForReading } from '../../domain/todos/messagePanel';
import { itemsToMarkRead } from '../../domain/todos/todoRules';
import { useSession } from '../../platform/session/useSession';
import { useSyncWrite } from '../../platform/sync/useSyncWrite';
import type { ChatMessage } from './useChatMessages';

export function useMarkRead(messages: readonly ChatMessage[] | undefined): void {
  const { companies } = useSession();
  const write = useSyncWrite();
  const contacts = useMemo(
    () => companies.map((c) => ({ id: c.contactId, company_id: c.id })),
    [companies],
  );
  const firstShown = useRef(new Map<number, number>());
  const asked = useRef(new Set<number>());
  const [wakeUp, setWakeUp] = useState(0);

  const unread = useMemo(
    () => itemsToMarkRead(messages ?? [], { contacts }).filter((item) => item.id > 0),
    [messages, contacts],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `wakeUp` re-runs it when one is due.
  useEffect(() => {
    const now = Date.now();
    const shown = firstShown.current;
    const byId = new Map(
      unread.filter((item) => !asked.current.has(item.id)).map((item) => [item.id, item]),
    );
    for (const id of byId.keys()) if (!shown.has(id)) shown.set(id, now);
    for (const id of [...shown.keys()]) if (!byId.has(id)) shown.delete(id);
    const { due, nextAt } = dueForReading(shown, now);
    for (const id of due) {
      const item = byId.get(id);
      shown.delete(id);
      if (!item) continue;
      asked.current.add(id);
      // The recipient company changes the state (the row is its copy).
      void write((api) =>
        api.enqueue(item.to_company_id, {
          type: 'todo.setState',
          payload: { todoId: id, state: 'READ', delay: null, todoType: 'MESSAGE', assignee: null },
        }),
      ).catch(() => asked.current.delete(id));
    }
    if (nextAt === null) return;
    const timer = setTimeout(() => setWakeUp((n) => n + 1), nextAt - now);
    return () => clearTimeout(timer);
  }, [unread, wakeUp, write]);
}
