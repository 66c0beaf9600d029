// The upload type sniffer (security review H1): SVG is recognised by a forward scan, so a run of
// comments cannot make it backtrack. The old regular expression needed about 2^k steps for k
// comments with no `<svg` after them: 200 comments never returned and froze the process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { looksLikeSvg, sniffContentType } from '../../../server/messaging/uploadRules';
import { startTestServer, type TestServer } from '../../support/app';
import { drivers } from '../../support/databases';
import { seedFixtures } from '../../support/fixtures';
import { multipart } from '../../support/multipart';
import { accessTokenFor } from '../../support/tokens';

const COMMENTS = '<!---->'.repeat(200);
// 140 comments and an <svg> fit in the 1 KB the sniffer reads; 200 comments (1,400 bytes) do not.
const FITTING = '<!---->'.repeat(140);
const bytes = (text: string) => Buffer.from(text, 'utf8');
/** [a short name for the test title, the text]. */
const named = (texts: string[]) =>
  texts.map((text) => [
    JSON.stringify(text.length > 60 ? `${text.slice(0, 28)}…${text.slice(-20)}` : text),
    text,
  ]);

describe('sniffContentType on SVG', () => {
  it.each(
    named([
      '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
      '<svg>',
      '\uFEFF  <svg\n width="1">',
      '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>',
      '<?XML version="1.0"?><!-- made by hand --><!-- two --> <SVG>',
      '<?xml version="1.0"?>\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x.dtd">\n<svg\tid="a">',
      '<!doctype SVG><svg>',
      '<!-- a <svg> in a comment --><svg>',
      '<!---->\n<svg>',
      `${FITTING}<svg>`,
    ]),
  )('sees an SVG in %s', (_name, text) => {
    expect(sniffContentType(bytes(text))).toBe('image/svg+xml');
  });

  it.each(
    named([
      '',
      'plain text',
      '<svgx>',
      '<svg',
      '<html><svg></svg></html>',
      '<!-- not closed <svg>',
      '<?xml version="1.0"',
      '<!DOCTYPE html><svg>',
      '<!DOCTYPE svg',
      '<!-- one --> text <svg>',
      COMMENTS,
      `${COMMENTS}x`,
      `${COMMENTS}<svg>`,
      `${'<!--'.repeat(300)}`,
      `<?xml${' '.repeat(2000)}`,
    ]),
  )('sees no SVG in %s', (_name, text) => {
    expect(sniffContentType(bytes(text))).toBeNull();
  });

  it('answers in linear time for 200 comments, with and without an <svg> after them', () => {
    const started = performance.now();
    expect(looksLikeSvg(COMMENTS)).toBe(false);
    expect(looksLikeSvg(`${COMMENTS}x`)).toBe(false);
    expect(looksLikeSvg(`${COMMENTS}<svg>`)).toBe(true);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('keeps the other magic numbers', () => {
    expect(sniffContentType(bytes('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffContentType(bytes('GIF89a'))).toBe('image/gif');
    expect(sniffContentType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
  });
});

describe.each(drivers)('POST /api/v7/files with a run of comments (%s)', (driver) => {
  let server: TestServer;
  let token: string;
  let companyId: number;

  const upload = (text: string, documentType: string, type = 'image/svg+xml') => {
    const body = multipart('drawing.svg', bytes(text), type);
    return server.app.inject({
      method: 'POST',
      url: `/api/v7/files?documentType=${documentType}&entityId=7&currentCompanyId=${companyId}`,
      headers: { authorization: `Bearer ${token}`, ...body.headers },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    server = await startTestServer(driver);
    const ids = await seedFixtures(server.db.database);
    companyId = ids.companies.buyerA;
    token = await accessTokenFor(server.db.database, server.issuer, ids.accounts.userA);
    // The first request of a process is slow (routes compile): not part of what is measured.
    expect((await upload('warm-up', 'TODO_ATTACHMENT', 'text/plain')).statusCode).toBe(200);
  });
  afterAll(async () => server.close());

  it('refuses 200 comments with no <svg> as a product attachment, at once', async () => {
    const started = performance.now();
    const res = await upload(COMMENTS, 'PRODUCT_ATTACHMENT');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(res.statusCode).toBe(415);
  });

  it('stores 200 comments as a to-do attachment with the type the browser claimed', async () => {
    // Before the fix this request never returned (the test timed out).
    const res = await upload(`${COMMENTS}x`, 'TODO_ATTACHMENT', 'text/plain');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { content_type: 'text/plain' } });
  });

  it('refuses 200 comments and then <svg> (past the first KB) as a product attachment', async () => {
    const res = await upload(`${COMMENTS}<svg>`, 'PRODUCT_ATTACHMENT');
    expect(res.statusCode).toBe(415);
  });

  it('accepts 140 comments and then <svg> as an SVG product attachment', async () => {
    const res = await upload(
      `${FITTING}<svg xmlns="http://www.w3.org/2000/svg"/>`,
      'PRODUCT_ATTACHMENT',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { content_type: 'image/svg+xml' } });
  });
});
