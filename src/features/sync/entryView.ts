// One outbox entry as the pending-changes view lists it: what the change is, its state in words,
// why it waits or failed, what the user may do with it, and on a conflict the two versions side
// by side (only the fields the change touches, so the user compares like with like).
import {
  ENTRY_STATE_LABELS,
  type EntryStateKey,
  MUTATION_LABELS,
} from '../../domain/messages/sync';
import { mailStateLabel } from '../../domain/todos/mailStates';
import { EXPIRED_CODE, isLeftBehind } from '../../sync/core/lifecycle';
import type { MutationType, OutboxEntry } from '../../sync/core/mutations';
import type { Row } from '../../sync/core/types';

/** Every mutation type has its words (a new type without them fails the typecheck here). */
const LABELS: Readonly<Record<MutationType, string>> = MUTATION_LABELS;

const TODO_STATE_LABELS = { READ: '标记已读', PROCESSED: '标记已处理', DELAYED: '收藏' } as const;

export interface ConflictField {
  field: string;
  label: string;
  mine: string;
  server: string;
}

export interface EntryView {
  id: string;
  title: string;
  /** What it is about: a sheet or order id, a message's first words. */
  subject: string;
  state: EntryStateKey;
  stateLabel: string;
  /** The server's message (failed) or the last network error (waiting to retry). */
  message: string | null;
  createdAt: number;
  attempts: number;
  canRetry: boolean;
  canDiscard: boolean;
  /** A 409: the user may keep theirs (overwrite) or discard. */
  conflict: ConflictField[] | null;
  /** The files the change uploads first (only while it waits for them). */
  files: FileView[];
}

/** A file of a change waiting for its upload: its progress comes from the engine's status. */
export interface FileView {
  /** Client file id (the status's `uploads` key). */
  id: string;
  name: string;
  size: number;
  uploaded: boolean;
}

const clip = (text: string) =>
  text.trim().length > 40 ? `${text.trim().slice(0, 40)}…` : text.trim();

const idText = (id: number) => (id < 0 ? '新建（未同步）' : `#${id}`);

function describe(entry: OutboxEntry): { title: string; subject: string } {
  const title = LABELS[entry.type];
  switch (entry.type) {
    case 'sheet.create':
      return {
        title,
        subject: `${entry.payload.brand.name}（${entry.payload.lines.length} 个产品）`,
      };
    case 'sheet.saveDraft':
      return { title, subject: `询价单 ${idText(entry.payload.sheetId)}` };
    case 'sheet.changeOwner':
      return { title, subject: `询价单 ${idText(entry.payload.id)} → ${entry.payload.owner.name}` };
    case 'order.changeOwner':
      return { title, subject: `订单 ${idText(entry.payload.id)} → ${entry.payload.owner.name}` };
    case 'order.requestCancel':
      return { title, subject: `订单 ${idText(entry.payload.id)}：${entry.payload.reason}` };
    case 'order.setForecast':
      return { title, subject: `订单 ${idText(entry.payload.id)} → ${entry.payload.date}` };
    case 'message.post': {
      const text = entry.payload.subject.trim();
      return { title, subject: text.length > 40 ? `${text.slice(0, 40)}…` : text };
    }
    case 'todo.setState':
      return {
        title: `${title}：${TODO_STATE_LABELS[entry.payload.state]}`,
        subject: `待办 ${idText(entry.payload.todoId)}`,
      };
    case 'message.delete':
      return { title, subject: `消息 ${idText(entry.payload.todoId)}` };
    case 'mail.create':
    case 'mail.update':
      return { title, subject: clip(entry.payload.subject) };
    case 'mail.setState':
      return {
        title: `${title}：${mailStateLabel(entry.payload.mailState)}`,
        subject: `邮件 ${idText(entry.payload.todoId)}`,
      };
    case 'mail.delete':
      return { title, subject: `邮件 ${idText(entry.payload.todoId)}` };
  }
}

function stateOf(entry: OutboxEntry, waitingFiles: boolean): EntryStateKey {
  if (entry.status === 'failed') {
    if (entry.failure?.code === EXPIRED_CODE) return 'expired';
    return entry.failure?.status === 409 ? 'conflict' : 'failed';
  }
  if (entry.status === 'sending') return 'sending';
  if (entry.status === 'applied') return 'applied';
  if (waitingFiles) return 'waiting-files';
  return entry.attempts > 0 ? 'retrying' : 'waiting';
}

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object' && 'name' in value) return String(value.name);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
};

/** The owner is what an owner change touches; other conflicts compare the version only. */
function conflictFields(entry: OutboxEntry, server: Row): ConflictField[] {
  if (entry.type === 'sheet.changeOwner' || entry.type === 'order.changeOwner') {
    const node = server.current_node;
    const serverOwner =
      typeof node === 'object' && node !== null && 'contacts_user' in node
        ? node.contacts_user
        : server.owner;
    return [
      {
        field: 'owner',
        label: '负责人',
        mine: entry.payload.owner.name,
        server: shown(serverOwner),
      },
    ];
  }
  return [
    {
      field: 'version',
      label: '版本',
      mine: '本机的修改',
      server: `已更新（版本 ${server.version}）`,
    },
  ];
}

export function entryView(
  entry: OutboxEntry,
  options: { waitingFiles?: boolean; files?: readonly FileView[] } = {},
): EntryView {
  const state = stateOf(entry, options.waitingFiles ?? false);
  const failed = entry.status === 'failed';
  const server = entry.failure?.serverRow ?? null;
  return {
    id: entry.id,
    ...describe(entry),
    state,
    stateLabel: ENTRY_STATE_LABELS[state],
    message: failed ? (entry.failure?.message ?? null) : entry.lastError,
    createdAt: entry.createdAt,
    attempts: entry.attempts,
    // A company the user left (M5): sending again would only be refused again.
    canRetry: failed && !isLeftBehind(entry),
    // Applied entries wait only for the pull that shows them: nothing left to discard.
    canDiscard: entry.status !== 'applied' && entry.status !== 'sending',
    conflict: state === 'conflict' && server ? conflictFields(entry, server) : null,
    files: state === 'waiting-files' ? [...(options.files ?? [])] : [],
  };
}
