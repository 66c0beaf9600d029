// The sheet detail and create form on a 375 px phone: the page never scrolls
// sideways (only the wide product table does, inside its own box), the facts stack, and the
// buttons are usable by touch.
import { BuyerApi } from './fixtures/BuyerApi';
import { expectTouchable, pageOverflow } from './fixtures/phone';
import { SheetPage } from './fixtures/SheetPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', viewport: { width: 375, height: 740 } });

test('a quoted sheet at 375 px: stacked facts, the product table scrolls in its box', async ({
  shell,
  page,
  request,
}) => {
  await shell.openSignedIn('/inquiry-quotation/detail');
  const { items: sheets } = await (await BuyerApi.of(page, request)).sheets({ sheetType: 'ALL' });
  const index = sheets.findIndex((s) => s.state === 'QUOTATION_SENT');
  const quoted = sheets[index];
  const after = sheets[index + 1];
  if (!quoted || !after) throw new Error('the demo data has a quotation sent');
  const detail = new SheetPage(page);
  await page.goto(`/inquiry-quotation/detail?id=${quoted.id}&index=${index}&pageNumber=1`);
  await expect(detail.number).toHaveText(quoted.name, { timeout: 20_000 });
  await expect(detail.lines.first()).toBeAttached();

  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  const table = page.getByTestId('sheet-lines');
  const tableBox = await table.boundingBox();
  expect(tableBox?.width ?? 0).toBeGreaterThan(375);
  // Facts stack: the brand sits above the supplier, not beside it.
  const brand = await detail.fact('brand').boundingBox();
  const supplier = await detail.fact('supplier').boundingBox();
  expect(supplier?.y ?? 0).toBeGreaterThan((brand?.y ?? 0) + (brand?.height ?? 0) - 1);
  await expectTouchable(page, [
    detail.placeOrder,
    detail.cancelSheet,
    detail.changeOwner,
    detail.previous,
    detail.next,
  ]);

  await detail.next.tap();
  await detail.expectRowOpened(after);
});

test('the create form at 375 px fits the screen and saves a draft', async ({ shell, page }) => {
  await shell.openSignedIn('/inquiry-quotation/detail');
  const form = new SheetPage(page);
  await expect(form.formLines).toHaveCount(1);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await expectTouchable(page, [
    page.getByRole('button', { name: '添加产品' }),
    form.saveDraft,
    form.sendInquiry,
  ]);

  await form.brand.fill('E2E手机品牌');
  await form.line(0).model.fill('PHONE-1');
  await form.line(0).quantity.fill('2');
  await form.saveDraft.tap();
  await form.confirm('保存草稿');
  await expect(form.state).toHaveText('草稿');
  await expect(form.fact('brand')).toHaveText('E2E手机品牌');
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  // Online, the create reaches the server and the address takes the server's id.
  await expect(page).toHaveURL(/[?&]id=\d+/, { timeout: 20_000 });
});
