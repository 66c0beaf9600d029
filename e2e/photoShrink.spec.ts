// Photos are shrunk on the device before they are queued (issue 22 item 5), wide: the scenario
// is e2e/fixtures/photoShrinkScenario.ts.
import { photoShrinkScenario } from './fixtures/photoShrinkScenario';
import { test } from './fixtures/test';

test.use({ account: 'buyer' });

test('a camera photo goes 2000 px on its long side, and as chosen when 原图 is ticked', async ({
  shell,
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await photoShrinkScenario({ shell, page, request });
});
