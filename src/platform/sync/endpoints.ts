// Where the sync worker finds the server, from the runtime config (DESIGN §3): the API base
// (`gateway`, '' for this origin) and the live channel, which the config may give as a path on
// this origin (`/ws`) or a full URL. Pure.
import type { RuntimeConfig } from '../../domain/config/runtimeConfig';
import type { SyncSessionInfo } from '../../sync/api';

/** `ws(s)://host/path` for the live channel. */
export function liveChannelUrl(websocket: string, page: Pick<URL, 'protocol' | 'host'>): string {
  if (/^wss?:\/\//i.test(websocket)) return websocket;
  if (/^https?:\/\//i.test(websocket)) return websocket.replace(/^http/i, 'ws');
  const scheme = page.protocol === 'https:' ? 'wss' : 'ws';
  const path = websocket.startsWith('/') ? websocket : `/${websocket}`;
  return `${scheme}://${page.host}${path}`;
}

export function syncEndpoints(
  config: Pick<RuntimeConfig, 'gateway' | 'websocket'>,
  page: Pick<URL, 'protocol' | 'host'>,
): Pick<SyncSessionInfo, 'baseUrl' | 'wsUrl'> {
  return {
    baseUrl: config.gateway.replace(/\/+$/, ''),
    wsUrl: liveChannelUrl(config.websocket, page),
  };
}
