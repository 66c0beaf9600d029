// What the tabs of one user post on their session channel besides the election's and the
// router's messages: the leader's status, a renewed token, and a sign-out. Read defensively: the
// channel is shared with the other protocols and with other versions of the app.
import { isRecord } from '../domain/guards';
import type { SyncStatus } from './engine/status';

export type TabMessage =
  | { kind: 'sync-status'; status: SyncStatus }
  | { kind: 'sync-token'; token: string }
  | { kind: 'sync-signed-out' };

export function readTabMessage(data: unknown): TabMessage | null {
  if (!isRecord(data)) return null;
  // The status is the leader's own object, posted by this app's code on the same origin.
  if (data.kind === 'sync-status' && isRecord(data.status))
    return { kind: data.kind, status: data.status as unknown as SyncStatus };
  if (data.kind === 'sync-token' && typeof data.token === 'string')
    return { kind: data.kind, token: data.token };
  if (data.kind === 'sync-signed-out') return { kind: data.kind };
  return null;
}
