// The Administration page's header and tab keys (spec 3 §2.4, issue 29): the spec's subtitle and badge; the
// spec's key `system` opens System Settings, and the key this page used before (`settings`) still opens it,
// the address rewritten to the spec's key with the rest of the query kept. (The former Documentation key is
// checked by documents.spec.ts, the one spec that opens that tab.)
import { expect, signInAs, test } from './fixtures.ts';

test("Administration shows the spec's header, and a former tab key is rewritten to the spec's", async ({ page }) => {
  await signInAs(page, 'administrator');
  await page.goto('/admin?tab=system');
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
  await expect(page.getByText('Comprehensive system management and configuration')).toBeVisible();
  await expect(page.getByText('Admin Panel v2.0', { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'System Settings', selected: true })).toBeVisible();

  await page.goto('/admin?tab=settings&section=finance');
  await expect(page).toHaveURL(/[?&]tab=system(&|$)/);
  await expect(page).toHaveURL(/[?&]section=finance(&|$)/);
  await expect(page.getByRole('tab', { name: 'System Settings', selected: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Finance', selected: true })).toBeVisible();

  // Going back does not return to the former key: the rewrite replaced the history entry.
  await page.goBack();
  await expect(page).toHaveURL(/[?&]tab=system$/);
});
