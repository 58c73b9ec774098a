// Automated accessibility check (DECISIONS.md §5: every page passes axe with no serious or critical
// findings) of the sign-in page, the dashboard, My Tasks, Finance's invoices and My Profile, in the light and the dark theme,
// including the states a user meets there (validation messages, the password strength meter).
// Account used: account_administrator, read-only.
import type { Page } from '@playwright/test';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test, SIGN_IN_HEADING } from './fixtures.ts';

// Independent tests: spread them over both workers.
test.describe.configure({ mode: 'parallel' });

/** Waits until no page part is still loading, so axe sees the finished page. */
async function expectLoaded(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.getByRole('main').getByText(/^Loading\b/)).toHaveCount(0);
}

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.use({ colorScheme: scheme });

    test('sign-in page, empty and with its validation messages', async ({ page }) => {
      await page.goto('/auth');
      await expect(page.getByRole('heading', { name: SIGN_IN_HEADING, level: 1 })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      const findings = (await seriousFindings(page)).map((f) => `[empty] ${f}`);

      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByText('Email is required')).toBeVisible();
      await expect(page.getByText('Password is required')).toBeVisible();
      findings.push(...(await seriousFindings(page)).map((f) => `[validation] ${f}`));
      expect(findings).toEqual([]);
    });

    test('dashboard', async ({ page }) => {
      await signInAs(page, 'account_administrator');
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      await expectLoaded(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      expect(await seriousFindings(page)).toEqual([]);
    });

    test('My Tasks, in tiles and in the table', async ({ page }) => {
      await signInAs(page, 'consultant');
      await page.goto('/my-tasks');
      await expect(page.getByRole('heading', { name: 'My Tasks', level: 1 })).toBeVisible();
      await expect(page.getByTestId('my-task').first()).toBeVisible();
      await expectLoaded(page);
      const findings = (await seriousFindings(page)).map((f) => `[tiles] ${f}`);
      await page.getByRole('button', { name: 'Table view' }).click();
      await expect(page.getByRole('table', { name: 'My tasks' })).toBeVisible();
      findings.push(...(await seriousFindings(page)).map((f) => `[table] ${f}`));
      expect(findings).toEqual([]);
    });

    // One test per tab, so that no single test runs for long. (Documentation is checked by documents.spec.ts:
    // opening it here would write the built-in documents before that spec's first open.)
    for (const tab of [
      'users',
      'roles',
      'audit',
      'security',
      'deleted',
      'system',
      'branding',
      'data',
      'notifications',
    ]) {
      test(`Administration: the ${tab} tab`, async ({ page }) => {
        await signInAs(page, 'account_administrator');
        await page.goto(`/admin?tab=${tab}`);
        await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
        // The page's tab (a tab may hold tabs of its own, System Settings' General and Finance).
        await expect(page.getByRole('tab', { selected: true }).first()).toBeVisible();
        await expectLoaded(page);
        await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
        expect(await seriousFindings(page), tab).toEqual([]);
      });
    }

    test('Finance invoices', async ({ page }) => {
      await signInAs(page, 'account_administrator');
      await page.goto('/finance?tab=invoices');
      await expect(page.getByRole('heading', { name: 'Invoice Management' })).toBeVisible();
      await expect(page.getByTestId('invoice-row').first()).toBeVisible();
      await expectLoaded(page);
      expect(await seriousFindings(page)).toEqual([]);
    });

    test('My Profile, as loaded and with a validation message and each strength level', async ({ page }) => {
      await signInAs(page, 'account_administrator');
      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Account Details', level: 2 })).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'First name', exact: true })).toHaveValue('Alexandra');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expectLoaded(page);
      const findings = (await seriousFindings(page)).map((f) => `[loaded] ${f}`);

      await page.getByRole('textbox', { name: 'First name', exact: true }).fill('A');
      await expect(page.getByText('First name must be at least 2 characters')).toBeVisible();
      const newPassword = page.getByRole('textbox', { name: 'New password', exact: true });
      for (const [password, strength] of [
        ['short', 'Weak'],
        ['Abcdefg1', 'Fair'],
        ['Valid-Password-12#', 'Strong'],
      ] as const) {
        await newPassword.fill(password);
        await expect(page.getByTestId('password-strength')).toHaveText(strength);
        findings.push(...(await seriousFindings(page)).map((f) => `[${strength}] ${f}`));
      }
      expect(findings).toEqual([]);
    });
  });
}
