// Mails on the to-do page as the demo buyer (settings-messaging-shared §4 mail states, §7 "Mails"):
// a mail written offline shows at once, marked 待同步, and reaches the server once after
// reconnecting; a draft is edited and sent, filed under another state from the 邮件状态 menu, and
// a draft deleted after a confirmation; axe on the compose dialog and the confirmation.
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { appSession, bearer } from './fixtures/appSession';
import { expectAccessible } from './fixtures/axe';
import type { ShellPage } from './fixtures/ShellPage';
import { TodoPage } from './fixtures/TodoPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

interface ServerMail {
  id: number;
  subject: string;
  mail_state: string;
  to_contacts_id: number | null;
}

/** The mails of the user's first company on the server (GET /mails, the last 7 days). */
async function serverMails(page: Page, request: APIRequestContext): Promise<ServerMail[]> {
  const { token, companies } = await appSession(page, request);
  const answer = await request.get(
    `/todos-api/v7/mails?currentCompanyId=${companies[0]?.id}&numberOfDays=7&size=200`,
    { headers: bearer(token) },
  );
  if (!answer.ok()) throw new Error(`mails: ${answer.status()}`);
  return ((await answer.json()) as { data: { items: ServerMail[] } }).data.items;
}

async function openInbox(shell: ShellPage, page: Page) {
  await shell.open('/home');
  await shell.ready();
  await expect(shell.syncStatus).toHaveAttribute('data-tone', 'synced', { timeout: 20_000 });
  const todos = new TodoPage(page);
  await todos.open();
  await expect(todos.count).toBeVisible({ timeout: 20_000 });
  return todos;
}

const compose = (page: Page) => page.getByRole('dialog', { name: /写邮件|编辑邮件/ });

async function write(page: Page, subject: string, action: '保存草稿' | '发送') {
  await page.getByRole('button', { name: '写邮件' }).click();
  const dialog = compose(page);
  await dialog.getByRole('textbox', { name: '邮件内容' }).fill(subject);
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden();
}

test('a mail written offline shows at once and reaches the server once after reconnecting', async ({
  shell,
  page,
  context,
  request,
}) => {
  const todos = await openInbox(shell, page);
  const posted: Response[] = [];
  context.on('response', (response) => {
    const url = new URL(response.url());
    if (response.request().method() === 'POST' && url.pathname === '/todos-api/v7/mails') {
      posted.push(response);
    }
  });
  const subject = `离线写的邮件 ${Date.now()}`;

  await context.setOffline(true);
  await page.getByRole('button', { name: '写邮件' }).click();
  const dialog = compose(page);
  await expect(dialog.getByRole('textbox', { name: '邮件内容' })).toBeFocused();
  // Nothing to send: the field says why, nothing is queued.
  await dialog.getByRole('button', { name: '发送' }).click();
  await expect(dialog).toContainText('请输入邮件内容');
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('textbox', { name: '邮件内容' }).fill(subject);
  await dialog.getByRole('button', { name: '发送' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('邮件已提交发送')).toBeVisible();
  const row = todos.rows.filter({ hasText: subject });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('邮件 · 待发送');
  await expect(row.getByTestId('pending-mark')).toHaveText('待同步');
  expect((await serverMails(page, request)).map((m) => m.subject)).not.toContain(subject);

  await context.setOffline(false);
  await expect(row.getByTestId('pending-mark')).toHaveCount(0, { timeout: 30_000 });
  await expect(row).toHaveCount(1);
  const landed = (await serverMails(page, request)).filter((m) => m.subject === subject);
  expect(landed).toHaveLength(1);
  expect(landed[0]?.mail_state).toBe('send');
  const firstAnswers = posted.filter(
    (response) => response.ok() && response.headers()['idempotent-replayed'] !== 'true',
  );
  expect(firstAnswers).toHaveLength(1);
});

test('a draft is edited and sent, filed from the 邮件状态 menu, and a draft deleted', async ({
  shell,
  page,
  request,
}) => {
  // Three rounds through the outbox and the feed.
  test.setTimeout(90_000);
  const todos = await openInbox(shell, page);
  const stamp = Date.now();
  const subject = `周五对账草稿 ${stamp}`;
  await write(page, subject, '保存草稿');
  const row = todos.rows.filter({ hasText: subject });
  await expect(row).toContainText('邮件 · 草稿');
  await expect(row.getByTestId('pending-mark')).toHaveCount(0, { timeout: 30_000 });

  // Edit the draft and send it with the edit.
  await row.click();
  await todos.stepper.getByRole('button', { name: '编辑' }).click();
  const dialog = compose(page);
  await expect(dialog.getByRole('textbox', { name: '邮件内容' })).toHaveValue(subject);
  const edited = `周五对账 ${stamp}`;
  await dialog.getByRole('textbox', { name: '邮件内容' }).fill(edited);
  await dialog.getByRole('button', { name: '发送' }).click();
  await expect(dialog).toBeHidden();
  const sent = todos.rows.filter({ hasText: edited });
  await expect(sent).toContainText('邮件 · 待发送');
  await expect(sent.getByTestId('pending-mark')).toHaveCount(0, { timeout: 30_000 });
  await expect
    .poll(
      async () => (await serverMails(page, request)).find((m) => m.subject === edited)?.mail_state,
    )
    .toBe('send');
  // A sent mail is no draft: no edit, no delete.
  await expect(todos.stepper.getByRole('button', { name: '编辑' })).toHaveCount(0);

  // File it under another state.
  await todos.stepper.getByRole('button', { name: '邮件状态' }).click();
  await page.getByRole('menuitem', { name: '垃圾邮件' }).click();
  await expect(page.getByText('邮件状态已更新')).toBeVisible();
  await expect(sent).toContainText('邮件 · 垃圾邮件');
  await expect
    .poll(
      async () => (await serverMails(page, request)).find((m) => m.subject === edited)?.mail_state,
    )
    .toBe('junk');

  // A draft deleted after the confirmation leaves the list and the server.
  const doomed = `要删除的草稿 ${stamp}`;
  await write(page, doomed, '保存草稿');
  const draft = todos.rows.filter({ hasText: doomed });
  await expect(draft.getByTestId('pending-mark')).toHaveCount(0, { timeout: 30_000 });
  await draft.click();
  await todos.stepper.getByRole('button', { name: '删除' }).click();
  await expect(todos.dialog).toContainText('确定删除该邮件草稿吗？');
  await expectAccessible(page, '[role="dialog"]');
  await todos.dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('删除成功!')).toBeVisible();
  await expect(draft).toHaveCount(0);
  await expect
    .poll(async () => (await serverMails(page, request)).map((m) => m.subject))
    .not.toContain(doomed);
});
