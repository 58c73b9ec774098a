// The connectivity probe (spec 1 §9): HEAD /api/ping every 30 s; an answer slower than 3 s shows the
// slow-connection notice. The ping is held back here for longer than that, so the result does not depend
// on how fast this machine is.
import { expect, signInAs, test } from './fixtures.ts';

test('a ping slower than 3 s shows the slow-connection notice', async ({ page }) => {
  await page.route('**/api/ping', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    await route.continue();
  });
  await signInAs(page, 'guest');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Slow connection detected. Operations may take longer than usual.')).toBeVisible();
  await expect(page.getByText('Connection lost')).toHaveCount(0);
});
