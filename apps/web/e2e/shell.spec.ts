// The application shell (spec 2 "Application shell and global search", spec 2 §9 shell constants):
// page search, the collapsible sidebar, the drawer below 768 px, and the theme menu.
// Accounts used: account_administrator and guest, read-only.
import type { Page } from '@playwright/test';
import { expect, mainMenu, signInAs, test } from './fixtures.ts';

// Independent tests: spread them over both workers.
test.describe.configure({ mode: 'parallel' });

const searchInput = (page: Page) => page.getByRole('textbox', { name: 'Search pages', exact: true });
const searchResults = (page: Page) => page.getByRole('dialog').getByRole('button');

test.describe('global search', () => {
  test('Ctrl+K finds a page by part of its name and Enter opens it', async ({ page }) => {
    await signInAs(page, 'account_administrator');
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();

    await page.keyboard.press('Control+K');
    await expect(searchInput(page)).toBeFocused();
    // With no text, the role's pages are listed, at most 8 of them (spec 2 §9).
    await expect(searchResults(page)).toHaveCount(8);

    // 'fin' is in 'Finance and Sales' and also in 'Staf-fin-g'; nothing else matches.
    await searchInput(page).fill('fin');
    await expect(searchResults(page)).toHaveText([/^Staffing/, /^Finance and Sales/]);
    const finance = page.getByRole('dialog').getByRole('button', { name: /Finance and Sales/ });

    // Typing selects the first result; the arrow keys move the selection.
    await expect(searchResults(page).first()).toHaveAttribute('data-selected', 'true');
    await searchInput(page).press('ArrowDown');
    await expect(finance).toHaveAttribute('data-selected', 'true');
    await expect(searchResults(page).first()).not.toHaveAttribute('data-selected', 'true');
    await searchInput(page).press('Enter');
    await expect(page).toHaveURL(/\/finance$/);
    await expect(page.getByRole('heading', { name: 'Finance and Sales', level: 1 })).toBeVisible();
    await expect(searchInput(page)).toBeHidden();
  });

  test('the header search button opens the search, and a click on a result navigates', async ({ page }) => {
    await signInAs(page, 'account_administrator');
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Search pages/ })
      .click();
    await searchInput(page).fill('Fin');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Finance and Sales/ })
      .click();
    await expect(page).toHaveURL(/\/finance$/);
    await expect(page.getByRole('heading', { name: 'Finance and Sales', level: 1 })).toBeVisible();
  });

  test('text that matches no page shows No results found', async ({ page }) => {
    await signInAs(page, 'account_administrator');
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    await page.keyboard.press('Control+K');
    await searchInput(page).fill('zzzz');
    await expect(page.getByRole('dialog').getByText('No results found', { exact: true })).toBeVisible();
    await expect(searchResults(page)).toHaveCount(0);
  });

  test('a guest is only offered the pages it may open', async ({ page }) => {
    await signInAs(page, 'guest');
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    await page.keyboard.press('Control+K');
    await expect(searchInput(page)).toBeFocused();
    await expect(searchResults(page)).toHaveCount(4);
    for (const title of ['Dashboard', 'Leads and Clients', 'Contacts', 'My Profile']) {
      await expect(page.getByRole('dialog').getByRole('button', { name: new RegExp(title) })).toBeVisible();
    }

    await searchInput(page).fill('fin');
    await expect(page.getByRole('dialog').getByText('No results found', { exact: true })).toBeVisible();
    await searchInput(page).fill('sales'); // a keyword of Finance and Sales
    await expect(page.getByRole('dialog').getByText('No results found', { exact: true })).toBeVisible();
    await expect(page.getByRole('dialog').getByText('Finance and Sales')).toHaveCount(0);
  });
});

test.describe('sidebar', () => {
  test('Ctrl+B collapses the sidebar to icons, and the state survives a reload', async ({ page, context }) => {
    await signInAs(page, 'account_administrator');
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    const dashboardLink = mainMenu(page).getByRole('link', { name: 'Dashboard', exact: true });
    await expect(dashboardLink).toHaveText('Dashboard');
    const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
    const expandedWidth = (await sidebar.boundingBox())!.width;
    expect(expandedWidth).toBeGreaterThan(200);

    await page.keyboard.press('Control+B');
    // Icon mode: every entry keeps its name for assistive technology but shows no label.
    await expect(dashboardLink).toHaveText('');
    await expect(mainMenu(page).getByRole('link')).toHaveCount(10);
    await expect(mainMenu(page).getByText('Finance and Sales')).toHaveCount(0);
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(80);
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('collapsed');
    // Kept 7 days.
    const sevenDays = Date.now() / 1000 + 7 * 24 * 60 * 60;
    expect(Math.abs(cookie!.expires - sevenDays)).toBeLessThan(120);

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: 'Dashboard', exact: true })).toHaveText('');
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeLessThan(80);

    // The header keeps its toggle button, and Ctrl+B brings the labels back.
    await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toBeVisible();
    await page.keyboard.press('Control+B');
    await expect(mainMenu(page).getByRole('link', { name: 'Dashboard', exact: true })).toHaveText('Dashboard');
    await expect.poll(async () => (await sidebar.boundingBox())!.width).toBeGreaterThan(200);
    expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('expanded');
  });

  test.describe('on a phone (390 × 844)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the sidebar is hidden and the burger opens it as a drawer', async ({ page }) => {
      await signInAs(page, 'account_administrator');
      await page.goto('/timesheet');
      await expect(page.getByRole('heading', { name: 'Timesheet', level: 1 })).toBeVisible();
      const menu = mainMenu(page);
      await expect(menu).not.toBeInViewport();
      await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toBeHidden();

      const burger = page.getByRole('button', { name: 'Toggle navigation' });
      await burger.click();
      await expect(menu).toBeInViewport();
      // Full labels in the drawer, never icon mode.
      await expect(menu.getByRole('link', { name: 'Contacts', exact: true })).toHaveText('Contacts');

      // Choosing a page closes the drawer.
      await menu.getByRole('link', { name: 'Contacts', exact: true }).click();
      await expect(page).toHaveURL(/\/contacts$/);
      await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
      await expect(menu).not.toBeInViewport();

      // Ctrl+B toggles the drawer on a phone.
      await page.keyboard.press('Control+B');
      await expect(menu).toBeInViewport();
      await page.keyboard.press('Control+B');
      await expect(menu).not.toBeInViewport();
    });
  });
});

test.describe('theme menu', () => {
  test('Dark sets the dark scheme; System follows the device', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await signInAs(page, 'account_administrator');
    await page.goto('/contacts');
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    // The choice is kept.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');

    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

    await page.getByRole('button', { name: 'Theme' }).click();
    await page.getByRole('menuitem', { name: 'System' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  });
});
