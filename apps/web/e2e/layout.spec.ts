// Layout at a 1280 px desktop and a 390 px phone, in the light and the dark theme (DECISIONS.md §5):
// every main page is walked and photographed (test-results/…/layout-*.png), no list row is wider
// than its list, the actions stay in view at 1280 px, a phone's rows lead with the name and status,
// Esc closes the phone's navigation drawer, the contacts statistics fold on a phone, the dark theme
// keeps destructive buttons red and the logo and the 404 button visible, and each page names the
// browser tab. One test for all of it, to keep the suite short.
// Account used: administrator, read-only.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, mainMenu, signInAs, test, SIGN_IN_HEADING, tabTitle } from './fixtures.ts';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

type Person = { id: string; firstName: string; middleName: string | null; lastName: string };
const fullName = (p: Person) => [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ');

test('main pages fit 1280 and 390 px in both themes, with their tab titles', async ({ page }, testInfo) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: SIGN_IN_HEADING })).toBeVisible();
  await expect(page).toHaveTitle(await tabTitle(page, 'Sign in'));

  await signInAs(page, 'administrator');
  const firstOf = async (path: string) =>
    ((await (await page.request.get(path)).json()) as { items: Person[] }).items[0]!;
  // The oldest records are the demo seed's: no other test changes them.
  const lead = await firstOf('/api/leads?pageSize=1&sort=createdAt:asc');
  const client = await firstOf('/api/clients?pageSize=1&sort=createdAt:asc');

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const phone = viewport.name === 'phone';
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      const shot = (name: string) => screenshot(page, testInfo, `${name}-${viewport.width}-${scheme}`);

      await page.goto('/dashboard');
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expect(page.getByRole('heading', { name: 'Lead Pipeline Status' })).toBeVisible();
      await expect(page).toHaveTitle(await tabTitle(page, 'Dashboard'));
      await expectVisibleOn(page.getByRole('link', { name: / home$/ }).locator('svg rect'), page.getByRole('banner'));
      await shot('dashboard');

      if (phone) {
        const burger = page.getByRole('button', { name: 'Toggle navigation' });
        await burger.click();
        await expect(mainMenu(page)).toBeInViewport();
        // The spec's shell: the phone's drawer is 18rem wide (288 px at the browser's 16 px).
        expect((await boxOf(page.getByRole('navigation', { name: 'Sidebar' }))).width).toBe(288);
        await shot('navigation-drawer');
        await page.keyboard.press('Escape');
        await expect(mainMenu(page)).not.toBeInViewport();
        await expect(burger).toBeFocused();
      }

      for (const [tab, rowTestId] of [
        ['leads', 'lead-row'],
        ['clients', 'client-row'],
        ['records', 'record-row'],
      ] as const) {
        await page.goto(`/leads-clients?tab=${tab}`);
        await expect(page.getByTestId(rowTestId).first()).toBeVisible();
        await expect(page).toHaveTitle(await tabTitle(page, 'Leads and Clients'));
        await expectListFits(page, phone, ['Name', 'Status']);
        // The filter bar keeps one row.
        const search = page.getByRole('textbox', { name: `Search ${tab}` });
        const add = page.getByRole('button', { name: 'Add New Lead' });
        if (tab !== 'records') expect(Math.abs((await boxOf(add)).y - (await boxOf(search)).y)).toBeLessThan(4);
        await shot(`leads-clients-${tab}`);
      }

      await page.goto('/contacts');
      await expect(page.getByTestId('contact-row').first()).toBeVisible();
      await expect(page).toHaveTitle(await tabTitle(page, 'Contacts'));
      if (phone) {
        // The statistics fold so that the list starts above the fold.
        await expect(page.getByRole('button', { name: /^Contact statistics/ })).toHaveAttribute(
          'aria-expanded',
          'false',
        );
        await expect(page.getByTestId('contact-row').first()).toBeInViewport({ ratio: 1 });
      }
      await expectListFits(page, phone, ['Name', 'Original Status']);
      await shot('contacts');

      await page.goto('/profile');
      await expect(page.getByRole('heading', { name: 'Personal Information' })).toBeVisible();
      await expect(page).toHaveTitle(await tabTitle(page, 'My Profile'));
      await shot('profile');

      await page.goto(`/leads-clients?view=${lead.id}&type=lead`);
      const leadPanel = page.getByRole('dialog');
      await expect(leadPanel.getByRole('heading', { name: 'Lead Overview' })).toBeVisible();
      await expect(page).toHaveTitle(await tabTitle(page, fullName(lead)));
      await expectFooterInOneRow(leadPanel);
      // Destructive stays red in both themes.
      await expectRed(leadPanel.getByRole('button', { name: 'Delete', exact: true }));
      await shot('lead-panel');

      await page.goto(`/leads-clients?view=${client.id}&type=client`);
      const clientPanel = page.getByRole('dialog');
      await expect(clientPanel.getByRole('heading', { name: 'Client Overview' })).toBeVisible();
      await expect(page).toHaveTitle(await tabTitle(page, fullName(client)));
      await expectFooterInOneRow(clientPanel);
      await shot('client-panel');
      await clientPanel.getByRole('button', { name: 'Close client panel' }).click();
      await expect(page).toHaveTitle(await tabTitle(page, 'Leads and Clients'));

      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page).toHaveTitle(await tabTitle(page, 'Page not found'));
      await expectVisibleOn(page.getByRole('link', { name: 'Go to Dashboard' }), page.locator('body'));
      await shot('not-found');
    }
  }
});

async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.screenshot({ path: testInfo.outputPath(`layout-${name}.png`), animations: 'disabled' });
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'an element on screen').not.toBeNull();
  return box!;
}

/**
 * Every list on the page: no sideways scrolling, no row or cell wider than its room; at 1280 px the
 * first row's actions are in view; on a phone the first columns are `phoneColumns` and the first
 * row's first cell starts with the record's name.
 */
async function expectListFits(page: Page, phone: boolean, phoneColumns: readonly string[]) {
  const lists = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-list-table]')].map((list) => {
      const box = list.getBoundingClientRect();
      const rows = [...list.querySelectorAll<HTMLTableRowElement>('tbody tr')];
      const problems: string[] = [];
      if (list.scrollWidth > list.clientWidth + 1)
        problems.push(`scrolls sideways: ${list.scrollWidth} > ${list.clientWidth}`);
      for (const row of rows) {
        if (row.getBoundingClientRect().right > box.right + 1)
          problems.push(`row wider than the list: ${row.innerText}`);
        for (const cell of row.cells) {
          if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`cell overflows: ${cell.innerText}`);
        }
      }
      const first = rows[0];
      const name =
        first?.getAttribute('aria-label')?.replace(/^Open (lead|client) /, '') ??
        first
          ?.querySelector('[aria-label^="Restore "]')
          ?.getAttribute('aria-label')
          ?.replace(/^Restore /, '');
      return {
        problems,
        rows: rows.length,
        headers: [...list.querySelectorAll('thead th')].map((th) => (th as HTMLElement).innerText.trim()),
        firstCellLine: first?.cells[0]?.innerText.split('\n')[0]?.trim(),
        name,
      };
    }),
  );
  expect(lists.length, 'a list on the page').toBeGreaterThan(0);
  for (const list of lists) {
    expect(list.rows, 'rows in the list').toBeGreaterThan(0);
    expect(list.problems).toEqual([]);
    if (phone) {
      expect(list.headers.slice(0, phoneColumns.length)).toEqual(phoneColumns);
      expect(list.firstCellLine).toBe(list.name);
    }
  }
  if (!phone) {
    const firstRow = page.locator('[data-list-table] tbody tr').first();
    await expect(firstRow.getByRole('cell').last()).toBeInViewport({ ratio: 1 });
  }
}

/** The panel's footer buttons share one row and are all in view. */
async function expectFooterInOneRow(panel: Locator) {
  const cancel = panel.getByRole('button', { name: 'Cancel', exact: true });
  const save = panel.getByRole('button', { name: 'Save Changes', exact: true });
  const hide = panel.getByRole('button', { name: 'Hide', exact: true });
  for (const button of [cancel, save, hide]) await expect(button).toBeInViewport({ ratio: 1 });
  const rows = new Set([await boxOf(cancel), await boxOf(save), await boxOf(hide)].map((b) => Math.round(b.y)));
  expect(rows.size, 'footer rows').toBe(1);
}

/** The element's text (an SVG shape: its fill) is clearly red. */
async function expectRed(locator: Locator) {
  const [r, g, b] = await locator.evaluate((el) => getComputedStyle(el).color.match(/\d+/g)!.map(Number));
  expect(r! - Math.max(g!, b!), `red text, got rgb(${r}, ${g}, ${b})`).toBeGreaterThan(60);
}

/** The element's fill or background stands out from its surroundings' background (1.5:1 or more). */
async function expectVisibleOn(element: Locator, surroundings: Locator) {
  const colourOf = (locator: Locator, property: 'own' | 'background') =>
    locator.evaluate((el, prop) => {
      const style = getComputedStyle(el);
      if (prop === 'background') {
        for (let node: Element | null = el; node; node = node.parentElement) {
          const bg = getComputedStyle(node).backgroundColor;
          if (bg !== 'rgba(0, 0, 0, 0)' && bg !== 'transparent') return bg;
        }
        return 'rgb(255, 255, 255)';
      }
      return el instanceof SVGElement ? style.fill : style.backgroundColor;
    }, property);
  const contrast = ratio(await colourOf(element, 'own'), await colourOf(surroundings, 'background'));
  expect(contrast, 'contrast with the background').toBeGreaterThan(1.5);
}

function ratio(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = colour
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((c) => {
        const v = Number(c) / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
