// What the list bench measures inside the app's page. Each function runs in the browser
// (page.evaluate), so it uses only its arguments and the page's DOM: the list's scroll box
// (data-testid="list-scroller"), its rows (data-testid="list-row") and the count line.
import type { Page } from '@playwright/test';

/**
 * From a route change to the first row painted: the app navigates (the router follows
 * history.pushState, which it wraps), the page remounts, and the clock stops at the frame after
 * the new list's first row shows its purchase or order number (so it was painted).
 */
export function routeChangeMs(page: Page, path: string): Promise<number> {
  return page.evaluate(
    (target) =>
      new Promise<number>((resolve, reject) => {
        document.querySelector('[data-testid="list-scroller"]')?.setAttribute('data-old', '');
        const t0 = performance.now();
        window.history.pushState({}, '', target);
        const check = () => {
          const cell = document.querySelector(
            '[data-testid="list-scroller"]:not([data-old]) [data-testid="list-row"] td:nth-child(2)',
          );
          if (cell?.textContent?.trim()) {
            requestAnimationFrame(() => resolve(performance.now() - t0));
          } else if (performance.now() - t0 > 30_000) {
            reject(new Error(`no rows after navigating to ${target}`));
          } else {
            requestAnimationFrame(check);
          }
        };
        requestAnimationFrame(check);
      }),
    path,
  );
}

export interface ScrollFigures {
  rows: number;
  ms: number;
  frames: number;
  /** Frames in which a row in view was still a placeholder (its data not read yet). */
  placeholderFrames: number;
  /** Durations of the main thread's long tasks (> 50 ms) during the scroll. */
  longTasks: number[];
}

/** Scrolls the list down `rows` rows, three rows a frame (a brisk flick), loading pages as it goes. */
export function scrollRows(page: Page, rows: number, rowHeight: number): Promise<ScrollFigures> {
  return page.evaluate(
    ([count, height]) =>
      new Promise<ScrollFigures>((resolve, reject) => {
        const box = document.querySelector<HTMLElement>('[data-testid="list-scroller"]');
        if (!box) {
          reject(new Error('no list on the page'));
          return;
        }
        const longTasks: number[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) longTasks.push(entry.duration);
        });
        observer.observe({ type: 'longtask' });
        const target = count * height;
        const t0 = performance.now();
        let frames = 0;
        let placeholderFrames = 0;
        const step = () => {
          frames += 1;
          box.scrollTop = Math.min(target, box.scrollTop + 3 * height);
          if (box.querySelector('[data-testid="list-row"][data-loading]')) {
            placeholderFrames += 1;
          }
          if (box.scrollTop >= target - 1) {
            const ms = performance.now() - t0;
            // Long tasks are reported after they end: let the last ones arrive.
            setTimeout(() => {
              observer.disconnect();
              resolve({ rows: count, ms, frames, placeholderFrames, longTasks });
            }, 500);
          } else if (performance.now() - t0 > 120_000) {
            observer.disconnect();
            reject(new Error(`scrolled ${Math.round(box.scrollTop / height)} rows in 2 minutes`));
          } else {
            requestAnimationFrame(step);
          }
        };
        requestAnimationFrame(step);
      }),
    [rows, rowHeight] as const,
  );
}

/** The original app's way: one page of the list fetched from the server and parsed. */
export function serverFetchMs(page: Page, url: string, token: string): Promise<number> {
  return page.evaluate(
    async ([target, bearer]) => {
      const t0 = performance.now();
      const answer = await fetch(target, {
        headers: { authorization: `Bearer ${bearer}` },
        cache: 'no-store',
      });
      await answer.json();
      return performance.now() - t0;
    },
    [url, token] as const,
  );
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}
