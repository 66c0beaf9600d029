// The chat panel on a phone: at 375 px it covers the screen without scrolling
// sideways, the input and its buttons are within reach, and a message sent from it shows.
import { BuyerApi } from './fixtures/BuyerApi';
import { ChatPage } from './fixtures/ChatPage';
import { expectTouchable, pageOverflow } from './fixtures/phone';
import { expect, test } from './fixtures/test';

test.use({ account: 'buyer', viewport: { width: 375, height: 740 } });

test('at 375 px the chat panel fits the screen and sends', async ({ shell, page, request }) => {
  await shell.openSignedIn('/home');
  const api = await BuyerApi.of(page, request);
  const { items } = await api.orders();
  const order = items.find((candidate) => candidate.state > 0);
  if (!order) throw new Error('the demo data has an order');
  await page.goto(`/order/order/detail?orderType=ALL&id=${order.id}&module=ORDER`);
  const chat = new ChatPage(page);
  await expectTouchable(page, [chat.button]);
  await chat.open();

  // The drawer slides in: measure once it has settled (half a pixel for subpixel layout).
  const box = chat.panel.getByTestId('chat-panel');
  await expect
    .poll(async () => {
      const panel = await box.boundingBox();
      return panel ? panel.x >= 0 && panel.x + panel.width <= 375.5 : false;
    })
    .toBe(true);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  await expectTouchable(page, [chat.input, chat.attach, chat.send]);

  const text = `手机上发的消息 ${Date.now()}`;
  await chat.write(text);
  await expect(chat.message(text)).toBeVisible();
  // The newest message is scrolled into view at the bottom of the list.
  await expect(chat.message(text)).toBeInViewport();
});
