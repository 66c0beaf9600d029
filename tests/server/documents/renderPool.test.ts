// The document renderer of the generate route (server/documents/renderPool.ts): PDFs rendered on
// worker threads are the bytes renderPdf makes on this thread; a refused spec comes back as a
// DocumentSpecError; at most `threads` render and `maxWaiting` wait; the event loop stays free
// while renders run; idle workers exit and close() leaves no thread behind.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RenderBusyError } from '../../../server/documents/renderLimit';
import {
  createDocumentRenderer,
  type DocumentRenderer,
  workerExecArgv,
} from '../../../server/documents/renderPool';
import { REGEXP_FALLBACK_FLAG } from '../../../server/regexpFallback';
import type { DocumentFonts } from '../../../src/documents/fonts/fontFiles';
import { nodeFontSource } from '../../../src/documents/fonts/node/nodeFontSource';
import { renderPdf } from '../../../src/documents/pdf/render';
import { type Block, type DocumentSpec, DocumentSpecError } from '../../../src/documents/spec';
import { contractSpec, table } from '../../documents/samples';

let fonts: DocumentFonts;
beforeAll(async () => {
  fonts = await nodeFontSource.load();
}, 120_000);

const open: DocumentRenderer[] = [];
function renderer(options: Partial<Parameters<typeof createDocumentRenderer>[0]> = {}) {
  const created = createDocumentRenderer({ threads: 1, maxWaiting: 8, ...options });
  open.push(created);
  return created;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.close()));
});

/** The longest the event loop went without running a 5 ms timer, from now until stop(). */
function loopGaps() {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  return () => {
    clearInterval(timer);
    return Math.max(longest, performance.now() - last);
  };
}

const same = (a: Uint8Array, b: Uint8Array) => Buffer.compare(Buffer.from(a), Buffer.from(b));

describe('document renderer (worker threads)', () => {
  it('renders on a worker thread the very bytes renderPdf makes here', async () => {
    const pool = renderer();
    expect(pool.threads).toBe(0);
    for (const spec of [contractSpec(), contractSpec(60)]) {
      const bytes = await pool.render(spec);
      expect(bytes).toBeInstanceOf(Uint8Array);
      expect(same(bytes, await renderPdf(spec, fonts))).toBe(0);
    }
    expect(pool.threads).toBe(1);
  }, 60_000);

  it('rebuilds a refused spec as DocumentSpecError, and throws other failures as they are', async () => {
    const pool = renderer();
    const badDate = pool.render({ ...contractSpec(), createdAt: 'gestern' });
    await expect(badDate).rejects.toBeInstanceOf(DocumentSpecError);
    await expect(badDate).rejects.toThrow('单据日期无效：gestern');
    const badRow: DocumentSpec = {
      ...contractSpec(),
      blocks: [{ ...table(1), rows: [['1', '2']] }],
    };
    await expect(pool.render(badRow)).rejects.toThrow(
      new DocumentSpecError('表格第 1 行有 2 列，应为 5 列'),
    );
    const broken = pool.render({ ...contractSpec(), blocks: null as unknown as Block[] });
    await expect(broken).rejects.toThrow();
    await expect(broken).rejects.not.toBeInstanceOf(DocumentSpecError);
    // The worker is still there for the next render.
    expect((await pool.render(contractSpec(1))).subarray(0, 5)).toEqual(
      new TextEncoder().encode('%PDF-'),
    );
  }, 60_000);

  it('renders `threads` at once, lets `maxWaiting` wait and refuses one more at once', async () => {
    const pool = renderer({ threads: 2, maxWaiting: 2 });
    const spec = contractSpec(20);
    const accepted = Array.from({ length: 4 }, () => pool.render(spec));
    expect([pool.limit.running, pool.limit.waiting]).toEqual([2, 2]);
    await expect(pool.render(spec)).rejects.toBeInstanceOf(RenderBusyError);
    const expected = await renderPdf(spec, fonts);
    for (const bytes of await Promise.all(accepted)) expect(same(bytes, expected)).toBe(0);
    expect(pool.threads).toBe(2);
    expect([pool.limit.running, pool.limit.waiting]).toEqual([0, 0]);
  }, 60_000);

  it('keeps the event loop free while several renders run', async () => {
    const spec = contractSpec(150);
    const pool = renderer({ threads: 2 });
    await Promise.all([pool.render(spec), pool.render(spec)]); // both workers started and warm
    await renderPdf(spec, fonts);
    // Here, on this thread, the render holds the event loop for about its whole duration.
    let stop = loopGaps();
    await renderPdf(spec, fonts);
    const inline = stop();
    stop = loopGaps();
    const started = performance.now();
    await Promise.all(Array.from({ length: 4 }, () => pool.render(spec)));
    const pooled = stop();
    const figures = { inline, pooled, burst: performance.now() - started };
    // The burst lasts longer than one render, and the loop never waited half as long as one.
    expect(figures.burst, JSON.stringify(figures)).toBeGreaterThan(inline);
    expect(pooled, JSON.stringify(figures)).toBeLessThan(inline / 2);
  }, 60_000);

  it('ends idle workers after the idle timeout, and all of them on close', async () => {
    const pool = renderer({ threads: 2, idleTimeoutMs: 50 });
    await Promise.all([pool.render(contractSpec(1)), pool.render(contractSpec(1))]);
    expect(pool.threads).toBeGreaterThan(0);
    const deadline = Date.now() + 10_000;
    while (pool.threads > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(pool.threads).toBe(0);
    // A later render starts a worker again; close() ends it and refuses new work.
    await pool.render(contractSpec(1));
    expect(pool.threads).toBe(1);
    await pool.close();
    expect(pool.threads).toBe(0);
    await expect(pool.render(contractSpec(1))).rejects.toThrow('document renderer closed');
  }, 60_000);

  const underTsxOptions = [
    '--require',
    '/app/node_modules/tsx/dist/preflight.cjs',
    '--import',
    'file:///app/node_modules/tsx/dist/loader.mjs',
  ];

  it('loads tsx in the workers unless the parent already runs it', () => {
    const underTsx = underTsxOptions;
    expect(workerExecArgv(underTsx)).toEqual(underTsx);
    expect(workerExecArgv(['--conditions', 'node'])).toEqual([
      '--conditions',
      'node',
      '--import',
      'tsx',
    ]);
  });

  it('leaves out the regexp fallback flag, which the workers share with the process', () => {
    const underStart = [...underTsxOptions, REGEXP_FALLBACK_FLAG];
    expect(workerExecArgv(underStart)).toEqual(underTsxOptions);
  });
});
