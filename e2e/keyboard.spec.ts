// The keyboard pass of issue 22 item 6. Each dialog of the order detail (变更负责人, 申请取消订单,
// the chat panel) and of the sheet detail (变更负责人, 取消采购单, the chat panel) opens from its
// button with Enter, takes the focus, keeps it inside while Tab and Shift+Tab go round (the trap),
// shows where the focus is (a visible outline), closes with Escape without changing anything, and
// hands the focus back to the button that opened it; so do 写邮件, 重置密码, 修改头像, 下单采购 and
// the 工作台's overdue orders, 采购合同 reached through 报表导出's menu, and the prompt of 退出登录
// with a change waiting, reached through the user menu. A list's export goes by
// keyboard from menu to file, a list row and a 工作台 tile open with Enter; the contract's PDF
// preview draws the focus around its frame, and Tab leads out of the frame again.
import type { Page } from '@playwright/test';
import { SESSION_MESSAGES } from '../src/domain/messages/session';
import { BuyerApi } from './fixtures/BuyerApi';
import { DocumentsPage } from './fixtures/DocumentsPage';
import { dialogByKeyboard, focusIn, menuItemByKeyboard } from './fixtures/keyboard';
import { openOrderForOwnerChange } from './fixtures/ownerChange';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

/** A button and the dialog of the same name it opens, by keyboard (dialogByKeyboard). */
async function namedDialog(page: Page, name: string) {
  const button = page.getByRole('button', { name });
  await expect(button).toBeEnabled({ timeout: 20_000 });
  const dialog = page.getByRole('dialog', { name });
  await dialogByKeyboard(page, button, dialog);
  return { button, dialog };
}

/** A detail's three dialogs by keyboard: 变更负责人, its cancel dialog, the chat panel. */
async function detailDialogs(page: Page, cancel: { button: string; dialog: string }) {
  const owner = page.getByRole('button', { name: '变更负责人' });
  await expect(owner).toBeEnabled({ timeout: 20_000 });
  await dialogByKeyboard(page, owner, page.getByRole('dialog', { name: '变更负责人' }));
  const cancelButton = page.getByRole('button', { name: cancel.button });
  await dialogByKeyboard(page, cancelButton, page.getByRole('dialog', { name: cancel.dialog }));
  const chat = page.getByTestId('chat-button');
  await dialogByKeyboard(
    page,
    chat,
    page.getByRole('dialog').filter({ has: page.getByTestId('chat-panel') }),
  );
}

test('the order detail’s dialogs: opened by Enter, focus trapped and drawn, Escape returns it', async ({
  shell,
  page,
  request,
}) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const api = await BuyerApi.of(page, request);
  const { items } = await api.orders();
  const order = items.find((o) => o.state > 0 && o.state < 90 && !o.order_base_state);
  if (!order) throw new Error('the demo data has an order in progress');
  await page.goto(`/order/order/detail?orderType=ALL&id=${order.id}&module=ORDER`);

  await detailDialogs(page, { button: '申请取消', dialog: '申请取消订单' });

  // Nothing was changed on the way: the order is as the server had it.
  const [after] = (await api.orders()).items.filter((o) => o.id === order.id);
  expect(after?.state).toBe(order.state);
});

test('the list export by keyboard: menu by Enter and arrows, the dialog holds the focus, 下载 by Enter', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn('/order/order/list?orderType=ALL');
  await shell.synced();
  const menu = page.getByTestId('list-export');
  await menu.focus();
  await page.keyboard.press('Enter');
  const excel = page.getByRole('menuitem', { name: '导出 Excel（.xlsx）' });
  await expect(excel).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(excel).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^导出 / });
  const download = page.getByRole('button', { name: '下载' });
  await expect(download).toBeFocused({ timeout: 30_000 });
  for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(await focusIn(page, dialog), `after ${key}`).toEqual({ inside: true, drawn: true });
  }
  await download.focus();
  const [saved] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(saved.suggestedFilename()).toMatch(/\.xlsx$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(menu).toBeFocused();
});

test('a list row takes the focus and Enter opens it; Enter on its copy button only copies', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn('/order/order/list?orderType=ALL');
  await shell.synced();
  const row = page.getByTestId('list-row').first();
  await expect(row).toBeVisible();
  const number = (await row.locator('td').nth(1).innerText()).trim();
  const copy = row.getByRole('button', { name: /复制/ });
  await copy.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order\/order\/list/);
  // Shift+Tab from the copy button reaches the row itself, its focus drawn.
  await page.keyboard.press('Shift+Tab');
  await expect(row).toBeFocused();
  expect((await focusIn(page, page.getByRole('table'))).drawn).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order\/order\/detail\?id=\d+/);
  await expect(page.getByText(number).first()).toBeVisible();
});

test('the sheet detail’s dialogs: opened by Enter, focus trapped and drawn, Escape returns it', async ({
  shell,
  page,
  request,
}) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const api = await BuyerApi.of(page, request);
  const { items } = await api.sheets({ sheetType: 'INQUIRY' });
  const sheet = items.find((s) => s.state === 'INQUIRY_SENT');
  if (!sheet) throw new Error('the demo data has an inquiry sent');
  await page.goto(`/inquiry-quotation/detail?id=${sheet.id}`);

  await detailDialogs(page, { button: '取消采购单', dialog: '取消采购单' });

  // Nothing was changed on the way.
  const after = (await api.sheets({ sheetType: 'ALL' })).items.find((s) => s.id === sheet.id);
  expect(after?.state).toBe('INQUIRY_SENT');
});

test('写邮件 on the to-do page: opened by Enter, focus trapped and drawn, Escape returns it', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn('/message/waiting/list');
  await namedDialog(page, '写邮件');
});

test('重置密码 in the personal centre: opened by Enter, focus trapped and drawn, Escape returns it', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn('/user/user-center');
  const { button: reset, dialog } = await namedDialog(page, '重置密码');
  // Its password fields' eye buttons are named in Chinese (Mantine's own name is English).
  await reset.press('Enter');
  await expect(dialog.getByRole('button', { name: '显示或隐藏密码' })).toHaveCount(2);
  await page.keyboard.press('Escape');
});

test('修改头像 in the personal centre: opened by Enter, focus trapped and drawn, Escape returns it', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn('/user/user-center');
  await namedDialog(page, '修改头像');
});

test('下单采购 on a quoted sheet: opened by Enter, focus trapped and drawn, Escape orders nothing', async ({
  shell,
  page,
  request,
}) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const api = await BuyerApi.of(page, request);
  const { items } = await api.sheets({ sheetType: 'REPLIED' });
  for (const sheet of items) {
    await page.goto(`/inquiry-quotation/detail?id=${sheet.id}`);
    await expect(page.getByTestId('sheet-number')).toBeVisible({ timeout: 20_000 });
    const place = page.getByRole('button', { name: '下单采购' });
    if (!(await place.isVisible()) || !(await place.isEnabled())) continue;
    await dialogByKeyboard(page, place, page.getByRole('dialog', { name: '下单采购' }));
    const after = (await api.sheets({ sheetType: 'ALL' })).items.find((s) => s.id === sheet.id);
    expect(after?.state).toBe(sheet.state);
    return;
  }
  throw new Error('the demo data has a quoted sheet that can be ordered');
});

test('the 工作台 by keyboard: a tile’s focus is drawn and Enter opens its list; the overdue orders’ dialog', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn('/dashboard');
  await shell.synced();
  const tile = page
    .getByRole('region', { name: '订单', exact: true })
    .getByRole('link', { name: /^全部订单 \d+$/ });
  await tile.focus();
  expect(await focusIn(page, page.getByTestId('dashboard'))).toEqual({ inside: true, drawn: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/order\/order\/list\?orderType=ALL$/);
  await page.goBack();
  const overdue = page.getByRole('button', { name: '查看逾期订单' });
  await dialogByKeyboard(page, overdue, page.getByRole('dialog', { name: '逾期未到货订单' }));
});

test('采购合同 from 报表导出: menu and dialog by keyboard, focus trapped and drawn, Escape exports nothing; the PDF frame’s focus is drawn', async ({
  shell,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // 苏州恒远 has the shipping address and invoice info, so the form is open (documents.spec.ts).
  const hengyuan = '苏州恒远自动化设备有限公司';
  await shell.openSignedIn('/home');
  await shell.switchCompany(hengyuan);
  await shell.synced();
  const api = await BuyerApi.of(page, request, hengyuan);
  const order = (await api.orders()).items[0];
  if (!order) throw new Error('苏州恒远 has an order in the demo data');
  await page.goto(`/order/order/detail?orderType=ALL&id=${order.id}&module=ORDER`);
  const documents = new DocumentsPage(page);
  await expect(documents.exportButton).toBeEnabled({ timeout: 20_000 });
  const saved: string[] = [];
  page.on('download', (download) => saved.push(download.suggestedFilename()));
  const contract = page.getByRole('menuitem', { name: /^采购合同/ });

  await dialogByKeyboard(page, documents.exportButton, documents.contract, () =>
    menuItemByKeyboard(page, contract),
  );
  // Nothing was made: no file saved, no preview opened.
  expect(saved).toEqual([]);
  await expect(documents.dialog).toHaveCount(0);

  // 预览 by keyboard: the PDF's frame takes the focus, and the box around it shows it.
  await documents.exportButton.focus();
  await menuItemByKeyboard(page, contract);
  await expect(documents.contract).toBeVisible();
  await documents.contractPreview.focus();
  await page.keyboard.press('Enter');
  await expect(documents.preview).toHaveJSProperty('tagName', 'IFRAME', { timeout: 30_000 });
  const frameFocused = () =>
    documents.preview.evaluate((frame) => frame === document.activeElement);
  for (let step = 0; step < 10 && !(await frameFocused()); step += 1) {
    await page.keyboard.press('Tab');
  }
  expect(await frameFocused()).toBe(true);
  expect(await focusIn(page, documents.dialog)).toEqual({ inside: true, drawn: true });
  // Keys inside the frame go to the PDF viewer (its toolbar takes a dozen Tabs, and Escape there
  // does not reach the dialog); Tab still leads out of it to 下载, and from there Escape closes
  // the preview and the focus is back on 报表导出 (not on the closed contract dialog's 预览).
  for (let step = 0; step < 40 && (await frameFocused()); step += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(documents.downloadButton).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(documents.dialog).toBeHidden();
  await expect(documents.exportButton).toBeFocused();
  expect(saved).toEqual([]);
});

test('退出登录 with a change waiting: the prompt holds the focus, Escape keeps the session and returns to the user menu', async ({
  shell,
  page,
  context,
  request,
}) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const { detail, newOwner } = await openOrderForOwnerChange(page, context, request);
  await context.setOffline(true);
  try {
    await detail.chooseOwner(newOwner.name.slice(0, 1), newOwner.name);
    await expect(detail.owner).toHaveText(newOwner.name);
    const prompt = page.getByRole('dialog', { name: SESSION_MESSAGES.SIGN_OUT_PENDING_TITLE });
    await dialogByKeyboard(page, shell.userMenu, prompt, async () => {
      await menuItemByKeyboard(page, page.getByRole('menuitem', { name: '退出登录' }));
    });
    // Still signed in, the change still waiting.
    await expect(shell.syncStatus).toBeVisible();
    await expect(detail.owner).toHaveText(newOwner.name);
  } finally {
    await context.setOffline(false);
  }
  await shell.synced();
});
