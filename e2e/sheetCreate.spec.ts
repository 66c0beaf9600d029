// The create form and a draft's editing (purchasing-core §2.3, §4.2, §5) as buyer:
// a message for every rule of the form, the brand and product choice rules, a sheet with two lines
// created offline that survives an offline reload and reaches the server exactly once, and a
// draft saved and sent.

import { BuyerApi } from './fixtures/BuyerApi';
import { SheetPage } from './fixtures/SheetPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

const CREATE = '/inquiry-quotation/detail';
/** A real 1×1 PNG: the server reads a file's type from its bytes. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_BYTES });

test('the create form starts with one line of quantity 1 and advance payment', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn(CREATE);
  const form = new SheetPage(page);
  await expect(page.getByRole('link', { name: '采购单' })).toBeVisible();
  await expect(page.getByText('新建', { exact: true })).toBeVisible();
  await expect(form.formLines).toHaveCount(1);
  await expect(form.line(0).quantity).toHaveValue('1');
  await expect(page.getByRole('combobox', { name: '付款方式' })).toHaveValue('100%预付款');
  await expect(page.getByText('合同签订后3天内预付100%货款')).toBeVisible();
});

test('every rule of the form shows its message', async ({ shell, page }) => {
  // Many steps, each waiting for the page: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  await shell.openSignedIn(CREATE);
  const form = new SheetPage(page);

  // Brand name required; at least one line names a model or an order number.
  await form.sendInquiry.click();
  await expect(page.getByText('品牌名不能为空')).toBeVisible();
  await expect(page.getByText('产品型号、订货号不能全部为空')).toBeVisible();

  // No Chinese in a model or order number; the search starts at two characters.
  const first = form.line(0);
  await first.model.fill('西门子');
  await expect(first.root.getByText('产品型号/订货号不能有中文字符!')).toBeVisible();
  await first.model.fill('A');
  await expect(first.root.getByText('产品最少输入两个字符')).toBeVisible();
  await first.model.fill('ACS580');

  // Quantity: a whole number from 1. Empty is refused; the input takes no sign or decimal point,
  // and 0 becomes 1 when the field is left.
  await first.quantity.fill('');
  await form.sendInquiry.click();
  await expect(first.root.getByText('数量必须为大于0的整数')).toBeVisible();
  await first.quantity.pressSequentially('-2.5');
  await expect(first.quantity).toHaveValue('25');
  await first.quantity.fill('');
  await first.quantity.pressSequentially('0');
  await first.quantity.blur();
  await expect(first.quantity).toHaveValue('1');
  await first.quantity.fill('3');

  // The last line stays.
  await first.remove.click();
  await expect(page.getByText('至少需要保留一个产品！')).toBeVisible();
  await expect(form.formLines).toHaveCount(1);

  // A line with content asks first (该操作不可恢复); a blank one just goes.
  await form.addLine();
  await form.line(1).model.fill('X1');
  await form.line(1).remove.click();
  await expect(form.dialog('删除产品')).toContainText('该操作不可恢复');
  await form.confirm('删除产品');
  await expect(form.formLines).toHaveCount(1);
  await form.addLine();
  await form.line(1).remove.click();
  await expect(form.formLines).toHaveCount(1);

  // Attachments: images or PDF, two per line, under 20 MB.
  await first.files.setInputFiles({
    name: 'a.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  });
  await expect(first.root.getByText('只能上传图片或PDF文件!')).toBeVisible();
  await first.files.setInputFiles({
    name: 'big.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.alloc(20 * 1024 * 1024, 1),
  });
  await expect(first.root.getByText('上传文件大小不能超过 20MB!')).toBeVisible();
  await first.files.setInputFiles([png('1.png'), png('2.png'), png('3.png')]);
  await expect(first.root.getByText('每个产品最多上传2个附件!')).toBeVisible();
  await expect(first.root.getByRole('button', { name: '1.png', exact: true })).toBeVisible();
  await expect(first.root.getByRole('button', { name: '2.png', exact: true })).toBeVisible();
  await expect(first.root.getByRole('button', { name: '3.png', exact: true })).toHaveCount(0);

  // Save as draft asks first with the spec's words; cancelling keeps the form.
  await form.brand.fill('E2E规则品牌');
  await form.saveDraft.click();
  await expect(form.dialog('保存草稿')).toContainText('点击确定, 采购单将保存不发送');
  await form.dialog('保存草稿').getByRole('button', { name: '取消' }).click();
  await expect(page).toHaveURL(/\/inquiry-quotation\/detail$/);
});

test('brand and product choice: wrong ones refused, replaced ones confirmed', async ({
  shell,
  page,
}) => {
  await shell.openSignedIn(CREATE);
  const form = new SheetPage(page);

  // A NONEXISTENT brand is listed by the search but refused when chosen.
  await form.chooseBrand('Siem', 'Siemems');
  await expect(page.getByText('该品牌是错误品牌，请重新选择品牌')).toBeVisible();
  await expect(form.brand).toHaveValue('');

  // A brand with a correct one is replaced after the user confirms.
  await form.chooseBrand('Rexroth', /^Rexroth 力士乐/);
  await expect(form.dialog('替换为正确的记录')).toContainText('Bosch Rexroth');
  await form.confirm('替换为正确的记录');
  await expect(form.brand).toHaveValue(/Bosch Rexroth/);

  // A name no listed brand has exactly is offered as a new brand.
  await form.brand.fill('E2E新品牌');
  await expect(page.getByRole('option', { name: /E2E新品牌/ })).toContainText('新品牌');
  await form.chooseBrand('Siemens', /^Siemens 西门子/);
  await expect(form.brand).toHaveValue('Siemens 西门子');

  // Products: a wrong order number is refused; one with a correct product is replaced.
  const line = form.line(0);
  await line.articleNo.fill('6ES7214-1AG40-0XB1');
  await page.getByRole('option', { name: /6ES7214-1AG40-0XB1/ }).click();
  await expect(line.root.getByText('该产品是错误产品，请重新选择产品')).toBeVisible();
  await expect(line.articleNo).toHaveValue('');
  await line.articleNo.fill('6ES7214-1AG31');
  await page.getByRole('option', { name: /6ES7214-1AG31-0XB0/ }).click();
  await expect(form.dialog('替换为正确的记录')).toContainText('6ES7214-1AG40-0XB0');
  await form.confirm('替换为正确的记录');
  await expect(line.articleNo).toHaveValue('6ES7214-1AG40-0XB0');
  await expect(line.model).toHaveValue('CPU 1214C DC/DC/DC');
  await expect(line.parameters).not.toHaveValue('');
});

test('a sheet with two lines made offline survives a reload and reaches the server once', async ({
  shell,
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000);
  await shell.openSignedIn(CREATE);
  await shell.installed();
  const api = await BuyerApi.of(page, request);
  const form = new SheetPage(page);
  const brand = `E2E离线品牌${Date.now() % 100000}`;

  await context.setOffline(true);
  await form.brand.fill(brand);
  await form.line(0).model.fill('OFF-LINE-1');
  await form.line(0).parameters.fill('离线第一行');
  await form.line(0).files.setInputFiles(png('offline.png'));
  await expect(
    form.line(0).root.getByRole('button', { name: 'offline.png', exact: true }),
  ).toBeVisible();
  await form.addLine();
  await form.line(1).articleNo.fill('OFF-LINE-2');
  await form.line(1).quantity.fill('4');
  await form.saveDraft.click();
  await form.confirm('保存草稿');

  // The page is the new sheet under its temporary id, marked as waiting to sync.
  await expect(page).toHaveURL(/[?&]id=-\d+/);
  await expect(form.pendingMark).toHaveText('待同步');
  await expect(form.state).toHaveText('草稿');
  await expect(form.fact('brand')).toHaveText(brand);
  await expect(form.formLines).toHaveCount(2);

  await page.reload();
  await expect(form.pendingMark).toHaveText('待同步', { timeout: 15_000 });
  await expect(form.line(0).model).toHaveValue('OFF-LINE-1');
  await expect(form.line(1).articleNo).toHaveValue('OFF-LINE-2');
  await expect(form.line(1).quantity).toHaveValue('4');
  // Offline, sending needs the network and says so.
  await expect(page.getByTestId('send-inquiry-reason')).toHaveText(
    '当前离线，该操作需要联网后再试',
  );

  await context.setOffline(false);
  // The create lands: the address switches to the server's id and the mark goes.
  await expect(page).toHaveURL(/[?&]id=\d+/, { timeout: 30_000 });
  await expect(form.pendingMark).toHaveCount(0, { timeout: 30_000 });
  // Nothing is left to send: the count below is final.
  await shell.synced();
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const { items: onServer } = await api.sheets({
    sheetType: 'ALL',
    filters: JSON.stringify({ brand_name: brand }),
  });
  expect(onServer).toHaveLength(1);
  const [sheet] = onServer;
  expect(sheet?.id).toBe(id);
  expect(sheet?.state).toBe('DRAFT');
  expect(
    sheet?.inquiry_product_list.map((l) => [l.product_type, l.product_article_no, l.qty]),
  ).toEqual([
    ['OFF-LINE-1', null, 1],
    [null, 'OFF-LINE-2', 4],
  ]);
  expect(sheet?.inquiry_product_list[0]?.attachments).toHaveLength(1);
  await expect(form.number).toHaveText(sheet?.name ?? '');
});

test('offline, brands and products seen before are suggested from the device', async ({
  shell,
  page,
  context,
  request,
}) => {
  await shell.openSignedIn(CREATE);
  await shell.installed();
  const { items: sheets } = await (await BuyerApi.of(page, request)).sheets({ sheetType: 'ALL' });
  const seen = sheets.find(
    (s) => s.brand?.name === 'Siemens 西门子' && s.inquiry_product_list.some((l) => l.product_type),
  );
  const model = seen?.inquiry_product_list.find((l) => l.product_type)?.product_type;
  if (!seen || !model) throw new Error('the demo data has a Siemens sheet with a model');
  const form = new SheetPage(page);
  // Once that sheet is on the device, so are its brand and products.
  await page.goto(`/inquiry-quotation/detail?id=${seen.id}`);
  await expect(form.number).toHaveText(seen.name, { timeout: 20_000 });

  await context.setOffline(true);
  await page.goto(CREATE);
  await form.brand.fill('Siem');
  await expect(page.getByText('离线：仅显示本机记录')).toBeVisible();
  await page.getByRole('option', { name: /^Siemens 西门子/ }).click();
  await expect(form.brand).toHaveValue('Siemens 西门子');
  await form.line(0).model.fill(model.slice(0, 4));
  await page
    .getByRole('option', { name: new RegExp(`^${model.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
    .first()
    .click();
  await expect(form.line(0).model).toHaveValue(model);
});

test('a draft is edited, saved and sent', async ({ shell, page, request }) => {
  await shell.openSignedIn(CREATE);
  const api = await BuyerApi.of(page, request);
  const draft = await api.createDraft('E2E草稿品牌', ['DRAFT-1']);
  const form = new SheetPage(page);
  await page.goto(`/inquiry-quotation/detail?id=${draft.id}`);
  await expect(form.number).toHaveText(draft.name, { timeout: 20_000 });
  await expect(form.line(0).model).toHaveValue('DRAFT-1');

  await form.line(0).quantity.fill('7');
  // Unsaved edits: sending waits for the save.
  await expect(form.sendInquiry).toBeDisabled();
  await expect(page.getByTestId('send-inquiry-reason')).toHaveText(
    '请先保存草稿，待同步完成后再发送询价',
  );
  await form.saveDraft.click();
  await form.confirm('保存草稿');
  await expect(form.pendingMark).toHaveCount(0, { timeout: 20_000 });
  await expect(form.sendInquiry).toBeEnabled();
  const saved = (await api.sheets({ sheetType: 'INQUIRY' })).items.find((s) => s.id === draft.id);
  expect(saved?.inquiry_product_list[0]?.qty).toBe(7);

  await form.sendInquiry.click();
  await expect(form.state).toHaveText('已询价');
  await expect(form.lines).toHaveCount(1);
  const sent = (await api.sheets({ sheetType: 'INQUIRY' })).items.find((s) => s.id === draft.id);
  expect(sent?.state).toBe('INQUIRY_SENT');
});
