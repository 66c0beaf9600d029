// Every answer carries the browser-side defences (security review M3, L10): the app's strict CSP
// on documents and scripts, a minimal one on data, anti-framing, nosniff, referrer and permissions
// policies, COOP, and HSTS only over https. Routes with a policy of their own keep it.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_POLICY, appPolicy, connectSources } from '../../../server/http/securityHeaders';
import { runtimeConfig } from '../../../server/routes/runtimeConfig';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';

/** The CSP as directive → sources. */
function directives(res: LightMyRequestResponse): Map<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

function expectHardening(res: LightMyRequestResponse, url: string): void {
  expect(res.headers['x-content-type-options'], url).toBe('nosniff');
  expect(res.headers['x-frame-options'], url).toBe('DENY');
  expect(res.headers['referrer-policy'], url).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
  const permissions = String(res.headers['permissions-policy']);
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) {
    expect(permissions, url).toContain(feature);
  }
}

function expectAppPolicy(res: LightMyRequestResponse, url: string): void {
  const csp = directives(res);
  expect(csp.get('default-src'), url).toEqual(["'self'"]);
  // No inline script, no eval, no other origin's script.
  expect(csp.get('script-src'), url).toEqual(["'self'"]);
  expect(csp.get('object-src'), url).toEqual(["'none'"]);
  expect(csp.get('base-uri'), url).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
  expect(csp.get('form-action'), url).toEqual(["'self'"]);
  expect(csp.get('connect-src'), url).toEqual(["'self'", 'ws://127.0.0.1:8080']);
  expect(csp.get('img-src'), url).toEqual(["'self'", 'blob:', 'data:']);
  expect(csp.get('worker-src'), url).toEqual(["'self'"]);
  expect(csp.get('manifest-src'), url).toEqual(["'self'"]);
}

async function builtApp(): Promise<string> {
  const appDir = await mkdtemp(join(tmpdir(), 'app-headers-'));
  await writeFile(join(appDir, 'index.html'), '<!doctype html><title>工业品采购</title>');
  await writeFile(join(appDir, 'sw.js'), '// sw');
  await mkdir(join(appDir, 'assets'));
  await writeFile(join(appDir, 'assets', 'index-1a2b.js'), 'export {};');
  // A map an older build left behind: it must not be served.
  await writeFile(join(appDir, 'assets', 'index-1a2b.js.map'), '{"sources":["src/main.tsx"]}');
  await writeFile(join(appDir, 'sw.js.map'), '{"sources":["sw/sw.ts"]}');
  return appDir;
}

describe.each(drivers)('security headers on %s', (driver) => {
  let server: TestServer;
  let https: TestServer;
  let proxied: TestServer;
  let appDir: string;

  beforeAll(async () => {
    appDir = await builtApp();
    server = await startTestServer(driver, { appDir });
    https = await startTestServer(driver, {
      appDir,
      config: { publicUrl: 'https://app.example.com' },
    });
    proxied = await startTestServer(driver, { appDir, config: { trustProxy: 1 } });
  });
  afterAll(async () => {
    await Promise.all([server?.close(), https?.close(), proxied?.close()]);
    await rm(appDir, { recursive: true, force: true });
  });

  const get = (on: TestServer, url: string, headers: Record<string, string> = {}) =>
    on.app.inject({ method: 'GET', url, headers });

  it('sends the strict app policy on index.html, a client route, an asset and the service worker', async () => {
    for (const url of ['/', '/inquiry-quotation/list', '/assets/index-1a2b.js', '/sw.js']) {
      const res = await get(server, url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(200);
      expectAppPolicy(res, url);
      expectHardening(res, url);
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('sends the minimal policy on data: /config.json, /healthz, an API answer and an API 404', async () => {
    const probes = [
      ['/config.json', 200],
      ['/healthz', 200],
      ['/api/v7/user', 401],
      ['/api/v7/no-such-route', 404],
    ] as const;
    for (const [url, status] of probes) {
      const res = await get(server, url);
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-security-policy'], url).toBe(API_POLICY);
      expectHardening(res, url);
    }
  });

  it('serves no source map, even one left in the app folder', async () => {
    for (const url of ['/assets/index-1a2b.js.map', '/sw.js.map']) {
      const res = await get(server, url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('sources');
    }
  });

  it('keeps the policies routes set themselves (brand logos) and hardens the provider’s own answers', async () => {
    const logo = await get(server, '/brand-logos/abb.svg');
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    // Answered by oidc-provider (Koa) past Fastify's reply.
    const discovery = await get(server, '/oidc/.well-known/openid-configuration');
    expect(discovery.statusCode).toBe(200);
    expectHardening(discovery, 'discovery');
  });

  it('sends HSTS when the public address is https', async () => {
    for (const url of ['/', '/config.json', '/oidc/.well-known/openid-configuration']) {
      const res = await get(https, url, { accept: 'text/html' });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
    }
  });

  it('sends HSTS behind a trusted TLS proxy, and never on a forwarded header it does not trust', async () => {
    const viaProxy = await get(proxied, '/', { 'x-forwarded-proto': 'https' });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    const plain = await get(proxied, '/');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const spoofed = await get(server, '/', { 'x-forwarded-proto': 'https' });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('connect-src', () => {
  const settings = {
    gateway: '',
    websocket: '/ws',
    publicWebsite: 'https://www.example.com',
    auth: {
      authority: 'https://app.example.com/oidc',
      clientId: 'purchasing-app',
      scope: 'openid',
    },
    searchHost: '',
  };

  it('is this origin and its live channel with the embedded provider', () => {
    expect(connectSources('https://app.example.com', settings)).toEqual(['wss://app.example.com']);
  });

  it('adds the external SSO and the search host when they are configured', () => {
    const sources = connectSources('https://app.example.com', {
      ...settings,
      auth: { ...settings.auth, authority: 'https://sso.example.com/realms/buyers' },
      searchHost: 'https://search.example.com/v1',
    });
    expect(sources).toEqual([
      'wss://app.example.com',
      'https://search.example.com',
      'https://sso.example.com',
    ]);
    expect(appPolicy(sources)).toContain(
      "connect-src 'self' wss://app.example.com https://search.example.com https://sso.example.com;",
    );
  });

  it('takes the settings the server hands the app in /config.json', () => {
    const context = {
      issuer: 'https://sso.example.com/realms/buyers',
      config: { oidc: { clientId: 'purchasing-app' } },
    } as Parameters<typeof runtimeConfig>[0];
    expect(connectSources('http://127.0.0.1:8080', runtimeConfig(context))).toContain(
      'https://sso.example.com',
    );
  });
});
