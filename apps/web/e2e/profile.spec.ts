// My Profile (spec 2 "My Profile", §5 profile form and password change, §8 profile messages) and
// the live update of the shell when a profile changes elsewhere.
// Accounts used: consultant (profile form, wrong password, reset mail), member (password change,
// held while its password differs), supervisor (live update).
import type { Browser, Page } from '@playwright/test';
import {
  accountMenuButton,
  DEMO_NAMES,
  DEMO_PASSWORD,
  emailOf,
  expect,
  outboxNames,
  restoreDemoPassword,
  signInAs,
  signInThroughForm,
  test,
  waitForMailTo,
} from './fixtures.ts';

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

test.describe('Personal Information', () => {
  test('a new first name is saved, confirmed, kept after a reload and shown in the sidebar', async ({ page }) => {
    const { firstName, lastName } = DEMO_NAMES.consultant;
    await signInAs(page, 'consultant');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByText('Consultant', { exact: true }).first()).toBeVisible();
    await expect(field(page, 'First name')).toHaveValue(firstName);
    await expect(field(page, 'Email')).toBeDisabled();
    await expect(field(page, 'Email')).toHaveValue(emailOf('consultant'));

    const save = page.getByRole('button', { name: 'Save Changes' });
    await expect(save).toBeDisabled(); // nothing changed yet
    await field(page, 'First name').fill('Sophia');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(accountMenuButton(page, `Sophia ${lastName}`)).toBeVisible();

    await page.reload();
    await expect(field(page, 'First name')).toHaveValue('Sophia');
    await expect(field(page, 'Last name')).toHaveValue(lastName);
    await expect(accountMenuButton(page, `Sophia ${lastName}`)).toBeVisible();
    const saved = await (await page.request.get('/api/profile')).json();
    expect(saved.firstName).toBe('Sophia');

    // Put the seeded name back.
    await field(page, 'First name').fill(firstName);
    await save.click();
    await expect(accountMenuButton(page, `${firstName} ${lastName}`)).toBeVisible();
    await expect(save).toBeDisabled();
  });

  test('a one-letter first name shows the rule and Save stays disabled', async ({ page }) => {
    await signInAs(page, 'consultant');
    await page.goto('/profile');
    const first = field(page, 'First name');
    await expect(first).toHaveValue(DEMO_NAMES.consultant.firstName);
    await first.fill('S');
    await expect(page.getByText('First name must be at least 2 characters')).toBeVisible();
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

    await field(page, 'Last name').fill('X');
    await expect(page.getByText('Last name must be at least 2 characters')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

    // Cancel brings back the saved values and clears the errors.
    await page.getByRole('region', { name: 'Personal Information' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(first).toHaveValue(DEMO_NAMES.consultant.firstName);
    await expect(page.getByText('First name must be at least 2 characters')).toHaveCount(0);
    const saved = await (await page.request.get('/api/profile')).json();
    expect(saved.firstName).toBe(DEMO_NAMES.consultant.firstName);
  });
});

test.describe('Security', () => {
  test('a wrong current password is refused with its message', async ({ page }) => {
    await signInAs(page, 'consultant');
    await page.goto('/profile');
    await page.getByRole('textbox', { name: 'Current password', exact: true }).fill('Wrong-Password-9!');
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Another-Strong-Pass-7$');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Another-Strong-Pass-7$');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();
    // The message is tied to the field, so a screen reader announces it with the field.
    await expect(page.getByRole('textbox', { name: 'Current password', exact: true })).toHaveAccessibleDescription(
      'Current password is incorrect',
    );
    await expect(page.getByText('Password updated successfully')).toHaveCount(0);

    // The old password still works.
    const check = await page.request.post('/api/auth/sign-in', {
      data: { email: emailOf('consultant'), password: DEMO_PASSWORD },
    });
    expect(check.status()).toBe(200);
  });

  test('member changes the password, signs in with the new one, and changes it back', async ({ page, baseURL }) => {
    const NEW_PASSWORD = 'Member-New-Pass-9#';
    try {
      await signInAs(page, 'member');
      await page.goto('/profile');
      await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill('weak');
      // The live strength meter follows the typing.
      await expect(page.getByTestId('password-strength')).toHaveText('Weak');
      await expect(page.getByText('Password must contain at least one uppercase letter')).toBeVisible();
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
      await expect(page.getByTestId('password-strength')).toHaveText('Strong');
      await expect(page.getByText('Password is valid')).toBeVisible();
      await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(page.getByText('Password updated successfully')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Current password', exact: true })).toHaveValue('');

      // This session stays signed in; sign out with the page's button.
      await page.getByRole('button', { name: 'Sign Out' }).click();
      await expect(page).toHaveURL(/\/auth$/);

      await signInThroughForm(page, emailOf('member'), DEMO_PASSWORD);
      await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password.' })).toBeVisible();
      await expect(page).toHaveURL(/\/auth$/);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

      // Back to the demo password, through the same form.
      await page.goto('/profile');
      await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(NEW_PASSWORD);
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Update Password' }).click();
      await expect(page.getByText('Password updated successfully')).toBeVisible();
      const check = await page.request.post('/api/auth/sign-in', {
        data: { email: emailOf('member'), password: DEMO_PASSWORD },
      });
      expect(check.status()).toBe(200);
    } finally {
      await restoreDemoPassword(baseURL!, 'member', NEW_PASSWORD);
    }
  });

  test('Send Password Reset Email confirms and mails a link', async ({ page }) => {
    await signInAs(page, 'consultant');
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
    const before = await outboxNames();
    await page.getByRole('button', { name: 'Send Password Reset Email' }).click();
    await expect(page.getByText('Password reset email sent! Check your inbox.')).toBeVisible();
    const mail = await waitForMailTo(emailOf('consultant'), before);
    expect(mail).toMatch(/\/reset-password\?token=/);
  });
});

test.describe('live updates', () => {
  async function signedInPage(browser: Browser, baseURL: string) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signInAs(page, 'supervisor');
    return { context, page };
  }

  test('a name saved in one browser refreshes the other browser’s shell without a reload', async ({
    browser,
    baseURL,
  }) => {
    const { firstName, lastName } = DEMO_NAMES.supervisor;
    const editor = await signedInPage(browser, baseURL!);
    const watcher = await signedInPage(browser, baseURL!);
    try {
      const stream = watcher.page.waitForResponse((r) => r.url().endsWith('/api/events') && r.status() === 200);
      await watcher.page.goto('/contacts');
      await stream;
      await expect(accountMenuButton(watcher.page, `${firstName} ${lastName}`)).toBeVisible();
      // A marker that a reload would wipe.
      await watcher.page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

      await editor.page.goto('/profile');
      await field(editor.page, 'Last name').fill('Sharma-Live');
      await editor.page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(editor.page.getByText('Profile updated successfully')).toBeVisible();

      await expect(accountMenuButton(watcher.page, `${firstName} Sharma-Live`)).toBeVisible();
      await expect(
        watcher.page.getByRole('navigation', { name: 'Sidebar' }).getByText(`${firstName} Sharma-Live`),
      ).toBeVisible();
      expect(await watcher.page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);

      // And back again, seen the same way.
      await field(editor.page, 'Last name').fill(lastName);
      await editor.page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(accountMenuButton(watcher.page, `${firstName} ${lastName}`)).toBeVisible();
    } finally {
      await editor.context.close();
      await watcher.context.close();
    }
  });
});
