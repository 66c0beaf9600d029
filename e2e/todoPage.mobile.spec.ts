// The to-do page on a 375 px phone: nothing wider than the screen, the stepper stays usable above
// the list, a tap selects, the stepper steps and opens the record; the favourites tab.

import { TodoApi, TodoPage } from './fixtures/TodoPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', viewport: { width: 375, height: 740 } });

test('the to-do page fits a 375 px screen and steps through to-dos', async ({
  shell,
  page,
  request,
}) => {
  await shell.open('/home');
  await shell.ready();
  await expect(shell.syncStatus).toHaveAttribute('data-tone', 'synced', { timeout: 20_000 });
  const api = await TodoApi.of(page, request);
  const mine = await api.todos('MINE');
  const todos = new TodoPage(page);
  await todos.open();
  await expect(todos.count).toContainText(`共 ${mine.total} 条`);
  await expect(todos.stepper).toBeVisible();
  await expect(todos.markProcessed).toBeVisible();
  await expect(todos.openDetail).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  for (const box of [await todos.stepper.boundingBox(), await todos.rows.first().boundingBox()]) {
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(375);
  }

  // A tap selects and expands the row; the stepper moves on and stays in view.
  const third = todos.rows.nth(2);
  await third.tap();
  await expect(third).toHaveAttribute('aria-selected', 'true');
  await expect(third).toContainText('发送方');
  await todos.next.tap();
  await expect(todos.rows.nth(3)).toHaveAttribute('aria-selected', 'true');
  await expect(todos.stepper).toBeInViewport();
  const onRecord = mine.items.find(
    (item) => item.module !== null && item.to_company_id === api.first.id,
  );
  if (!onRecord) throw new Error('the demo data has a to-do on a record');
  await todos.select(onRecord.id);
  await todos.openDetail.tap();
  await expect(page).toHaveURL(/\/(order\/order|inquiry-quotation)\/detail\?/);

  await todos.open('favourites');
  await expect(todos.tab('收藏')).toHaveAttribute('aria-selected', 'true');
  await expect(todos.rows.first().or(page.getByText('没有收藏的待办消息 ~'))).toBeVisible();
});
