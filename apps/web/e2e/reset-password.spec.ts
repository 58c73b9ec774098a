// Password reset by a mailed one-time link (spec 2 profile/security, DECISIONS.md §1 outbox).
// Account used: team_lead, held for the whole test because its password changes for a while.
import {
  DEMO_PASSWORD,
  emailOf,
  expect,
  outboxNames,
  resetLinkIn,
  restoreDemoPassword,
  signInThroughForm,
  test,
  waitForMailTo,
  SIGN_IN_HEADING,
} from './fixtures.ts';

const ROLE = 'team_lead' as const;
const NEW_PASSWORD = 'Team-Lead-Reset-4%';

test('a reset link from the sign-in page sets a new password once', async ({ page, baseURL }) => {
  try {
    await page.goto('/auth');
    await expect(page.getByRole('heading', { name: SIGN_IN_HEADING, level: 1 })).toBeVisible();

    // Without an email the link asks for one first.
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByText('Enter your email address first')).toBeVisible();

    const before = await outboxNames();
    await page.getByRole('textbox', { name: 'Email' }).fill(emailOf(ROLE));
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Password reset email sent! Check your inbox.' }),
    ).toBeVisible();

    const mail = await waitForMailTo(emailOf(ROLE), before);
    expect(mail).toMatch(/^Subject: Reset your Visa CRM password/m);
    const link = resetLinkIn(mail);
    expect(new URL(link).origin).toBe(new URL(baseURL!).origin);

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await expect(page.getByTestId('password-strength')).toHaveText('Strong');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Password updated successfully' })).toBeVisible();

    await page.getByRole('link', { name: 'Continue to sign in' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await signInThroughForm(page, emailOf(ROLE), NEW_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    // The old password no longer works.
    const old = await page.request.post('/api/auth/sign-in', {
      data: { email: emailOf(ROLE), password: DEMO_PASSWORD },
    });
    expect(old.status()).toBe(401);

    // The link works once.
    await page.goto(link);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Another-Reset-5&');
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Another-Reset-5&');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'This reset link is invalid or has expired.' }),
    ).toBeVisible();
    await expect(page.getByText('Password updated successfully')).toHaveCount(0);

    // Back to the demo password through My Profile (still signed in: the refused link changed nothing).
    await page.goto('/profile');
    await page.getByRole('textbox', { name: 'Current password', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Password updated successfully')).toBeVisible();
    const restored = await page.request.post('/api/auth/sign-in', {
      data: { email: emailOf(ROLE), password: DEMO_PASSWORD },
    });
    expect(restored.status()).toBe(200);
  } finally {
    await restoreDemoPassword(baseURL!, ROLE, NEW_PASSWORD);
  }
});

test('a reset page without a token says the link is invalid and cannot be submitted', async ({ page }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
  await expect(page.getByText('This reset link is invalid or has expired.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Update Password' })).toBeDisabled();
});
