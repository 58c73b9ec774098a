// Administration → System Settings (issue 15 item 1), in the firm-wide project: it runs after every other
// browser test, alone, because it changes what every user sees (the firm's date format) and signs every
// non-administrator out (maintenance mode). Both are put back whatever happens.
import { DEFAULT_DISPLAY_SETTING } from '@crm/domain';
import { createLead, leadRow } from './lead-helpers.ts';
import { emailOf, expect, signInAs, signInThroughForm, test, DEMO_PASSWORD } from './fixtures.ts';

test('a new date format saved in System Settings is followed by the lists at once', async ({ page }) => {
  await signInAs(page, 'account_administrator');
  const lead = await createLead(page.request);
  try {
    await page.goto(`/leads?search=${encodeURIComponent(lead.lastName)}`);
    const row = leadRow(page, `${lead.firstName} ${lead.lastName}`);
    const today = new Date();
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    await expect(row).toContainText(/\d{2} [A-Z][a-z]{2} \d{4}/);

    await page.goto('/admin?tab=system');
    await page.getByRole('combobox', { name: 'Date format' }).click();
    await page.getByRole('option', { name: /^YYYY-MM-DD/ }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    await expect(page.getByText('Time zone and date format saved')).toBeVisible();

    await page.goto(`/leads?search=${encodeURIComponent(lead.lastName)}`);
    await expect(row).toContainText(/\d{4}-\d{2}-\d{2}/);
    await expect(row).not.toContainText(new RegExp(` (${months.join('|')}) ${today.getFullYear()}`));
  } finally {
    await page.request.put('/api/settings/display', { data: DEFAULT_DISPLAY_SETTING });
  }
});

test('maintenance mode signs a consultant out and refuses their sign-in; administrators go on', async ({
  page,
  browser,
}) => {
  const consultant = await browser.newContext();
  await signInAs(page, 'account_administrator');
  try {
    const consultantPage = await consultant.newPage();
    await signInAs(consultantPage, 'consultant');
    await consultantPage.goto('/dashboard');
    await expect(consultantPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    await page.goto('/admin?tab=system');
    await page.getByRole('switch', { name: /Maintenance mode/ }).click({ force: true });
    await expect(page.getByText('Saving signs every user who is not an administrator out now.')).toBeVisible();
    await page.getByRole('button', { name: 'Save', exact: true }).last().click();
    await expect(page.getByText('Settings saved successfully')).toBeVisible();

    expect((await consultantPage.request.get('/api/profile')).status()).toBe(401);
    await consultant.clearCookies();
    await consultantPage.goto('/auth');
    await signInThroughForm(consultantPage, emailOf('consultant'), DEMO_PASSWORD);
    await expect(
      consultantPage.getByText('The system is under maintenance. Only administrators can sign in.'),
    ).toBeVisible();
    // The account administrator works on.
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  } finally {
    const current = await (await page.request.get('/api/settings/general')).json();
    await page.request.put('/api/settings/general', { data: { ...current, maintenanceMode: false } });
    await consultant.close();
  }
});
