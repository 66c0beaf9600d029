// The manifest's screenshots (vite.config.ts `screenshots`): what a phone's and a computer's
// install dialog shows before the app is installed. Taken from the demo buyer's lists, synced.
import { join } from 'node:path';
import { expect, test } from '../fixtures/test';

test.use({ account: 'buyer' });

const out = (file: string) => join('public', 'screenshots', file);

// Each at the size the manifest declares (CSS pixels × the scale): see vite.config.ts.
const shots = [
  {
    file: 'phone-purchases.png',
    path: '/inquiry-quotation/list?sheetType=ALL',
    width: 390,
    height: 844,
  },
  { file: 'phone-orders.png', path: '/order/order/list?orderType=ALL', width: 390, height: 844 },
  {
    file: 'desktop-purchases.png',
    path: '/inquiry-quotation/list?sheetType=ALL',
    width: 1280,
    height: 800,
  },
];

for (const shot of shots) {
  test(`draws ${shot.file}`, async ({ page, shell }) => {
    await page.setViewportSize({ width: shot.width, height: shot.height });
    await shell.openSignedIn(shot.path);
    await shell.synced();
    await expect(page.getByText('共').first()).toBeVisible();
    await page.screenshot({ path: out(shot.file) });
  });
}
