// Administration → Data Management, Backup and restore (issue 15 item 7), in the firm-wide project: a
// restore replaces every table and signs non-administrators out, so it runs after the other browser tests,
// alone. The signing key the server generated is shown until stored (issue 28 item 4); take a backup, change
// data, see which installation made the file and when, restore it and see the old data back.
import type { Page } from '@playwright/test';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLead, leadRow } from './lead-helpers.ts';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test } from './fixtures.ts';

const backupCard = (page: Page) => page.getByRole('region', { name: 'Backup and restore' });

test('the generated backup signing key is shown until the administrator says it is stored', async ({ page }) => {
  await signInAs(page, 'account_administrator');
  await page.goto('/admin?tab=data');
  const card = backupCard(page);
  const notice = card.getByRole('alert').filter({ hasText: 'Store the backup signing key' });
  await expect(notice).toBeVisible();
  // The browser tests' server runs on the embedded database: the key was made in its data folder.
  await expect(notice.getByRole('textbox', { name: 'Backup signing key' })).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
  await expect(notice.getByRole('button', { name: 'Copy' })).toBeVisible();
  expect(await seriousFindings(page, 'main')).toEqual([]);
  await notice.getByRole('button', { name: 'I have stored it' }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(card.getByText('Auto backup')).toBeVisible();
  await expect(card.getByText('Store the backup signing key')).toHaveCount(0);
});

test('take a backup, change data, restore it: the old data is back', async ({ page }) => {
  const folder = await mkdtemp(join(tmpdir(), 'crm-e2e-backup-'));
  try {
    await signInAs(page, 'account_administrator');
    const kept = await createLead(page.request);

    await page.goto('/admin?tab=data');
    const card = backupCard(page);
    await expect(card.getByText('Auto backup')).toBeVisible();
    const downloading = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download backup' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^visa-crm-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    const file = join(folder, download.suggestedFilename());
    await download.saveAs(file);

    // After the backup: a new lead, and the kept one renamed.
    const added = await createLead(page.request);
    const renamed = `${kept.firstName}Renamed`;
    const patched = await page.request.patch(`/api/leads/${kept.id}`, {
      data: { firstName: renamed, version: kept.version },
    });
    expect(patched.status()).toBe(200);

    const choosing = page.waitForEvent('filechooser');
    await card.getByRole('button', { name: 'Restore from a file…' }).click();
    await (await choosing).setFiles(file);
    const dialog = page.getByRole('dialog', { name: 'Restore this backup?' });
    await expect(dialog.getByText('maintenance mode is on')).toBeVisible();
    // Checked before the question: which installation made it and when, from its signed manifest.
    const about = dialog.getByRole('table', { name: 'The backup' });
    await expect(about.getByRole('row', { name: /Made by/ })).toContainText('This installation');
    await expect(about.getByRole('row', { name: /Taken/ })).toBeVisible();
    await expect(about.getByRole('row', { name: /Installation ID/ })).toContainText(/[0-9a-f-]{36}/);
    const confirm = dialog.getByRole('button', { name: 'Restore', exact: true });
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Type RESTORE to confirm' }).fill('restore');
    await expect(confirm).toBeDisabled();
    await dialog.getByRole('textbox', { name: 'Type RESTORE to confirm' }).fill('RESTORE');
    expect(await seriousFindings(page, '[role="dialog"]')).toEqual([]);
    await confirm.click();
    await expect(card.getByText('Backup restored')).toBeVisible();
    await expect(card.getByText('Maintenance mode is off.')).toBeVisible();

    // Still signed in; the lead added after the backup is gone, the renamed one has its old name.
    expect((await page.request.get(`/api/leads/${added.id}`)).status()).toBe(404);
    await page.goto(`/leads?search=${encodeURIComponent(kept.lastName)}`);
    await expect(leadRow(page, `${kept.firstName} ${kept.lastName}`)).toBeVisible();
    await expect(page.getByText(renamed)).toHaveCount(0);

    // A file that is no backup is refused in words by the check, before any question, and changes nothing.
    await page.goto('/admin?tab=data');
    const notBackup = join(folder, 'notes.tar.gz');
    await writeFile(notBackup, 'just some text');
    const choosingAgain = page.waitForEvent('filechooser');
    await backupCard(page).getByRole('button', { name: 'Restore from a file…' }).click();
    await (await choosingAgain).setFiles(notBackup);
    await expect(backupCard(page).getByText('This file is not a Visa CRM backup.')).toBeVisible();
    await expect(dialog).toHaveCount(0);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the backup card passes axe in the ${scheme} theme, at 1280 and 390 px`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signInAs(page, 'account_administrator');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/admin?tab=data');
      await expect(backupCard(page).getByText('Auto backup')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      expect(await seriousFindings(page, 'main')).toEqual([]);
    }
  });
}
