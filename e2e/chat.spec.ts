// The chat panel of an order as the demo buyer: a message another user of
// the company sends appears live in an open chat (by the live event alone, pulls held); a message with an attachment written offline
// shows at once as 发送中 and lands exactly once after reconnecting; messages addressed to the
// user are set READ five seconds after the panel opens; and the input's rules (empty send, Enter
// and Ctrl+Enter, attachment size, count and removal); the writer retracts a message offline and
// it leaves the server once (others' messages offer no delete).
import type { Browser, Page, Response } from '@playwright/test';
import { expectAccessible } from './fixtures/axe';
import { BuyerApi, type ServerOrder } from './fixtures/BuyerApi';
import { ChatPage, myContactId, myMessages, serverMessages } from './fixtures/ChatPage';
import { DEMO_PASSWORD, LoginPage } from './fixtures/LoginPage';
import { LANDING_URL } from './fixtures/ShellPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

const orderAddress = (id: number) => `/order/order/detail?orderType=ALL&id=${id}&module=ORDER`;

async function anOrder(api: BuyerApi): Promise<ServerOrder> {
  const { items } = await api.orders();
  const order = items.find((candidate) => candidate.state > 0 && !candidate.order_base_state);
  if (!order) throw new Error('the demo data has an order in progress');
  return order;
}

/** A second user of the buyer's company, signed in in a browser context of its own. */
async function signInElsewhere(browser: Browser, baseURL: string, account: string) {
  // Without the worker's provider session (the test's contexts get it by default).
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto('/home');
  const login = new LoginPage(page);
  await login.expectShown();
  await login.signIn(account, DEMO_PASSWORD);
  await page.waitForURL(LANDING_URL);
  return { context, page, errors };
}

async function openChat(page: Page, orderId: number): Promise<ChatPage> {
  await page.goto(orderAddress(orderId));
  const chat = new ChatPage(page);
  await chat.open();
  return chat;
}

test('a message one user sends appears live in another user’s open chat', async ({
  shell,
  page,
  request,
  browser,
  baseURL,
}) => {
  // Two users sign in and sync.
  test.setTimeout(90_000);
  await shell.openSignedIn('/home');
  const api = await BuyerApi.of(page, request);
  const order = await anOrder(api);
  const other = await signInElsewhere(browser, baseURL ?? '', 'zhangwei');
  try {
    const theirs = await openChat(other.page, order.id);
    const mine = await openChat(page, order.id);
    await expect(mine.recipient).not.toBeEmpty();

    // The colleague's pulls are held: the message can reach their panel only by the live event.
    let heldPulls = 0;
    await other.context.route('**/sync-api/v1/changes**', (route) => {
      heldPulls += 1;
      return route.abort();
    });
    const text = `请问订单 ${order.name} 的货期？${Date.now()}`;
    await mine.write(text);
    await expect(mine.message(text)).toBeVisible();
    await expect(mine.input).toHaveValue('');
    await expect(mine.message(text)).toHaveAttribute('data-pending', 'false', { timeout: 20_000 });
    await expect(theirs.message(text)).toBeVisible({ timeout: 20_000 });
    await expect(theirs.message(text)).toContainText('李娜');
    expect(heldPulls).toBeGreaterThan(0);
    // Once the pull brings the row too, it is still shown once.
    await other.context.unroute('**/sync-api/v1/changes**');
    await other.page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(theirs.message(text)).toHaveCount(1);

    // And the other way round.
    const answer = `收到，我来跟进 ${Date.now()}`;
    await theirs.write(answer);
    await expect(mine.message(answer)).toBeVisible({ timeout: 20_000 });
    expect(other.errors.map((error) => error.message)).toEqual([]);
  } finally {
    await other.context.close();
  }
});

test('a message with an attachment written offline shows as 发送中 and lands once after reconnecting', async ({
  shell,
  page,
  context,
  request,
}) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const api = await BuyerApi.of(page, request);
  const order = await anOrder(api);
  const posted: Response[] = [];
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().method() === 'POST' && url.pathname === '/todos-api/v7/messages') {
      posted.push(response);
    }
  });
  const chat = await openChat(page, order.id);

  await context.setOffline(true);
  const text = `离线写的消息 ${Date.now()}\n第二行`;
  await chat.input.fill(text);
  await chat.choose([{ name: '现场照片.txt' }]);
  await expect(chat.attachments).toContainText('现场照片.txt');
  await chat.send.click();
  const sent = chat.message(`离线写的消息`).last();
  await expect(sent).toBeVisible();
  await expect(sent.getByTestId('chat-sending')).toHaveText('发送中');
  await expect(sent.getByTestId('chat-file')).toHaveText('现场照片.txt');
  await expect(chat.attachments).toHaveCount(0);
  const subject = (await sent.getByTestId('chat-message-text').innerText()).trim();
  expect(subject).toContain('第二行');
  expect((await serverMessages(api, 'ORDER', order.id)).map((m) => m.subject)).not.toContain(
    subject,
  );

  await context.setOffline(false);
  await expect(sent.getByTestId('chat-sending')).toHaveCount(0, { timeout: 30_000 });
  const landed = (await serverMessages(api, 'ORDER', order.id)).filter(
    (m) => m.subject === subject,
  );
  expect(landed).toHaveLength(1);
  expect(landed[0]?.todo_files.map((f) => f.attachment.name)).toEqual(['现场照片.txt']);
  const firstAnswers = posted.filter(
    (response) => response.ok() && response.headers()['idempotent-replayed'] !== 'true',
  );
  expect(firstAnswers).toHaveLength(1);
  // Still once after a reload (the pulled row replaced the optimistic one).
  await page.reload();
  const again = new ChatPage(page);
  await again.open();
  await expect(again.messages.filter({ hasText: subject.split('\n')[0] ?? subject })).toHaveCount(
    1,
  );
});

test('messages addressed to the user are set READ five seconds after the panel opens', async ({
  shell,
  page,
  request,
}) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const api = await BuyerApi.of(page, request);
  const contactId = await myContactId(api);
  const unread = (await myMessages(api)).find(
    (m) =>
      m.type === 'MESSAGE' &&
      m.state === 'UNREAD' &&
      m.module === 'ORDER' &&
      m.to_company_id === api.companyId &&
      m.to_contacts_id === contactId,
  );
  if (!unread) throw new Error('the demo data has an unread order message to the buyer');

  await page.goto(orderAddress(unread.module_id));
  const chat = new ChatPage(page);
  await chat.open();
  const openedAt = Date.now();
  const shown = chat.messages.and(page.locator(`[data-id="${unread.id}"]`));
  await expect(shown).toHaveAttribute('data-state', 'UNREAD');
  const serverState = async () =>
    (await serverMessages(api, 'ORDER', unread.module_id)).find((m) => m.id === unread.id)?.state;
  expect(await serverState()).toBe('UNREAD');

  await expect(shown).toHaveAttribute('data-state', 'READ', { timeout: 15_000 });
  expect(Date.now() - openedAt).toBeGreaterThanOrEqual(4_500);
  await expect.poll(serverState, { timeout: 15_000 }).toBe('READ');
});

test('the input: nothing to send, Enter and Ctrl+Enter, attachments refused and removed', async ({
  shell,
  page,
  request,
}) => {
  // A 20 MB file goes into the page.
  test.setTimeout(90_000);
  await shell.openSignedIn('/home');
  const api = await BuyerApi.of(page, request);
  const order = await anOrder(api);
  const chat = await openChat(page, order.id);
  // The drawer passes axe, its × named 关闭 (the theme names every drawer's and dialog's ×).
  await expectAccessible(page, '.mantine-Drawer-content');
  await expect(page.locator('.mantine-Drawer-close')).toHaveAccessibleName('关闭');

  // Nothing to send: the button is disabled and Enter says why.
  await expect(chat.send).toBeDisabled();
  await chat.input.press('Enter');
  await expect(chat.problem).toHaveText('消息为空或者上传文件为空时,不能发送消息！');
  await chat.input.fill('   ');
  await expect(chat.send).toBeDisabled();

  // Ctrl+Enter starts a new line; nothing is sent.
  const before = await chat.messages.count();
  await chat.input.fill('第一行');
  await chat.input.press('Control+Enter');
  await chat.input.pressSequentially('第二行');
  await expect(chat.input).toHaveValue('第一行\n第二行');
  await expect(chat.messages).toHaveCount(before);

  // Attachments: several at once, 20 MB refused, a repeat refused, at most five.
  await chat.choose([{ name: 'a.txt' }, { name: 'b.txt' }]);
  await expect(chat.attachments.getByText('a.txt')).toBeVisible();
  await chat.choose([{ name: 'big.txt', size: 20 * 1024 * 1024 }]);
  await expect(chat.problem).toHaveText('上传文件大小不能超过 20MB!');
  await chat.choose([{ name: 'a.txt' }]);
  await expect(chat.problem).toHaveText('该文件已经存在,第1个文件为该文件');
  await chat.choose(['c', 'd', 'e', 'f'].map((n) => ({ name: `${n}.txt` })));
  await expect(chat.problem).toHaveText('上传的文件数量限制为5');
  await expect(chat.attachments.locator('.mantine-Pill-root')).toHaveCount(5);
  await expect(chat.attach).toBeDisabled();

  // Removing one asks first; cancelling keeps it.
  const remove = chat.attachments.getByRole('button', { name: '删除附件 b.txt' });
  await remove.click();
  await expect(chat.confirm).toContainText('确定删除该附件吗？删除后将不可恢复');
  await chat.confirm.getByRole('button', { name: '取消' }).click();
  await expect(chat.attachments.getByText('b.txt')).toBeVisible();
  await remove.click();
  await chat.confirm.getByRole('button', { name: '确定' }).click();
  await expect(chat.attachments.getByText('b.txt')).toHaveCount(0);
  await expect(chat.attach).toBeEnabled();
});

test('the writer retracts a message offline: gone at once, deleted on the server once', async ({
  shell,
  page,
  context,
  request,
}) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const api = await BuyerApi.of(page, request);
  const order = await anOrder(api);
  const deleted: Response[] = [];
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (
      response.request().method() === 'DELETE' &&
      url.pathname.startsWith('/todos-api/v7/messages/')
    ) {
      deleted.push(response);
    }
  });
  const chat = await openChat(page, order.id);
  const text = `发错了，马上撤回 ${Date.now()}`;
  await chat.write(text);
  const sent = chat.message(text);
  await expect(sent).toHaveAttribute('data-pending', 'false', { timeout: 20_000 });
  // Settled before the pull brings the server's row: wait for the server's id, not the temporary one.
  await expect(sent).toHaveAttribute('data-id', /^[1-9]\d*$/, { timeout: 20_000 });
  const id = Number(await sent.getAttribute('data-id'));
  expect((await serverMessages(api, 'ORDER', order.id)).map((m) => m.id)).toContain(id);
  // Only the user's own messages offer 删除消息.
  const mine = await myContactId(api);
  const others = (await serverMessages(api, 'ORDER', order.id)).filter(
    (m) => m.from_contacts_id !== mine,
  );
  for (const other of others.slice(0, 3)) {
    await expect(
      chat.panel
        .locator(`[data-testid="chat-message"][data-id="${other.id}"]`)
        .getByTestId('chat-message-delete'),
    ).toHaveCount(0);
  }

  await context.setOffline(true);
  await sent.getByRole('button', { name: '删除消息' }).click();
  await expect(chat.confirm).toContainText('确定删除这条消息吗？');
  await expectAccessible(page, '.mantine-Modal-content');
  await chat.confirm.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功!')).toBeVisible();
  await expect(chat.message(text)).toHaveCount(0);
  expect((await serverMessages(api, 'ORDER', order.id)).map((m) => m.id)).toContain(id);

  await context.setOffline(false);
  await expect
    .poll(async () => (await serverMessages(api, 'ORDER', order.id)).map((m) => m.id), {
      timeout: 30_000,
    })
    .not.toContain(id);
  await expect(chat.message(text)).toHaveCount(0);
  const applied = deleted.filter(
    (response) => response.ok() && response.headers()['idempotent-replayed'] !== 'true',
  );
  expect(applied).toHaveLength(1);
});
