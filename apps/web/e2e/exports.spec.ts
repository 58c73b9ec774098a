// Exports of the lists (issue 15 item 6): the Leads tab's Export gives the rows the list shows for its
// search as CSV; a consultant, whose role exports nothing, has no Export button.
import { readFile } from 'node:fs/promises';
import { createLead } from './lead-helpers.ts';
import { expect, signInAs, test } from './fixtures.ts';

test('Export on the Leads tab downloads the searched leads as CSV; a consultant has no Export', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  await page.goto(`/leads?search=${encodeURIComponent(lead.lastName)}`);
  await expect(page.getByRole('row', { name: `Open lead ${lead.firstName} ${lead.lastName}` })).toBeVisible();

  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^leads-export-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await readFile((await file.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toMatch(/^Lead ID,First Name,Middle Name,Last Name,Email/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(lead.email);

  await page.context().clearCookies();
  await signInAs(page, 'consultant');
  await page.goto('/leads');
  await expect(page.getByRole('heading', { name: 'Leads and Clients', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toHaveCount(0);
});
