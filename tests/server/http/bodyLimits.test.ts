// Body limits per route (security review M10): JSON routes, public ones included, refuse a body
// over 256 KB with the spec's 413 message before parsing it, a compressed body counts after
// decompression, and only a sheet's product list (and the upload route, files.test.ts) may be
// larger.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT } from '../../../server/http/bodyLimits';
import { COMMON_MESSAGES } from '../../../src/domain/messages/common';
import { drivers } from '../../support/databases';
import {
  BASE,
  createBody,
  type InquiryServer,
  row,
  startInquiryServer,
} from '../purchasing/inquiryHarness';

describe.each(drivers)('body limits on %s', (driver) => {
  let s: InquiryServer;
  beforeAll(async () => {
    s = await startInquiryServer(driver);
  });
  afterAll(async () => s.close());

  const tooLarge = (response: { statusCode: number; json(): unknown }) => {
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      error_code: 'PAYLOAD_TOO_LARGE',
      error_message: COMMON_MESSAGES.FILE_TOO_LARGE,
    });
  };

  it('refuses a public JSON body over the limit with 413 and the spec’s message', async () => {
    const response = await s.app.inject({
      method: 'POST',
      url: '/api/v7/registrations/verify_code',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ mobile: '13800000000', padding: 'x'.repeat(JSON_BODY_LIMIT) }),
    });
    tooLarge(response);
  });

  it('counts a gzip body after decompression: a small bomb gets 413, not 20 MB of parsing', async () => {
    const bomb = gzipSync(JSON.stringify({ mobile: '1', padding: '0'.repeat(20 * 1024 * 1024) }));
    expect(bomb.length).toBeLessThan(JSON_BODY_LIMIT);
    const response = await s.app.inject({
      method: 'POST',
      url: '/api/v7/registrations/verify_code',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: bomb,
    });
    tooLarge(response);
  });

  it('refuses a signed-in JSON body over the limit on an ordinary route', async () => {
    const answer = await s.call('userA', 'POST', '/todos-api/v7/messages', {
      body: { module: 'ORDER', module_id: 1, subject: '很长'.repeat(JSON_BODY_LIMIT / 2) },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.error_message).toBe(COMMON_MESSAGES.FILE_TOO_LARGE);
  });

  it('accepts a sheet of 500 lines with long descriptions (about 1.6 MB)', async () => {
    const line = (i: number) => ({
      product_type: `6ES7214-${i}`,
      product_article_no: `ART-${i}`,
      short_description: '西门子可编程控制器模块'.repeat(100),
      qty: 2,
    });
    const body = {
      ...createBody(s.ids.brands.logo, true),
      product_list: Array.from({ length: 500 }, (_, i) => line(i)),
    };
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(6 * JSON_BODY_LIMIT);
    const answer = await s.call('userA', 'POST', BASE, { body });
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(200);
    expect((row(answer).inquiry_product_list as unknown[]).length).toBe(500);
  });
});
