// Commands from follower tabs to the leader tab over the BroadcastChannel (DESIGN §4 "Tabs"):
// a follower posts a typed command (syncCommands.ts) with a request id, the leader runs it through
// `handle` and answers with the same id. Nobody but the leader answers. A command whose leader
// changes before the answer is sent again to the new leader: every command may run twice with one
// outcome (`enqueue` carries the entry id its tab drew, and a second enqueue under an id is a no-op).
import { isRecord } from '../../domain/guards';
import type { ChannelLike, Clock } from '../ports';
import {
  isCommandType,
  type SyncCommand,
  type SyncCommandResults,
  type SyncCommandType,
} from '../syncCommands';

export type RouterMessage =
  | { kind: 'command'; id: string; from: string; command: SyncCommand }
  | { kind: 'reply'; id: string; to: string; ok: true; value: unknown }
  | { kind: 'reply'; id: string; to: string; ok: false; error: string };

/** No leader answered in time; sending the same command again is safe (see the header). */
export class CommandTimeoutError extends Error {
  override readonly name = 'CommandTimeoutError';
  constructor(readonly command: SyncCommandType) {
    super(`no sync leader answered ${command}`);
  }
}

/** The leader ran the command and it threw; the leader's message is kept. */
export class CommandFailedError extends Error {
  override readonly name = 'CommandFailedError';
}

export interface RouterOptions extends Omit<Clock, 'now'> {
  channel: ChannelLike;
  tabId: string;
  isLeader(): boolean;
  /** The leader's executor (the engine's methods). */
  handle(command: SyncCommand): Promise<unknown>;
  timeoutMs?: number;
}

export interface CommandRouter {
  send<K extends SyncCommandType>(command: SyncCommand<K>): Promise<SyncCommandResults[K]>;
  /** Called when the leader changes: pending commands go again (or run here). */
  leaderChanged(): void;
  close(): void;
}

interface Pending {
  command: SyncCommand;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: unknown;
}

function readMessage(data: unknown): RouterMessage | null {
  if (!isRecord(data) || typeof data.id !== 'string') return null;
  const { id } = data;
  if (data.kind === 'command' && typeof data.from === 'string' && isRecord(data.command)) {
    const command = data.command;
    if (!isCommandType(command.type) || !Array.isArray(command.args)) return null;
    // The arguments come from this app's own code on the same origin; the handler (the engine)
    // validates payloads as it does for the tab's own calls.
    return { kind: 'command', id, from: data.from, command: command as SyncCommand };
  }
  if (data.kind === 'reply' && typeof data.to === 'string') {
    if (data.ok === true) return { kind: 'reply', id, to: data.to, ok: true, value: data.value };
    if (data.ok === false)
      return { kind: 'reply', id, to: data.to, ok: false, error: String(data.error) };
  }
  return null;
}

export function createCommandRouter(options: RouterOptions): CommandRouter {
  const { channel, tabId, isLeader, handle, setTimer, clearTimer } = options;
  const timeoutMs = options.timeoutMs ?? 5000;
  const pending = new Map<string, Pending>();
  let counter = 0;
  let closed = false;

  const settle = (
    id: string,
    outcome: { ok: true; value: unknown } | { ok: false; error: Error },
  ) => {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    clearTimer(entry.timer);
    if (outcome.ok) entry.resolve(outcome.value);
    else entry.reject(outcome.error);
  };

  const dispatch = (id: string, command: SyncCommand) => {
    if (isLeader()) {
      handle(command).then(
        (value) => settle(id, { ok: true, value }),
        (error: unknown) => settle(id, { ok: false, error: asError(error) }),
      );
    } else {
      channel.postMessage({ kind: 'command', id, from: tabId, command } satisfies RouterMessage);
    }
  };

  function onMessage(event: { data: unknown }) {
    const message = readMessage(event.data);
    if (!message || closed) return;
    if (message.kind === 'reply') {
      if (message.to !== tabId) return;
      settle(
        message.id,
        message.ok
          ? { ok: true, value: message.value }
          : { ok: false, error: new CommandFailedError(message.error) },
      );
      return;
    }
    if (!isLeader()) return;
    const reply = (answer: { ok: true; value: unknown } | { ok: false; error: string }) =>
      channel.postMessage({
        kind: 'reply',
        id: message.id,
        to: message.from,
        ...answer,
      } satisfies RouterMessage);
    // Answered even if leadership is lost meanwhile: the command did run here.
    handle(message.command).then(
      (value) => reply({ ok: true, value }),
      (error: unknown) => reply({ ok: false, error: asError(error).message }),
    );
  }

  channel.addEventListener('message', onMessage);

  return {
    send<K extends SyncCommandType>(command: SyncCommand<K>): Promise<SyncCommandResults[K]> {
      if (closed) return Promise.reject(new Error('command router closed'));
      counter += 1;
      const id = `${tabId}:${counter}`;
      return new Promise<SyncCommandResults[K]>((resolve, reject) => {
        const timer = setTimer(() => {
          settle(id, { ok: false, error: new CommandTimeoutError(command.type) });
        }, timeoutMs);
        // Replies are the leader's answers to this very command type (same code on both sides).
        pending.set(id, {
          command,
          resolve: (value) => resolve(value as SyncCommandResults[K]),
          reject,
          timer,
        });
        dispatch(id, command);
      });
    },
    leaderChanged() {
      for (const [id, entry] of pending) dispatch(id, entry.command);
    },
    close() {
      closed = true;
      channel.removeEventListener('message', onMessage);
      for (const [id, entry] of [...pending]) {
        settle(id, { ok: false, error: new CommandTimeoutError(entry.command.type) });
      }
    },
  };
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
