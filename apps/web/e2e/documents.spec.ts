// Administration → Documentation (issue 15 item 8): the first open writes the built-in documents with the
// spec's toast; an administrator adds a document with a file, finds it by title and by control number,
// views, edits, downloads and deletes it; the tab passes axe in both themes and fits a phone.
// The only spec that opens the Documentation tab: the first open is its own.
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test } from './fixtures.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');

test('the document library: built-in documents on first open, then add, search, view, edit, download, delete', async ({
  page,
}) => {
  // One long journey through the tab: more steps than a test's usual time allows on a loaded machine.
  await signInAs(page, 'administrator');
  await page.goto('/admin?tab=documentation');
  await expect(page.getByRole('tab', { name: 'Documentation', selected: true })).toBeVisible();
  await expect(page.getByText('Documentation Initialized')).toBeVisible();
  await expect(page.getByText('Milestone documentation has been automatically created.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Documents' });
  await expect(table.getByRole('row', { name: 'Access Matrix' })).toBeVisible();
  await expect(table.getByRole('row', { name: 'Workflow Summary' })).toBeVisible();

  // The access matrix, generated from the permission matrix, reads as a table.
  await table.getByRole('row', { name: 'Access Matrix' }).getByRole('button', { name: 'View Access Matrix' }).click();
  const matrix = page.getByRole('dialog', { name: 'Access Matrix' });
  await expect(matrix.getByRole('row', { name: /^Administration Full/ })).toBeVisible();
  await expect(matrix.getByText('Generated from the live permissions')).toBeVisible();
  expect(await seriousFindings(page), 'view dialog').toEqual([]);
  await matrix.getByRole('button', { name: 'Close' }).click();

  // Add a document with a file.
  await page.getByRole('button', { name: 'Add Document' }).click();
  const form = page.getByRole('dialog', { name: 'Add Document' });
  await expect(form.getByRole('textbox', { name: 'Version' })).toHaveValue('1.0');
  await form.getByRole('button', { name: 'Add Document' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await form.getByRole('textbox', { name: 'Title' }).fill('Skilled visa lodgement checklist');
  await form.getByRole('combobox', { name: 'Category' }).fill('Checklists');
  await form.getByRole('textbox', { name: 'Description' }).fill('Before lodging a 189 or 190 application');
  await form
    .getByRole('textbox', { name: 'Content' })
    .fill('## Before lodging\n\n- Skills assessment **valid**\n- English test results\n\n<b>not bold</b>');
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name: 'checklist.pdf', mimeType: 'application/pdf', buffer: PDF });
  expect(await seriousFindings(page), 'form').toEqual([]);
  await form.getByRole('button', { name: 'Add Document' }).click();
  await expect(page.getByText('Document Created')).toBeVisible();
  await expect(form).toBeHidden();

  // Search by title, then by its control number.
  const search = page.getByRole('textbox', { name: 'Search documents' });
  await search.fill('lodgement checklist');
  const row = table.getByRole('row', { name: 'Skilled visa lodgement checklist' });
  await expect(row).toBeVisible();
  await expect(table.getByRole('row', { name: 'Access Matrix' })).toHaveCount(0);
  const controlNumber = (await row.getByRole('cell').first().innerText()).trim();
  expect(controlNumber).toMatch(/^DOC-\d{4}-\d{4,}$/);
  await search.fill(controlNumber);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(row).toContainText('Checklists');
  await expect(row).toContainText('1.0');

  // View: the content as text (no HTML from the document), the file's link.
  await row.getByRole('button', { name: 'View Skilled visa lodgement checklist' }).click();
  const view = page.getByRole('dialog', { name: 'Skilled visa lodgement checklist' });
  await expect(view.getByRole('heading', { name: 'Before lodging' })).toBeVisible();
  await expect(view.getByText('<b>not bold</b>')).toBeVisible();
  await expect(view.getByRole('button', { name: 'checklist.pdf' })).toBeVisible();
  await view.getByRole('button', { name: 'Close' }).click();

  // Edit the version.
  await row.getByRole('button', { name: 'Edit Skilled visa lodgement checklist' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Document' });
  await expect(edit.getByText('checklist.pdf')).toBeVisible();
  await edit.getByRole('textbox', { name: 'Version' }).fill('1.1');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Document Updated')).toBeVisible();
  await expect(row).toContainText('1.1');

  // Download the file.
  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Download Skilled visa lodgement checklist' }).click();
  expect((await download).suggestedFilename()).toBe('checklist.pdf');

  // Both themes and a phone's width.
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('menu')).toHaveCount(0);
  expect(await seriousFindings(page), 'dark').toEqual([]);
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('button', { name: 'Add Document' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });

  // Delete after the spec's confirmation.
  await row.getByRole('button', { name: 'Delete Skilled visa lodgement checklist' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Document' });
  await expect(confirm).toContainText('Are you sure you want to delete this document?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Document Deleted')).toBeVisible();
  await expect(page.getByText('No documents found')).toBeVisible();

  // Back to the whole library: the built-in documents were written once.
  await search.fill('');
  await expect(table.getByRole('row', { name: 'Access Matrix' })).toBeVisible();
  const answer = await page.request.post('/api/documents/built-in', { data: { confirm: true } });
  expect((await answer.json()).status).toBe('already');

  // The former key of this tab still opens it, the address rewritten to the spec's key.
  await page.goto('/admin?tab=documents');
  await expect(page).toHaveURL(/[?&]tab=documentation(&|$)/);
  await expect(page.getByRole('tab', { name: 'Documentation', selected: true })).toBeVisible();
});
