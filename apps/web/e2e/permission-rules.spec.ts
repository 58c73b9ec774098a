// Issue 28 items 2 and 5 in the browser: the Users tab offers an administrator actions only on lower ranks
// (and on its own names), the roles screen says what Administration gives a role below administrator, and a
// supervisor, who may edit a record's services, tasks and notes, is offered no delete. Nothing here saves a
// role's modules, so no other test sees a changed matrix.
import type { Page } from '@playwright/test';
import { DEMO_NAMES, emailOf, expect, type Role, signInAs, test } from './fixtures.ts';
import { createLead, leadPanel } from './lead-helpers.ts';

const fullNameOf = (role: Role) => `${DEMO_NAMES[role].firstName} ${DEMO_NAMES[role].lastName}`;

/** The actions a Users row offers, read from its menu (found through the search, whatever else is listed). */
async function userActions(page: Page, role: Role): Promise<string[]> {
  await page.getByRole('textbox', { name: 'Search users' }).fill(emailOf(role));
  const row = page.getByRole('table', { name: 'Users' }).getByRole('row', { name: fullNameOf(role) });
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${fullNameOf(role)}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'View Details' })).toBeVisible();
  const actions = await menu.getByRole('menuitem').allTextContents();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  return actions.map((text) => text.trim());
}

test('an administrator is offered actions only on lower ranks, and its own names', async ({ page }) => {
  await signInAs(page, 'administrator');
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'User Management', selected: true })).toBeVisible();

  expect(await userActions(page, 'account_administrator')).toEqual(['View Details']);
  expect(await userActions(page, 'administrator')).toEqual(['View Details', 'Edit User']);
  // Spec 3 §6: Manage Role and Delete stay the account administrators'.
  expect(await userActions(page, 'supervisor')).toEqual([
    'View Details',
    'Edit User',
    'Suspend User',
    'Reset Password',
  ]);
  expect(await userActions(page, 'guest')).toEqual(['View Details', 'Edit User', 'Suspend User', 'Reset Password']);
});

test('the roles screen says what Administration gives a role below administrator', async ({ page }) => {
  await signInAs(page, 'account_administrator');
  await page.goto('/admin?tab=roles');
  const note = /in User Management it only views/;
  const administrator = page.getByRole('region', { name: 'Administrator role', exact: true });
  await expect(administrator.getByRole('checkbox', { name: 'Administration' })).toBeChecked();
  await expect(administrator.getByText(note)).toHaveCount(0);

  const teamLead = page.getByRole('region', { name: 'Team Lead role' });
  await expect(teamLead.getByText(note)).toHaveCount(0);
  await teamLead.getByRole('checkbox', { name: 'Administration' }).check();
  await expect(teamLead.getByText(note)).toBeVisible();
  // Not saved: the draft is dropped.
  await teamLead.getByRole('button', { name: 'Cancel' }).click();
  await expect(teamLead.getByRole('checkbox', { name: 'Administration' })).not.toBeChecked();
  await expect(teamLead.getByText(note)).toHaveCount(0);
});

test('a supervisor edits a lead’s services, tasks and notes but is offered no delete; an administrator is', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, 'supervisor');
  const lead = await createLead(page.request);
  const service = await page.request.post(`/api/leads/${lead.id}/services`, { data: { serviceName: 'Other' } });
  expect(service.status()).toBe(201);
  const note = await page.request.post(`/api/leads/${lead.id}/tasks`, {
    data: { taskType: 'Notes', content: '<p>Written by the supervisor</p>' },
  });
  expect(note.status()).toBe(201);

  await page.goto(`/leads-clients?view=${lead.id}&type=lead&tab=services`);
  let panel = leadPanel(page);
  await expect(panel.getByRole('button', { name: 'Edit service Other' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Delete service Other' })).toHaveCount(0);
  await page.goto(`/leads-clients?view=${lead.id}&type=lead&tab=tasks`);
  panel = leadPanel(page);
  await expect(panel.getByRole('button', { name: 'Edit Note' })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Delete Note' })).toHaveCount(0);

  const adminContext = await browser.newContext({ baseURL });
  try {
    const admin = await adminContext.newPage();
    await signInAs(admin, 'administrator');
    await admin.goto(`/leads-clients?view=${lead.id}&type=lead&tab=tasks`);
    await expect(leadPanel(admin).getByRole('button', { name: 'Delete Note' })).toBeVisible();
    await admin.goto(`/leads-clients?view=${lead.id}&type=lead&tab=services`);
    await expect(leadPanel(admin).getByRole('button', { name: 'Delete service Other' })).toBeVisible();
  } finally {
    await adminContext.close();
  }
});
