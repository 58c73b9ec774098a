// Import (issue 15 item 5), as an administrator does it: Administration › Data Management, a CSV of leads
// with two bad rows — previewed and mapped, 'All or nothing' writes nothing and says why row by row, the
// error report downloads — then 'Skip invalid rows' imports the good ones, which the Leads list shows as
// Unassigned. The card passes axe in both themes.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test } from './fixtures.ts';

const HEADERS =
  'First Name,Last Name,Email,Phone,Date of Birth,Nationality,Country of Residence,Applicant Location,Desired Visa';

/** Names take no digits: the tag in letters ('132' → 'bdc'). */
const lettersOf = (tag: string) => tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);

function csvOf(tag: string) {
  const name = lettersOf(tag);
  const line = (first: string, last: string, n: number, email = `imported.${tag}.${n}@example.com`) =>
    `${first},${last},${email},+61 41${tag.slice(-3)} ${String(1000 + n)},1992-04-0${n},India,Australia,Outside Australia,Skilled Independent 189`;
  return {
    good: [`Zara${name}`, `Yusuf${name}`],
    text: [
      HEADERS,
      line(`Zara${name}`, 'Importa', 1),
      line(`Bad${name}`, '', 2),
      line(`Yusuf${name}`, 'Importa', 3),
      line(`Worse${name}`, 'Importa', 4, 'not-an-email'),
    ].join('\n'),
  };
}

async function chooseFile(page: Page, name: string, text: string) {
  await page
    .getByRole('region', { name: 'Import' })
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
}

test('a CSV of leads with two bad rows: all or nothing writes nothing, skip invalid imports the good rows', async ({
  page,
}) => {
  const tag = String(Date.now()).slice(-6);
  const csv = csvOf(tag);
  await signInAs(page, 'administrator');
  await page.goto('/admin?tab=data');
  await expect(page.getByRole('tab', { name: 'Data Management' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Import', level: 3 })).toBeVisible();

  await chooseFile(page, 'leads.csv', csv.text);
  const preview = page.getByRole('table', { name: 'Preview of the file' });
  await expect(preview.getByRole('cell', { name: csv.good[0] })).toBeVisible();
  // 'Phone' is matched to Contact Number by its header; the select shows the field.
  await expect(page.getByRole('combobox', { name: 'Field for column Phone' })).toHaveValue('Contact Number *');

  // All or nothing (the default): the two bad rows, in the forms' words; nothing written.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const result = page.getByTestId('import-result');
  await expect(
    result.getByText('Nothing was imported: fix the invalid rows, or choose Skip invalid rows.'),
  ).toBeVisible();
  const problems = page.getByRole('table', { name: 'Problems found' });
  await expect(problems.getByRole('row', { name: /3 Last Name Last name is required/ })).toBeVisible();
  await expect(problems.getByRole('row', { name: /5 Email Invalid email format/ })).toBeVisible();
  await expect(result.getByRole('group', { name: 'Imported', exact: true })).toHaveText('Imported0');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download error report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^leads-import-errors-\d{4}-\d{2}-\d{2}\.csv$/);
  const report = (await readFile((await file.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(report[0]).toBe(`Row,Column,Message,${HEADERS}`);
  expect(report).toHaveLength(3);

  const nothing = await page.request.get(`/api/leads?search=${encodeURIComponent(csv.good[0]!)}`);
  expect((await nothing.json()).items).toHaveLength(0);

  // Dry run in skip-invalid mode checks without writing; then the import writes the two good rows.
  // By keyboard: the mode's radio group moves with the arrow keys, the buttons answer Enter.
  await page.getByRole('radio', { name: 'All or nothing' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('radio', { name: 'Skip invalid rows' })).toBeChecked();
  await page.getByRole('button', { name: 'Dry run' }).focus();
  await page.keyboard.press('Enter');
  await expect(result.getByText('Dry run complete: nothing was written.')).toBeVisible();
  await expect(result.getByRole('group', { name: 'Valid', exact: true })).toHaveText('Valid2');

  expect(await seriousFindings(page, 'main')).toEqual([]);

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(result.getByText('2 leads imported.')).toBeVisible();
  await expect(result.getByRole('group', { name: 'Imported', exact: true })).toHaveText('Imported2');

  await page.goto(`/leads?search=${encodeURIComponent('Importa')}`);
  for (const first of csv.good) {
    const row = page.getByRole('row', { name: new RegExp(`Open lead ${first} Importa`) });
    await expect(row).toBeVisible();
    await expect(row.getByText('Unassigned').first()).toBeVisible();
  }
  await expect(page.getByRole('row', { name: new RegExp(`Open lead Worse${lettersOf(tag)}`) })).toHaveCount(0);
});

test.describe('dark theme', () => {
  test.use({ colorScheme: 'dark' });
  test('the Data Management tab with a preview passes axe', async ({ page }) => {
    await signInAs(page, 'account_administrator');
    await page.goto('/admin?tab=data');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await chooseFile(page, 'people.csv', csvOf('999111').text);
    await expect(page.getByRole('table', { name: 'Preview of the file' })).toBeVisible();
    await page.getByRole('button', { name: 'Dry run' }).click();
    await expect(page.getByRole('table', { name: 'Problems found' })).toBeVisible();
    expect(await seriousFindings(page, 'main')).toEqual([]);
  });
});
