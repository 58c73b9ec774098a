// Administration → User Management (issue 14 item 2) as an account administrator and an administrator:
// a user created directly signs in with the temporary password and must change it first, sees their menu
// follow a new role, is signed out by a suspension, and is deleted. Each run creates its own user.
import type { Page } from '@playwright/test';
import {
  DEMO_NAMES,
  expect,
  mainMenu,
  outboxNames,
  resetLinkIn,
  signInAs,
  signInThroughForm,
  test,
  waitForMailTo,
} from './fixtures.ts';

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });

async function searchUsers(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Search users' }).fill(text);
}

async function openUserAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('an account administrator adds a user who changes the temporary password, follows a new role, is suspended and deleted', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const email = `nina.${stamp}@example.com`;
  const name = `Nina Park${stamp}`;
  await signInAs(page, 'account_administrator');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Administration', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Administration · /);
  await expect(page.getByRole('tab', { name: 'User Management', selected: true })).toBeVisible();
  await expect(usersTable(page).getByRole('row', { name: 'Alexandra Reid' })).toBeVisible();

  // Add New User, directly, as a Member.
  await page.getByRole('button', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add New User' });
  await add.getByRole('textbox', { name: 'Email' }).fill(email);
  await add.getByRole('textbox', { name: 'First Name' }).fill('Nina');
  await add.getByRole('textbox', { name: 'Last Name' }).fill(`Park${stamp}`);
  // Spec 3 §5: the role starts as Guest.
  await expect(add.getByRole('combobox', { name: 'Role' })).toHaveValue('Guest');
  await add.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Member', exact: true }).click();
  await add.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully!')).toBeVisible();
  const added = page.getByRole('dialog', { name: 'User Added' });
  const temporaryPassword = await added.getByTestId('one-time-password').inputValue();
  expect(temporaryPassword.length).toBeGreaterThanOrEqual(12);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await added.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Password copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(temporaryPassword);
  await added.getByRole('button', { name: 'Done' }).click();
  // Spec 3 §5: once the dialog has closed, the role starts as Member.
  await page.getByRole('button', { name: 'Add User' }).click();
  await expect(add.getByRole('combobox', { name: 'Role' })).toHaveValue('Member');
  await add.getByRole('button', { name: 'Cancel' }).click();
  await expect(add).toHaveCount(0);
  await searchUsers(page, email);
  const row = usersTable(page).getByRole('row', { name });
  await expect(row).toContainText('Member');
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never');

  // The new user signs in and must change the temporary password before anything else.
  const userContext = await browser.newContext();
  try {
    const userPage = await userContext.newPage();
    await userPage.goto('/auth');
    await signInThroughForm(userPage, email, temporaryPassword);
    await expect(userPage.getByRole('heading', { name: 'My Profile', level: 1 })).toBeVisible();
    await expect(userPage.getByText('Please change your password to continue.')).toBeVisible();
    await userPage.goto('/leads');
    await expect(userPage).toHaveURL(/\/profile$/);
    await userPage.getByRole('textbox', { name: 'Current password', exact: true }).fill(temporaryPassword);
    await userPage.getByRole('textbox', { name: 'New password', exact: true }).fill('Nina-Own-Pass-42!');
    await userPage.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Nina-Own-Pass-42!');
    await userPage.getByRole('button', { name: 'Update Password' }).click();
    await expect(userPage.getByText('Password updated successfully')).toBeVisible();
    await expect(userPage.getByText('Please change your password to continue.')).toHaveCount(0);
    await userPage.goto('/leads');
    await expect(userPage.getByRole('heading', { name: 'Leads and Clients', level: 1 })).toBeVisible();
    // A member opens Finance.
    await expect(mainMenu(userPage).getByRole('link', { name: 'Finance and Sales' })).toBeVisible();

    // The administrator makes them a Guest: their menu follows without a reload.
    await openUserAction(page, name, 'Manage Role');
    const roleDialog = page.getByRole('dialog', { name: 'Manage User Role' });
    await roleDialog.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Guest', exact: true }).click();
    await roleDialog.getByRole('button', { name: 'Update Role' }).click();
    await expect(page.getByText('User role updated to Guest')).toBeVisible();
    await expect(row).toContainText('Guest');
    await expect(mainMenu(userPage).getByRole('link', { name: 'Finance and Sales' })).toHaveCount(0);

    // Suspended: their session ends at once and the sign-in form says why.
    await openUserAction(page, name, 'Suspend User');
    await page.getByRole('dialog', { name: 'Suspend User' }).getByRole('button', { name: 'Suspend' }).click();
    await expect(page.getByText('User status updated successfully')).toBeVisible();
    await expect(page.getByText('User has been suspended')).toBeVisible();
    await expect(row).toContainText('Suspended');
    expect((await userPage.request.get('/api/profile')).status()).toBe(401);
    await userContext.clearCookies();
    await userPage.goto('/auth');
    await signInThroughForm(userPage, email, 'Nina-Own-Pass-42!');
    await expect(
      userPage.getByText('Your account has been suspended. Please contact your administrator.'),
    ).toBeVisible();
  } finally {
    await userContext.close();
  }

  // Deleted: gone from the list.
  await openUserAction(page, name, 'Delete User');
  const remove = page.getByRole('dialog', { name: 'Delete User' });
  await expect(remove.getByRole('combobox', { name: /Hand over their leads/ })).toHaveAttribute(
    'placeholder',
    'Leave them Unassigned',
  );
  await remove.getByRole('button', { name: 'Delete User' }).click();
  await expect(page.getByText('User deleted successfully')).toBeVisible();
  await expect(page.getByText('No users found')).toBeVisible();
});

test('an administrator sees the users but adds, deletes, exports and changes roles of no one, nor touches an account administrator', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  await page.goto('/admin?tab=users');
  await expect(usersTable(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add User' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Export Users' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Bulk Actions' })).toHaveCount(0);
  const { account_administrator: owner, guest } = DEMO_NAMES;
  await page.getByRole('button', { name: `Actions for ${owner.firstName} ${owner.lastName}` }).click();
  await expect(page.getByRole('menuitem', { name: 'View Details' })).toBeVisible();
  await expect(page.getByRole('menuitem')).toHaveCount(1);
  await page.getByRole('menuitem', { name: 'View Details' }).click();
  await expect(page.getByRole('dialog', { name: 'User Details' })).toContainText('Account Administrator');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: `Actions for ${guest.firstName} ${guest.lastName}` }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit User' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Reset Password' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Manage Role' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Delete User' })).toHaveCount(0);
});

test('Bulk Actions chooses users by their checkboxes (or all on the page) and suspends and deletes them', async ({
  page,
}) => {
  await signInAs(page, 'account_administrator');
  // Names take no digits: the tag in letters.
  const tag = Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  const names = ['Bea', 'Cal'].map((firstName) => `${firstName} Bulk${tag}`);
  for (const name of names) {
    const [firstName, lastName] = name.split(' ');
    const created = await page.request.post('/api/users', {
      data: {
        email: `${firstName!.toLowerCase()}.${tag}@example.com`,
        firstName,
        lastName,
        role: 'guest',
        invite: false,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
  }
  await page.goto('/admin');
  await searchUsers(page, `Bulk${tag}`);
  for (const name of names) await expect(usersTable(page).getByRole('row', { name })).toContainText('Active');
  await expect(usersTable(page).getByRole('checkbox')).toHaveCount(0);

  await page.getByRole('button', { name: 'Bulk Actions' }).click();
  const all = usersTable(page).getByRole('checkbox', { name: 'Select all users on this page' });
  await usersTable(page)
    .getByRole('checkbox', { name: `Select ${names[0]}` })
    .check();
  // One of two chosen: the header box is mixed.
  await expect(all).not.toBeChecked();
  await expect(all).toHaveAttribute('data-indeterminate', 'true');
  const bulk = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bulk).toContainText('1 user(s) selected');
  await bulk.getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText('Updated 1 users successfully')).toBeVisible();
  await expect(usersTable(page).getByRole('row', { name: names[0] })).toContainText('Suspended');
  await expect(usersTable(page).getByRole('row', { name: names[1] })).toContainText('Active');

  await all.check();
  await expect(bulk).toContainText('2 user(s) selected');
  await bulk.getByRole('button', { name: 'Delete' }).click();
  await expect(bulk).toContainText('Delete 2 user(s)? Their records are left Unassigned.');
  await bulk.getByRole('button', { name: 'Confirm Delete' }).click();
  await expect(page.getByText('Successfully deleted 2 users')).toBeVisible();
  await expect(page.getByText('No users found')).toBeVisible();
});

test('an invited user is Pending until they choose a password from the emailed link, then signs in', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const email = `ivy.${stamp}@example.com`;
  await signInAs(page, 'account_administrator');
  await page.goto('/admin');
  const seen = await outboxNames();
  // Importing users and bulk email (spec 3: 'coming soon') are said to be not offered, in words.
  await expect(
    page.getByText('Importing users and bulk email are not offered: add each user with Add User or Invite User.'),
  ).toBeVisible();
  // Invite User: the Add User form with the invitation already chosen.
  await page.getByRole('button', { name: 'Invite User' }).click();
  const add = page.getByRole('dialog', { name: 'Invite User' });
  await add.getByRole('textbox', { name: 'Email' }).fill(email);
  await add.getByRole('textbox', { name: 'First Name' }).fill('Ivy');
  await add.getByRole('textbox', { name: 'Last Name' }).fill(`Invited${stamp}`);
  await add.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(page.getByRole('dialog', { name: 'User Added' })).toContainText(`An invitation was queued for ${email}`);
  // The toast follows the mail: queued, then sent once the (tests') mail server took it.
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();
  await searchUsers(page, email);
  const row = usersTable(page).getByRole('row', { name: `Ivy Invited${stamp}` });
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('Guest');

  const mail = await waitForMailTo(email, seen);
  expect(mail).toMatch(/^Subject: You are invited to Visa CRM/m);
  const link = new URL(resetLinkIn(mail));
  const invited = await browser.newContext();
  try {
    const invitedPage = await invited.newPage();
    await invitedPage.goto(link.pathname + link.search);
    await invitedPage.getByRole('textbox', { name: 'New password', exact: true }).fill('Ivy-Chosen-Pass-7!');
    await invitedPage.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('Ivy-Chosen-Pass-7!');
    await invitedPage.getByRole('button', { name: 'Update Password' }).click();
    await invitedPage.getByRole('link', { name: 'Continue to sign in' }).click();
    await signInThroughForm(invitedPage, email, 'Ivy-Chosen-Pass-7!');
    await expect(invitedPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  } finally {
    await invited.close();
  }
  // Choosing the password accepted the invitation: the list follows live.
  await expect(row).toContainText('Active');
});
