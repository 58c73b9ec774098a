// Administration → System Settings (issue 15 item 1), in the firm-wide project: it runs after every other
// browser test, alone, because it changes what every user sees (the firm's date format) and signs every
// non-administrator out (maintenance mode), and the password policy (issue 29 item 3) decides what every
// password form accepts. All are put back whatever happens.
import { DEFAULT_DISPLAY_SETTING, DEFAULT_SECURITY_SETTINGS } from '@crm/domain';
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

test('switching special characters off in Security lets a new user set a password without one, and the meter follows at once', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'account_administrator');
  const email = `policy.${Date.now().toString(36)}@example.com`;
  const created = await page.request.post('/api/users', {
    data: { email, firstName: 'Polly', lastName: 'Policy', role: 'guest', invite: false },
  });
  expect(created.status()).toBe(201);
  const { user, temporaryPassword } = await created.json();
  const newcomer = await browser.newContext();
  const NO_SYMBOL = 'Abcdefghij12';
  try {
    // The new user signs in with the temporary password and must choose one first, in My Profile.
    const userPage = await newcomer.newPage();
    await userPage.goto('/auth');
    await signInThroughForm(userPage, email, temporaryPassword);
    await expect(userPage).toHaveURL(/\/profile/);
    await userPage.getByRole('textbox', { name: 'Current password', exact: true }).fill(temporaryPassword);
    await userPage.getByRole('textbox', { name: 'New password', exact: true }).fill(NO_SYMBOL);
    await expect(userPage.getByText('Password must contain at least one special character')).toBeVisible();
    await expect(userPage.getByText('Password is valid')).toHaveCount(0);

    await page.goto('/admin?tab=security');
    const minimum = page.getByRole('textbox', { name: 'Minimum password length' });
    await minimum.fill('7');
    await page.getByRole('button', { name: 'Save Security Settings' }).click();
    await expect(page.getByText('Minimum password length must be between 8 and 50 characters')).toBeVisible();
    await minimum.fill('8');
    const symbols = page.getByRole('switch', { name: 'Require special characters' });
    await expect(symbols).toBeChecked();
    await symbols.uncheck();
    await page.getByRole('button', { name: 'Save Security Settings' }).click();
    await expect(page.getByText('Security settings saved')).toBeVisible();

    // The open profile page follows the saved policy without a reload (the settings change event).
    await expect(userPage.getByText('Password is valid')).toBeVisible();
    await expect(userPage.getByText('Password must contain at least one special character')).toHaveCount(0);
    await expect(userPage.getByTestId('password-strength')).toHaveText('Good');
    await expect(
      userPage.getByText('At least 8 characters with an uppercase letter, a lowercase letter and a number'),
    ).toBeVisible();
    await userPage.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(NO_SYMBOL);
    await userPage.getByRole('button', { name: 'Update Password' }).click();
    await expect(userPage.getByText('Password updated successfully')).toBeVisible();

    const again = await newcomer.request.post('/api/auth/sign-in', { data: { email, password: NO_SYMBOL } });
    expect(again.status()).toBe(200);
    expect((await again.json()).user.mustChangePassword).toBe(false);
  } finally {
    await page.request.put('/api/settings/security', { data: DEFAULT_SECURITY_SETTINGS });
    await page.request.delete(`/api/users/${user.id}`);
    await newcomer.close();
  }
});
