// The to-do page as the demo buyer, who works for two companies: the seeded
// to-dos of both, mine or the whole company; keyboard stepping; marking processed offline that
// lands once; favourites; the take-over and the company-switch confirmations.
import type { APIRequestContext, Page, Response } from '@playwright/test';
import type { ShellPage } from './fixtures/ShellPage';
import { type ServerTodo, TodoApi, TodoPage } from './fixtures/TodoPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

const OPEN = ['UNREAD', 'READ'];

async function ready(shell: ShellPage) {
  await shell.open('/home');
  await shell.ready();
  await expect(shell.syncStatus).toHaveAttribute('data-tone', 'synced', { timeout: 20_000 });
}

function pick(items: ServerTodo[], wanted: (item: ServerTodo) => boolean, what: string) {
  const found = items.find(wanted);
  if (!found) throw new Error(`the demo data has ${what}`);
  return found;
}

interface Fixtures {
  shell: ShellPage;
  page: Page;
  request: APIRequestContext;
}

/**
 * The to-do page in `scope` (MINE: 我的, COMPANY: 全公司), with the first to-do of the server's inbox
 * in that scope that `wanted` selected.
 */
async function selectTodo(
  { shell, page, request }: Fixtures,
  scope: 'MINE' | 'COMPANY',
  wanted: (item: ServerTodo, api: TodoApi) => boolean,
  what: string,
) {
  await ready(shell);
  const api = await TodoApi.of(page, request);
  const target = pick((await api.todos(scope)).items, (item) => wanted(item, api), what);
  const todos = new TodoPage(page);
  await todos.open();
  if (scope === 'COMPANY') await todos.scope('全公司');
  await todos.select(target.id);
  return { api, target, todos };
}

/** An open to-do addressed to the buyer in the first company. */
const ownOpen = (item: ServerTodo, api: TodoApi) =>
  OPEN.includes(item.state) &&
  item.to_company_id === api.first.id &&
  item.to_contacts_id === api.first.contact_id;

test('lists the seeded to-dos of both companies, mine or the whole company, and steps by keyboard', async ({
  shell,
  page,
  request,
}) => {
  await ready(shell);
  const api = await TodoApi.of(page, request);
  const mine = await api.todos('MINE');
  const company = await api.todos('COMPANY');
  expect(company.total).toBeGreaterThan(mine.total);
  const todos = new TodoPage(page);
  await todos.open();

  await expect(todos.tab('待办')).toHaveAttribute('aria-selected', 'true');
  const shown = Math.min(mine.total, 200);
  await expect(todos.rows).toHaveCount(shown);
  await expect(todos.count).toContainText(`共 ${mine.total} 条`);
  // Newest first, as the server lists them, both companies merged.
  const firstIds = await todos.rows.evaluateAll((rows) =>
    rows.slice(0, 10).map((row) => Number(row.getAttribute('data-todo-id'))),
  );
  expect(firstIds).toEqual(mine.items.slice(0, 10).map((item) => item.id));
  expect(new Set(mine.items.map((item) => item.to_company_id)).size).toBeGreaterThan(1);
  // Customer service signs as 客服; open to-dos of the current company are red.
  await expect(todos.list.getByText('客服', { exact: true }).first()).toBeVisible();
  const red = pick(
    mine.items,
    (item) => OPEN.includes(item.state) && item.to_company_id === api.first.id,
    'an open to-do of the first company',
  );
  await expect(todos.row(red.id).locator('[data-highlighted="true"]')).toHaveCount(1);
  const other = pick(
    mine.items,
    (item) => OPEN.includes(item.state) && item.to_company_id === api.second.id,
    'an open to-do of the second company',
  );
  await expect(todos.row(other.id).locator('[data-highlighted="false"]')).toHaveCount(1);

  await todos.scope('全公司');
  await expect(todos.count).toContainText(`共 ${company.total} 条`);
  await todos.scope('我的');
  await expect(todos.count).toContainText(`共 ${mine.total} 条`);

  // Keyboard: the list moves its selection, the stepper follows, Enter opens the record.
  await todos.list.focus();
  await expect(todos.stepper).toContainText(`第 1 / ${shown} 条`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(todos.stepper).toContainText(`第 3 / ${shown} 条`);
  await expect(todos.rows.nth(2)).toHaveAttribute('aria-selected', 'true');
  await todos.previous.click();
  await expect(todos.rows.nth(1)).toHaveAttribute('aria-selected', 'true');
  const home = pick(
    mine.items,
    (item) => item.module !== null && item.to_company_id === api.first.id,
    'a to-do of the first company on a record',
  );
  await todos.select(home.id);
  await todos.list.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/(order\/order|inquiry-quotation)\/detail\?/);
});

test('marking processed offline shows at once and reaches the server once after reconnecting', async ({
  shell,
  page,
  context,
  request,
}) => {
  const { api, target, todos } = await selectTodo(
    { shell, page, request },
    'MINE',
    ownOpen,
    "an open to-do of the buyer's own",
  );
  const sent: Response[] = [];
  context.on('response', (response) => {
    if (
      response.request().method() === 'PUT' &&
      new URL(response.url()).pathname === `/todos-api/v7/todos/${target.id}`
    ) {
      sent.push(response);
    }
  });

  await context.setOffline(true);
  await todos.markProcessed.click();
  await expect(page.getByText('已标记为已处理')).toBeVisible();
  await expect(todos.pendingMark(target.id)).toHaveText('待同步');
  await expect(todos.row(target.id)).toContainText('已处理');
  await expect(todos.row(target.id).locator('[data-highlighted="false"]')).toHaveCount(1);
  await expect(todos.markProcessed).toBeDisabled();
  expect((await api.todo(target.id))?.state).toBe(target.state);

  await context.setOffline(false);
  await expect(todos.pendingMark(target.id)).toHaveCount(0, { timeout: 30_000 });
  expect((await api.todo(target.id))?.state).toBe('PROCESSED');
  const applied = sent.filter(
    (response) => response.ok() && response.headers()['idempotent-replayed'] !== 'true',
  );
  expect(applied).toHaveLength(1);
});

test('a favourite moves to the favourites tab', async ({ shell, page, request }) => {
  const { api, target, todos } = await selectTodo(
    { shell, page, request },
    'MINE',
    ownOpen,
    "an open to-do of the buyer's own",
  );
  await todos.favourite.click();
  await expect(todos.row(target.id)).toContainText('已收藏');
  await expect(todos.favourite).toBeDisabled();

  await todos.tab('收藏').click();
  // Latest favourited first.
  await expect(todos.rows.first()).toHaveAttribute('data-todo-id', String(target.id));
  await expect(todos.pendingMark(target.id)).toHaveCount(0, { timeout: 30_000 });
  expect((await api.todo(target.id))?.state).toBe('DELAYED');
  // The shell's panel lists it among the favourites too.
  const panel = await shell.openTodoPanel();
  await panel.getByRole('tab', { name: '收藏' }).click();
  await expect(panel.getByTestId('todo-panel-item').first()).toContainText(target.subject);
});

test("changing a colleague's to-do asks to take it over, then makes the buyer its assignee", async ({
  shell,
  page,
  request,
}) => {
  const { api, target, todos } = await selectTodo(
    { shell, page, request },
    'COMPANY',
    (item, api) =>
      OPEN.includes(item.state) &&
      item.to_company_id === api.first.id &&
      item.to_contacts_id !== null &&
      item.to_contacts_id !== api.first.contact_id,
    "an open to-do of a colleague's",
  );
  const question = `该待办负责人是${target.to_contacts_name}，操作后负责人将变更为你，确定操作吗？`;

  await todos.markProcessed.click();
  await expect(todos.dialog).toContainText(question);
  await todos.dialog.getByRole('button', { name: '取消' }).click();
  await expect(todos.dialog).toBeHidden();
  await expect(todos.pendingMark(target.id)).toHaveCount(0);
  expect((await api.todo(target.id))?.state).toBe(target.state);

  await todos.markProcessed.click();
  await expect(todos.dialog).toContainText(question);
  await todos.dialog.getByRole('button', { name: '确定' }).click();
  await expect(todos.row(target.id)).toContainText('已处理');
  await expect
    .poll(async () => (await api.todo(target.id))?.state, { timeout: 30_000 })
    .toBe('PROCESSED');
  expect((await api.todo(target.id))?.to_contacts_id).toBe(api.first.contact_id);
});

const SWITCH_QUESTION = '当前公司不是待办消息的接收公司，是否切换为待办消息接收公司';

test('favouriting a to-do of the other company asks to switch company first', async ({
  shell,
  page,
  request,
}) => {
  const { api, target, todos } = await selectTodo(
    { shell, page, request },
    'MINE',
    (item, api) => OPEN.includes(item.state) && item.to_company_id === api.second.id,
    'an open to-do of the second company',
  );

  // Declined: nothing changes.
  await todos.favourite.click();
  await expect(todos.dialog).toContainText(SWITCH_QUESTION);
  await todos.dialog.getByRole('button', { name: '取消' }).click();
  await expect(shell.companySwitcher).toHaveAttribute(
    'aria-label',
    `切换公司，当前：${api.first.name}`,
  );
  await expect(todos.pendingMark(target.id)).toHaveCount(0);

  // Accepted: the favourite is made as the receiving company, which becomes the current one.
  await todos.favourite.click();
  await expect(todos.dialog).toContainText(SWITCH_QUESTION);
  await todos.dialog.getByRole('button', { name: '确定' }).click();
  await expect(shell.companySwitcher).toHaveAttribute(
    'aria-label',
    `切换公司，当前：${api.second.name}`,
  );
  await expect(todos.row(target.id)).toContainText('已收藏');
  await expect
    .poll(async () => (await api.todo(target.id))?.state, { timeout: 20_000 })
    .toBe('DELAYED');
});

test("opening a record of the other company's to-do switches company after asking", async ({
  shell,
  page,
  request,
}) => {
  const { api, todos } = await selectTodo(
    { shell, page, request },
    'MINE',
    (item, api) => item.to_company_id === api.second.id && item.module !== null,
    'a to-do of the second company on a record',
  );
  await todos.openDetail.click();
  await expect(todos.dialog).toContainText(SWITCH_QUESTION);
  await todos.dialog.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/(order\/order|inquiry-quotation)\/detail\?/);
  await expect(shell.companySwitcher).toHaveAttribute(
    'aria-label',
    `切换公司，当前：${api.second.name}`,
  );
});
