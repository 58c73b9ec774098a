// Sign-in, the redirect back to the page asked for, and sign-out (spec 1 §2.1 /auth).
// Account used: administrator.
import {
  accountMenuButton,
  DEMO_NAMES,
  DEMO_PASSWORD,
  emailOf,
  expect,
  mainMenu,
  signInAs,
  signInThroughForm,
  test,
  SIGN_IN_HEADING,
} from './fixtures.ts';

// Independent tests: spread them over both workers.
test.describe.configure({ mode: 'parallel' });

const ROLE = 'administrator' as const;
const NAME = `${DEMO_NAMES[ROLE].firstName} ${DEMO_NAMES[ROLE].lastName}`;

test('a signed-out visit goes to /auth and, after signing in through the form, back to the page asked for', async ({
  page,
}) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
  await expect(page.getByRole('heading', { name: SIGN_IN_HEADING, level: 1 })).toBeVisible();

  await signInThroughForm(page, emailOf(ROLE), DEMO_PASSWORD);

  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue(DEMO_NAMES[ROLE].firstName);
  await expect(accountMenuButton(page, NAME)).toBeVisible();

  // Signed in, the sign-in page itself sends the user on to the dashboard.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('a wrong password shows the error and does not sign in', async ({ page }) => {
  await page.goto('/auth');
  await signInThroughForm(page, emailOf(ROLE), 'Not-The-Password-1!');

  await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
  await expect(page).toHaveURL(/\/auth$/);
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);

  // The right password still works afterwards (one failure does not lock the account).
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('signing out from the user menu returns to /auth and later visits are redirected again', async ({ page }) => {
  await signInAs(page, ROLE);
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();

  await accountMenuButton(page, NAME).click();
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('heading', { name: SIGN_IN_HEADING, level: 1 })).toBeVisible();
  expect((await page.request.get('/api/auth/session')).status()).toBe(401);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard$/);
  await expect(page.getByRole('heading', { name: SIGN_IN_HEADING, level: 1 })).toBeVisible();
  await expect(mainMenu(page)).toHaveCount(0);
});
