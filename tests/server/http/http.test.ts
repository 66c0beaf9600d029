import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';

const APP_JS = `console.log(${JSON.stringify('工业品采购 '.repeat(400))});`;
const ROWS = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, name: `采购单 ${i + 1}` }));

describe.each(drivers)('server basics on %s', (driver) => {
  let server: TestServer;
  let appDir: string;

  beforeAll(async () => {
    appDir = await mkdtemp(join(tmpdir(), 'app-'));
    await writeFile(join(appDir, 'index.html'), '<!doctype html><title>工业品采购</title>');
    await writeFile(join(appDir, 'sw.js'), '// sw');
    // A built asset with the brotli copy the build writes beside it (vite.config.ts).
    await mkdir(join(appDir, 'assets'));
    await writeFile(join(appDir, 'assets', 'app-1a2b.js'), APP_JS);
    await writeFile(join(appDir, 'assets', 'app-1a2b.js.br'), brotliCompressSync(APP_JS));
    server = await startTestServer(driver, {
      appDir,
      extend(app) {
        // A route with a schema, to prove how the server answers bad input.
        app.post(
          '/api/v7/probe',
          {
            config: { auth: 'public' },
            schema: {
              body: {
                type: 'object',
                required: ['name', 'qty'],
                properties: { name: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
              },
            },
          },
          async () => ({ data: 'ok' }),
        );
        app.get('/api/v7/rows', { config: { auth: 'public' } }, async () => ({
          data: { items: ROWS },
        }));
        app.get('/api/v7/boom', { config: { auth: 'public' } }, async () => {
          throw new Error('boom');
        });
      },
    });
  });
  afterAll(async () => {
    await server.close();
    await rm(appDir, { recursive: true, force: true });
  });

  it('GET /healthz answers ok in the envelope', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok' } });
  });

  it('serves index.html for any page route, uncached, so client routes survive a reload', async () => {
    for (const url of ['/', '/inquiry-quotation/list?sheetType=ALL', '/user/user-center']) {
      const res = await server.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('工业品采购');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves a built file pre-compressed when the browser takes brotli, and as is otherwise', async () => {
    const url = '/assets/app-1a2b.js';
    const br = await server.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(APP_JS.length / 10);
    const plain = await server.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('compresses an API answer when the client takes gzip, and leaves it plain otherwise', async () => {
    const url = '/api/v7/rows';
    const gz = await server.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual({
      data: { items: ROWS },
    });
    const plain = await server.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ data: { items: ROWS } });
  });

  it('never caches the service worker script', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown API path with a JSON 404, not the app', async () => {
    for (const url of ['/api/v7/nothing', '/orders-api/v7/nothing', '/sync-api/v1/nothing']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error_code: 'NOT_FOUND', error_message: '请求的资源不存在' });
    }
  });

  it.each([
    ['a missing field', { name: 'x' }, '请求参数有误：qty'],
    ['a wrong type', { name: 'x', qty: 'many' }, '请求参数有误：qty'],
    ['a value out of range', { name: 'x', qty: 0 }, '请求参数有误：qty'],
  ])('answers %s with a 400 naming the field', async (_case, body, message) => {
    const res = await server.app.inject({ method: 'POST', url: '/api/v7/probe', payload: body });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error_code: 'INVALID_INPUT', error_message: message });
  });

  it('answers malformed JSON with a 400, never a 500', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v7/probe',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error_message).toBe('请求参数有误');
  });

  it('answers a body over the limit with the spec 413 message', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v7/probe',
      headers: { 'content-type': 'application/json' },
      payload: `{"name":"${'x'.repeat(22 * 1024 * 1024)}","qty":1}`,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error_message).toBe('文件上传失败，文件不能大于 20M');
  });

  it('hides the details of a real fault behind a Chinese 500 message', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v7/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error_code: 'INTERNAL_ERROR',
      error_message: '服务器繁忙，请稍后重试',
    });
  });
});

describe('without a built app', () => {
  it('tells the user how to build it instead of a blank page', async () => {
    const server = await startTestServer('pglite');
    try {
      const res = await server.app.inject({
        method: 'GET',
        url: '/',
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await server.close();
    }
  });
});
