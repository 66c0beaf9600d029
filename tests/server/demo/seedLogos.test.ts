import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRANDS, brandLogoUrl } from '../../../server/demo/seed/catalog';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';

describe.each(drivers)('brand logos on %s', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('serves every logo the catalogue names as SVG, without a token, cached', async () => {
    const files = BRANDS.flatMap((b) => (b.logo ? [b.logo] : []));
    expect(files.length).toBeGreaterThanOrEqual(15);
    for (const file of files) {
      const res = await server.app.inject({ method: 'GET', url: brandLogoUrl(file) });
      expect(res.statusCode, file).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.headers['cache-control']).toMatch(/max-age=\d{6,}/);
      expect(res.body.startsWith('<svg')).toBe(true);
      // Drawn here: no external URL (the only http is the SVG namespace).
      expect(res.body.replaceAll('http://www.w3.org/2000/svg', '')).not.toMatch(
        /https?:|url\(|href=/,
      );
    }
  });

  it('has a distinct drawing for every logo file', async () => {
    const dir = new URL('../../../server/demo/seed/logos/', import.meta.url);
    const files = (await readdir(dir)).filter((f) => f.endsWith('.svg'));
    const bodies = await Promise.all(
      files.map(
        async (f) => (await server.app.inject({ method: 'GET', url: brandLogoUrl(f) })).body,
      ),
    );
    expect(new Set(bodies).size).toBe(files.length);
  });

  it('answers 304 to a matching ETag, 404 to an unknown logo, 400 to a bad name', async () => {
    const first = await server.app.inject({ method: 'GET', url: '/brand-logos/siemens.svg' });
    const etag = String(first.headers.etag);
    const again = await server.app.inject({
      method: 'GET',
      url: '/brand-logos/siemens.svg',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    const missing = await server.app.inject({ method: 'GET', url: '/brand-logos/nothing.svg' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error_code: 'NOT_FOUND' });
    for (const url of ['/brand-logos/..%2Fcatalog.ts', '/brand-logos/Siemens.SVG']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error_message: expect.stringContaining('file') });
    }
    // Longer than any route parameter may be: Fastify refuses it before the route (414).
    const long = await server.app.inject({
      method: 'GET',
      url: `/brand-logos/${'a'.repeat(200)}.svg`,
    });
    expect(long.statusCode).toBe(414);
  });
});
