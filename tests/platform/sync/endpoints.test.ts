import { describe, expect, it } from 'vitest';
import { liveChannelUrl, syncEndpoints } from '../../../src/platform/sync/endpoints';

const http = { protocol: 'http:', host: '127.0.0.1:8080' };
const https = { protocol: 'https:', host: 'app.example.com' };

describe('liveChannelUrl', () => {
  it('puts a path on this origin with the matching websocket scheme', () => {
    expect(liveChannelUrl('/ws', http)).toBe('ws://127.0.0.1:8080/ws');
    expect(liveChannelUrl('/ws', https)).toBe('wss://app.example.com/ws');
    expect(liveChannelUrl('ws', https)).toBe('wss://app.example.com/ws');
  });

  it('keeps a full URL, turning http(s) into ws(s)', () => {
    expect(liveChannelUrl('wss://live.example.com/ws', http)).toBe('wss://live.example.com/ws');
    expect(liveChannelUrl('https://live.example.com/ws', http)).toBe('wss://live.example.com/ws');
  });
});

describe('syncEndpoints', () => {
  it('uses the gateway without a trailing slash, empty for this origin', () => {
    expect(syncEndpoints({ gateway: '', websocket: '/ws' }, https)).toEqual({
      baseUrl: '',
      wsUrl: 'wss://app.example.com/ws',
    });
    expect(syncEndpoints({ gateway: 'https://api.example.com/', websocket: '/ws' }, https)).toEqual(
      { baseUrl: 'https://api.example.com', wsUrl: 'wss://app.example.com/ws' },
    );
  });
});
