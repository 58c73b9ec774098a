// Notifications (issue 15 item 3): a lead given to a user rings their bell at once (live), opening the
// notification marks it read and opens the lead; the user's switches are saved on My Profile.
import { createLead, leadPanel } from './lead-helpers.ts';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test } from './fixtures.ts';

test('a lead assigned to me rings the bell live; opening it marks it read and opens the lead', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'supervisor');
  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toBeVisible();

  const admin = await browser.newContext({ baseURL: new URL(page.url()).origin });
  try {
    const adminPage = await admin.newPage();
    await signInAs(adminPage, 'administrator');
    // The lead helper names the supervisor as manager and assistant manager.
    const lead = await createLead(adminPage.request);
    const name = `${lead.firstName} ${lead.lastName}`;

    await expect(bell).toHaveAccessibleName(/Notifications, \d+\+? unread/);
    await bell.click();
    const item = page.getByRole('button', { name: new RegExp(`New lead assigned to you.*${name}`) });
    await expect(item).toBeVisible();
    expect(await seriousFindings(page, '[aria-label="Notifications"]')).toEqual([]);
    await item.click();
    await expect(page).toHaveURL(new RegExp(`view=${lead.id}`));
    await expect(leadPanel(page)).toContainText(name);
    await page.getByRole('button', { name: 'Close lead panel' }).click();
    await expect(leadPanel(page)).toBeHidden();

    await bell.click();
    await expect(page.getByRole('button', { name: new RegExp(`^New lead assigned to you.*${name}`) })).toBeVisible();
    await expect(
      page.getByRole('button', { name: new RegExp(`^Unread: New lead assigned to you.*${name}`) }),
    ).toHaveCount(0);
  } finally {
    await admin.close();
  }
});

test('my notification switches are saved on My Profile', async ({ page }) => {
  await signInAs(page, 'member');
  await page.goto('/profile');
  const reminders = page.getByRole('switch', { name: 'Daily task reminders: email' });
  await expect(reminders).toBeChecked();
  try {
    await reminders.click({ force: true });
    await page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Notification settings saved')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Daily task reminders: email' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Daily task reminders: in-app' })).toBeChecked();
  } finally {
    const own = await (await page.request.get('/api/profile/notifications')).json();
    await page.request.put('/api/profile/notifications', {
      data: { ...own, email: { ...own.email, taskReminders: true } },
    });
  }
});
