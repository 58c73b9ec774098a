// The Administration page's header and tab keys (spec 3 §2.4, issue 29): the spec's subtitle and badge; the
// spec's key `system` opens System Settings, and the key this page used before (`settings`) still opens it,
// the address rewritten to the spec's key with the rest of the query kept. (The former Documentation key is
// checked by documents.spec.ts, the one spec that opens that tab.) Issue 29: a user's suspension is in the
// Audit Logs under the spec's UPDATE_USER_STATUS, with the user's name and the statuses in words.
import { DEMO_NAMES, expect, signInAs, test } from './fixtures.ts';

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

  // The spec's stub ('Creating custom roles is in development') is said to be not offered, in words.
  await page.goto('/admin?tab=roles');
  await expect(
    page.getByText('Custom roles are not offered: every user has one of the seven built-in roles.', { exact: false }),
  ).toBeVisible();
});

test('a suspension shows in the Audit Logs as UPDATE_USER_STATUS, in words, never ids or JSON', async ({ page }) => {
  await signInAs(page, 'account_administrator');
  // Names take no digits: the tag in letters.
  const tag = Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const lastName = `Audit${tag}`;
  const created = await page.request.post('/api/users', {
    data: { email: `audit.${tag}@example.com`, firstName: 'Sam', lastName, role: 'guest', invite: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { user } = (await created.json()) as { user: { id: string } };
  try {
    const suspended = await page.request.post(`/api/users/${user.id}/suspend`);
    expect(suspended.status(), await suspended.text()).toBe(200);

    await page.goto('/admin?tab=audit');
    await page.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'UPDATE_USER_STATUS', exact: true }).click();
    const row = page.getByRole('table', { name: 'Audit log' }).getByRole('row', { name: new RegExp(lastName) });
    await expect(row).toContainText('UPDATE_USER_STATUS');
    await expect(row).toContainText('USER');
    await expect(row).toContainText(`Sam ${lastName}`);
    const { firstName, lastName: adminLastName } = DEMO_NAMES.account_administrator;
    await expect(row).toContainText(`${firstName} ${adminLastName}`);
    await expect(row).not.toContainText(user.id);

    await row.getByRole('button', { name: /^Details of UPDATE_USER_STATUS/ }).click();
    const details = page.getByRole('dialog', { name: 'Audit entry' });
    await expect(details).toContainText(`Sam ${lastName}`);
    await expect(details).toContainText('Status:Active→Suspended');
    await expect(details).not.toContainText(user.id);
    await expect(details).not.toContainText('{');
  } finally {
    await page.request.delete(`/api/users/${user.id}`);
  }
});

// The audit log always holds this test's own sign-in; the mail log shares the same paging (useListPaging).
test("the audit log pages by the role's page sizes", async ({ page }) => {
  await signInAs(page, 'account_administrator');
  await page.goto('/admin?tab=audit');
  await expect(page.getByTestId('list-position')).toHaveText(/^1–\d+ of /);
  const asked = page.waitForResponse(
    (r) => new URL(r.url()).searchParams.get('pageSize') === '100' && r.request().method() === 'GET',
  );
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '100 / page' }).click();
  expect((await asked).status()).toBe(200);
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('100 / page');
});
