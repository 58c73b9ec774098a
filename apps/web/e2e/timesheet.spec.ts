// Issue 16 item 2: a consultant logs a week of time against a lead, submits it, and a supervisor approves
// it from the Approvals tab; the consultant then finds the week approved and locked. Axe-checked on the way.
// Uses a week four weeks back, clear of the demo entries (the last two weeks).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect as baseExpect, DEMO_NAMES, signInAs, test } from './fixtures.ts';
import { createLead } from './lead-helpers.ts';

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

async function seriousFindings(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(' ')}`));
}

async function addTime(page: Page, day: string, record: string, hours: string, description: string) {
  await page.getByRole('button', { name: 'Add time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add time' });
  await dialog.getByRole('combobox', { name: 'Date' }).click();
  await page.getByRole('option', { name: day }).click();
  await dialog.getByRole('combobox', { name: 'Lead or client' }).fill(record);
  await page.getByRole('option', { name: new RegExp(record) }).click();
  await dialog.getByRole('textbox', { name: 'Hours' }).fill(hours);
  await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('a consultant logs and submits a week; a supervisor approves it', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'consultant');
  const lead = await createLead(page.request);
  const leadName = `${lead.firstName} ${lead.lastName}`;

  await page.goto('/timesheet');
  await expect(page.getByRole('heading', { name: 'Timesheet', level: 1 })).toBeVisible();
  const range = page.getByTestId('week-range');
  for (let i = 0; i < 4; i += 1) {
    const before = await range.textContent();
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(range).not.toHaveText(before ?? '');
  }
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByText('No time logged this week')).toBeVisible();

  // The Date choices are the week's days, Monday first.
  await page.getByRole('button', { name: 'Add time' }).click();
  await page.getByRole('dialog', { name: 'Add time' }).getByRole('combobox', { name: 'Date' }).click();
  const days = await page.getByRole('option').allTextContents();
  expect(days).toHaveLength(7);
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Add time' }).getByRole('button', { name: 'Cancel' }).click();

  await addTime(page, days[0]!, lead.lastName, '7.5', 'Prepared the visa application');
  await addTime(page, days[1]!, lead.lastName, '6', 'Client meeting');
  await addTime(page, days[1]!, lead.lastName, '0.5', 'Follow-up call');
  const grid = page.getByRole('table', { name: 'Hours by record and day' });
  await expect(grid.getByRole('row', { name: new RegExp(leadName) })).toContainText('14.00');
  await expect(page.getByTestId('week-total')).toHaveText('14.00');

  // Deleting asks first.
  await page
    .getByRole('button', { name: /^Delete entry of .* for / })
    .last()
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete entry' });
  await expect(confirm).toContainText('0.50 hours');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('week-total')).toHaveText('13.50');
  expect(await seriousFindings(page)).toEqual([]);

  await page.getByRole('button', { name: 'Submit week' }).click();
  await expect(page.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add time' })).toHaveCount(0);

  // The supervisor approves it.
  const context = await browser.newContext({ baseURL });
  const supervisor = await context.newPage();
  await signInAs(supervisor, 'supervisor');
  await supervisor.goto('/timesheet');
  await supervisor.getByRole('tab', { name: 'Approvals' }).click();
  const consultant = `${DEMO_NAMES.consultant.firstName} ${DEMO_NAMES.consultant.lastName}`;
  const row = supervisor.getByRole('row', { name: new RegExp(consultant) }).filter({ hasText: '13.50' });
  await expect(row).toBeVisible();
  expect(await seriousFindings(supervisor)).toEqual([]);
  await row.getByRole('button', { name: /^Approve week of / }).click();
  await expect(row).toHaveCount(0);
  await context.close();

  // The consultant's week is approved and locked (live, or on the next read).
  await page.reload();
  for (let i = 0; i < 4; i += 1) {
    const before = await range.textContent();
    await page.getByRole('button', { name: 'Previous week' }).click();
    await expect(range).not.toHaveText(before ?? '');
  }
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await expect(page.getByText(/Approved by Priya Sharma/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit week' })).toHaveCount(0);
});

test.describe('dark theme on a phone', () => {
  test.use({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });

  test('the week, Approvals and the report pass axe', async ({ page }) => {
    await signInAs(page, 'supervisor');
    await page.goto('/timesheet');
    await expect(page.getByTestId('week-total')).toBeVisible();
    const findings = (await seriousFindings(page)).map((f) => `[week] ${f}`);
    await page.getByRole('tab', { name: 'Approvals' }).click();
    await expect(page.getByRole('table', { name: 'Weeks waiting for approval' })).toBeVisible();
    findings.push(...(await seriousFindings(page)).map((f) => `[approvals] ${f}`));
    await page.getByRole('tab', { name: 'Report' }).click();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
    await expect(page.getByRole('main').getByText(/^Loading\b/)).toHaveCount(0);
    findings.push(...(await seriousFindings(page)).map((f) => `[report] ${f}`));
    expect(findings).toEqual([]);
  });
});
