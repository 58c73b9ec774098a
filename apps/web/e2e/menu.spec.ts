// The sidebar menu per role (spec 1 §6.1, spec 2 §6 "Menu access", DECISIONS.md §2: route access
// and menu always agree), the route guard's 'Access Restricted' page and the not-found page.
// Accounts used: all seven, read-only. member and team_lead are held while signed in, because
// profile.spec and reset-password.spec change those passwords for a moment.
import { expect, mainMenu, type Role, ROLES, signInAs, test } from './fixtures.ts';

// Independent tests: spread them over both workers.
test.describe.configure({ mode: 'parallel' });

const ALL_PAGES = [
  { title: 'Dashboard', path: '/dashboard' },
  { title: 'Leads and Clients', path: '/leads-clients' },
  { title: 'Contacts', path: '/contacts' },
  { title: 'My Tasks', path: '/my-tasks' },
  { title: 'Forms', path: '/forms' },
  { title: 'Contract Manager', path: '/contracts' },
  { title: 'Timesheet', path: '/timesheet' },
  { title: 'Staffing', path: '/staffing' },
  { title: 'Finance and Sales', path: '/finance' },
  { title: 'Administration', path: '/admin' },
] as const;
type Title = (typeof ALL_PAGES)[number]['title'];

const ALL_ROLES: readonly Role[] = ROLES;
const ALL_BUT_GUEST: readonly Role[] = ROLES.filter((r) => r !== 'guest');
/** Spec 1 §6.1 "Menu visibility" and spec 2 §6 "Menu access". */
const VISIBLE_TO: Record<Title, readonly Role[]> = {
  Dashboard: ALL_ROLES,
  'Leads and Clients': ALL_ROLES,
  Contacts: ALL_ROLES,
  'My Tasks': ALL_BUT_GUEST,
  Forms: ALL_BUT_GUEST,
  'Contract Manager': ALL_BUT_GUEST,
  Timesheet: ALL_BUT_GUEST,
  Staffing: ['administrator', 'account_administrator', 'supervisor'],
  'Finance and Sales': ['member', 'administrator', 'account_administrator', 'supervisor'],
  Administration: ['administrator', 'account_administrator'],
};

const EXPECTED_MENU: Record<Role, Title[]> = {
  account_administrator: [
    'Dashboard',
    'Leads and Clients',
    'Contacts',
    'My Tasks',
    'Forms',
    'Contract Manager',
    'Timesheet',
    'Staffing',
    'Finance and Sales',
    'Administration',
  ],
  administrator: [
    'Dashboard',
    'Leads and Clients',
    'Contacts',
    'My Tasks',
    'Forms',
    'Contract Manager',
    'Timesheet',
    'Staffing',
    'Finance and Sales',
    'Administration',
  ],
  supervisor: [
    'Dashboard',
    'Leads and Clients',
    'Contacts',
    'My Tasks',
    'Forms',
    'Contract Manager',
    'Timesheet',
    'Staffing',
    'Finance and Sales',
  ],
  team_lead: ['Dashboard', 'Leads and Clients', 'Contacts', 'My Tasks', 'Forms', 'Contract Manager', 'Timesheet'],
  consultant: ['Dashboard', 'Leads and Clients', 'Contacts', 'My Tasks', 'Forms', 'Contract Manager', 'Timesheet'],
  member: [
    'Dashboard',
    'Leads and Clients',
    'Contacts',
    'My Tasks',
    'Forms',
    'Contract Manager',
    'Timesheet',
    'Finance and Sales',
  ],
  guest: ['Dashboard', 'Leads and Clients', 'Contacts'],
};

test('the hand-written expected menus agree with the spec’s visibility rules', () => {
  for (const role of ROLES) {
    const fromRules = ALL_PAGES.filter((p) => VISIBLE_TO[p.title].includes(role)).map((p) => p.title);
    expect(EXPECTED_MENU[role], role).toEqual(fromRules);
  }
});

for (const role of ROLES) {
  test(`${role} sees exactly its menu, in order`, async ({ page }) => {
    await signInAs(page, role);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();

    const links = mainMenu(page).getByRole('link');
    await expect(links).toHaveText(EXPECTED_MENU[role]);
    for (const title of EXPECTED_MENU[role]) {
      const path = ALL_PAGES.find((p) => p.title === title)!.path;
      await expect(mainMenu(page).getByRole('link', { name: title, exact: true })).toHaveAttribute('href', path);
    }
    // My Profile is reached from the user menu, not the sidebar: no entry is marked active.
    await expect(mainMenu(page).locator('a[data-active]')).toHaveCount(0);

    // A menu entry opens its page under the shell (the last entry: the most restricted one the role
    // has) and becomes the one active entry.
    const last = EXPECTED_MENU[role].at(-1)!;
    await mainMenu(page).getByRole('link', { name: last, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${ALL_PAGES.find((p) => p.title === last)!.path}$`));
    await expect(mainMenu(page).getByRole('link', { name: last, exact: true })).toHaveAttribute('data-active', 'true');
    await expect(mainMenu(page).locator('a[data-active]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
    await expect(page.getByText('Access Restricted')).toHaveCount(0);
  });
}

test('guest opening /finance sees Access Restricted', async ({ page }) => {
  await signInAs(page, 'guest');
  await page.goto('/finance');
  await expect(page.getByRole('heading', { name: 'Access Restricted', level: 1 })).toBeVisible();
  await expect(
    page.getByText('Your role (Guest) does not have access to Finance and Sales.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Finance and Sales' })).toHaveCount(0);
  // The shell stays, and the way back works.
  await expect(mainMenu(page)).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
});

test('consultant opening /admin sees Access Restricted', async ({ page }) => {
  await signInAs(page, 'consultant');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Restricted', level: 1 })).toBeVisible();
  await expect(page.getByText('does not have access to Administration', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Administration' })).toHaveCount(0);
});

test('an unknown path shows the not-found page, signed in or not', async ({ page }) => {
  await page.goto('/no-such-page/at-all');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/no-such-page\/at-all$/);

  await signInAs(page, 'guest');
  await page.goto('/no-such-page/at-all');
  await expect(page.getByRole('heading', { name: 'Page not found', level: 1 })).toBeVisible();
  await expect(page.getByText('The page you are looking for does not exist or has moved.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(mainMenu(page)).toBeVisible();
});
