// Administration → Deleted Items (issue 14 item 6): an administrator restores a deleted lead (and sees no
// Delete Forever); an account administrator deletes one forever after the confirmation. Deleting a converted
// client forever puts its lead back to the status it had before conversion (issue 29 item 4, decision 0033).
import { DELETED_ITEMS_MESSAGES } from '@crm/domain';
import { convertLead, createLead, leadPanel } from './lead-helpers.ts';
import { expect, signInAs, test } from './fixtures.ts';

test('an administrator restores a deleted lead; an account administrator deletes one forever', async ({ page }) => {
  await signInAs(page, 'administrator');
  const kept = await createLead(page.request);
  const gone = await createLead(page.request);
  for (const lead of [kept, gone]) {
    const deleted = await page.request.delete(`/api/leads/${lead.id}`, { data: { reason: 'Entered by mistake' } });
    expect(deleted.status()).toBe(200);
  }

  await page.goto('/admin?tab=deleted');
  await expect(page.getByRole('tab', { name: 'Deleted Items', selected: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search deleted items' }).fill(kept.lastName);
  const row = page.getByRole('table', { name: 'Deleted items' }).getByRole('row', {
    name: `${kept.firstName} ${kept.lastName}`,
  });
  await expect(row).toContainText('Entered by mistake');
  await expect(row).toContainText('Lead');
  await expect(row.getByRole('button', { name: 'Delete Forever' })).toHaveCount(0);
  await row.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Lead restored successfully')).toBeVisible();
  await expect(page.getByText('No deleted items found')).toBeVisible();
  expect((await page.request.get(`/api/leads/${kept.id}`)).status()).toBe(200);

  await page.context().clearCookies();
  await signInAs(page, 'account_administrator');
  await page.goto('/admin?tab=deleted');
  await page.getByRole('textbox', { name: 'Search deleted items' }).fill(gone.lastName);
  const goneRow = page.getByRole('table', { name: 'Deleted items' }).getByRole('row', {
    name: `${gone.firstName} ${gone.lastName}`,
  });
  await goneRow.getByRole('button', { name: 'Delete Forever' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Forever' });
  await expect(confirm).toContainText(
    'Are you sure you want to permanently delete this lead? This action cannot be undone.',
  );
  await confirm.getByRole('button', { name: 'Delete Forever' }).click();
  await expect(page.getByText('Lead permanently deleted')).toBeVisible();
  await expect(page.getByText('No deleted items found')).toBeVisible();
  expect((await page.request.get(`/api/leads/${gone.id}`)).status()).toBe(404);
});

test('deleting a client forever puts its lead back to its earlier status, editable, live on an open panel', async ({
  page,
  context,
}) => {
  await signInAs(page, 'account_administrator');
  const lead = await createLead(page.request, { leadStatus: 'Consultation Completed' });
  const clientId = await convertLead(page.request, lead.id);
  const deleted = await page.request.delete(`/api/clients/${clientId}`, { data: { reason: 'Entered by mistake' } });
  expect(deleted.status()).toBe(200);

  // The converted lead, open read-only on one tab while the client is deleted forever on another.
  await page.goto(`/leads-clients?view=${lead.id}&type=lead`);
  const panel = leadPanel(page);
  await expect(panel.getByRole('heading', { name: /^View Lead LD-/ })).toBeVisible();

  const admin = await context.newPage();
  await admin.goto('/admin?tab=deleted');
  await admin.getByRole('textbox', { name: 'Search deleted items' }).fill(lead.lastName);
  await admin
    .getByRole('table', { name: 'Deleted items' })
    .getByRole('row', { name: `${lead.firstName} ${lead.lastName}` })
    .getByRole('button', { name: 'Delete Forever' })
    .click();
  const confirm = admin.getByRole('dialog', { name: 'Delete Forever' });
  await expect(confirm).toContainText(DELETED_ITEMS_MESSAGES.purgeClientLead);
  await confirm.getByRole('button', { name: 'Delete Forever' }).click();
  await expect(admin.getByText('Client permanently deleted')).toBeVisible();

  // The open panel follows the lead's change event: editable again, with the status it had before.
  await expect(panel.getByRole('heading', { name: /^Edit Lead LD-/ })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'First Name' })).toBeEnabled();
  await expect(panel.getByRole('combobox', { name: 'Lead Status', exact: true })).toHaveValue('Consultation Completed');
});
