// Facts the spec audit found shown but never asserted (audit P36, P61): a purchase sheet's VIP
// balance, VIP total and remark (purchasing-core §2.3, a VIP buyer), and the order list's brand
// grade tag beside the brand (§2.5 columns). Each is compared with what the server holds.
import { BRAND_GRADES } from '../src/domain/catalog/brandLabels';
import { formatMoney } from '../src/domain/format/money';
import { BuyerApi, type ServerList } from './fixtures/BuyerApi';
import { ListPage } from './fixtures/ListPage';
import { SheetPage } from './fixtures/SheetPage';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer' });

type VipSheet = {
  id: number;
  remark: string | null;
  supplier_node: {
    currency: string | null;
    vip_balance: number | null;
    vip_taxed_amount: number | null;
  };
};

test('a VIP buyer’s sheet shows its VIP balance, VIP total and remark', async ({
  shell,
  page,
  request,
}) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const api = await BuyerApi.of(page, request);
  const { items } = await api.get<ServerList<VipSheet>>('/inquiry-api/v7/inquiry_quotation', {
    pageSize: '500',
  });
  const sheet = items.find(
    (s) =>
      s.supplier_node.vip_balance !== null &&
      s.supplier_node.vip_taxed_amount !== null &&
      (s.remark ?? '').trim() !== '',
  );
  if (!sheet) throw new Error('the demo data has a VIP sheet with a remark');

  const sheetPage = new SheetPage(page);
  await page.goto(`/inquiry-quotation/detail?id=${sheet.id}`);
  await expect(sheetPage.state).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('sheet-vip-balance')).toHaveText(
    formatMoney(sheet.supplier_node.vip_balance, 'CNY'),
  );
  await expect(page.getByTestId('sheet-vip-total')).toHaveText(
    formatMoney(sheet.supplier_node.vip_taxed_amount, sheet.supplier_node.currency),
  );
  await expect(page.getByTestId('sheet-remark')).toHaveText(sheet.remark?.trim() ?? '');
});

type GradedOrder = {
  id: number;
  name: string;
  brand: { name: string; grade: string | null } | null;
};

test('the order list shows each brand with its grade tag', async ({ shell, page, request }) => {
  await shell.openSignedIn('/home');
  await shell.synced();
  const api = await BuyerApi.of(page, request);
  const { items } = await api.get<ServerList<GradedOrder>>('/orders-api/v7/orders', {
    orderType: 'ALL',
    pageSize: '10',
  });
  const graded = items.find((o) => o.brand?.grade);
  if (!graded?.brand?.grade) throw new Error('the demo data has orders of graded brands');

  const list = new ListPage(page);
  await list.open('/order/order/list?orderType=ALL');
  const row = list.table.locator('tbody tr').filter({ hasText: graded.name });
  await expect(row.getByTestId('brand-grade')).toHaveText(BRAND_GRADES.label(graded.brand.grade), {
    timeout: 20_000,
  });
  await expect(row).toContainText(graded.brand.name);
});
