// Issue 16 item 2: a consultant logs a week of time against a lead (one entry on a task picked with the lead,
// one on an open task of theirs that picks its lead), changes an entry's hours in place, deletes one, submits
// the week, and a supervisor approves it from the Approvals tab; the consultant then finds the week approved
// and locked. Axe-checked on the way. Uses a week four weeks back, clear of the demo entries (the last two weeks).
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousFindings } from './axe.ts';
import { expect, DEMO_NAMES, signInAs, test } from './fixtures.ts';
import { createLead, uniqueWord } from './lead-helpers.ts';

async function addTime(page: Page, day: string, record: string, hours: string, description: string, task?: string) {
  await page.getByRole('button', { name: 'Add time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add time' });
  await dialog.getByRole('combobox', { name: 'Date' }).click();
  await page.getByRole('option', { name: day }).click();
  await dialog.getByRole('combobox', { name: 'Lead or client' }).fill(record);
  await page.getByRole('option', { name: new RegExp(record) }).click();
  if (task) {
    // The lead's own tasks are offered once the lead is picked.
    await dialog.getByRole('combobox', { name: 'Task', exact: true }).click();
    await page.getByRole('option', { name: task }).click();
  }
  await dialog.getByRole('textbox', { name: 'Hours' }).fill(hours);
  await dialog.getByRole('textbox', { name: 'Description' }).fill(description);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

async function addTask(request: APIRequestContext, leadId: string, taskName: string, assignedTo?: string) {
  const added = await request.post(`/api/leads/${leadId}/tasks`, {
    data: { taskType: 'Document Collection', taskName, content: '<p>For the timesheet test</p>', assignedTo },
  });
  expect(added.status(), await added.text()).toBe(201);
}

test('a consultant logs, corrects and submits a week; a supervisor approves it', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'consultant');
  const lead = await createLead(page.request);
  const leadName = `${lead.firstName} ${lead.lastName}`;
  const me = ((await (await page.request.get('/api/auth/session')).json()) as { user: { id: string } }).user;
  const leadTask = `Collect payslips ${uniqueWord()}`;
  const myTask = `Prepare the visa file ${uniqueWord()}`;
  await addTask(page.request, lead.id, leadTask);
  await addTask(page.request, lead.id, myTask, me.id);

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
  await addTime(page, days[1]!, lead.lastName, '6', 'Client meeting', leadTask);
  // Hours as people write them: '0:30' is half an hour.
  await addTime(page, days[1]!, lead.lastName, '0:30', 'Follow-up call');
  const grid = page.getByRole('table', { name: 'Hours by record and day' });
  const leadRow = grid.getByRole('row', { name: new RegExp(leadName) });
  await expect(leadRow).toContainText('14.00');
  await expect(page.getByTestId('week-total')).toHaveText('14.00');
  const entries = page.getByRole('table', { name: 'Entries' });
  await expect(entries.getByRole('row').filter({ hasText: 'Client meeting' })).toContainText(leadTask);

  // Before a lead is picked, the task list holds the consultant's own open tasks; one picks its lead too.
  await page.getByRole('button', { name: 'Add time' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add time' });
  await dialog.getByRole('combobox', { name: 'Date' }).click();
  await page.getByRole('option', { name: days[2]! }).click();
  await dialog.getByRole('combobox', { name: 'Task', exact: true }).fill(myTask);
  await page.getByRole('option', { name: new RegExp(myTask) }).click();
  await expect(dialog.getByRole('combobox', { name: 'Lead or client' })).toHaveValue(new RegExp(leadName));
  // Out of bounds is refused on the field, never made 24; '1h 15m' shows what it was taken as.
  const hoursField = dialog.getByRole('textbox', { name: 'Hours' });
  await hoursField.fill('25');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toContainText('Hours must be between 0.25 and 24');
  await expect(hoursField).toHaveValue('25');
  await hoursField.fill('1h 15m');
  await expect(dialog).toContainText('1.25 h');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(entries.getByRole('row').filter({ hasText: myTask })).toContainText('1.25');
  await expect(leadRow).toContainText('15.25');
  await expect(page.getByTestId('week-total')).toHaveText('15.25');

  // The first day's hours are corrected in place, by keyboard: out of bounds is refused in the spec's words,
  // Escape leaves the entry as it was, Enter saves.
  const edit = page.getByRole('button', { name: `Edit entry of ${days[0]} for ${leadName}` });
  await edit.click();
  const editing = entries.getByRole('row', { name: `Editing entry of ${days[0]} for ${leadName}` });
  const hours = editing.getByRole('textbox', { name: 'Hours' });
  await expect(hours).toBeFocused();
  await hours.fill('30');
  await hours.press('Enter');
  await expect(editing).toContainText('Hours must be between 0.25 and 24');
  expect(await seriousFindings(page)).toEqual([]);
  await hours.press('Escape');
  await expect(editing).toHaveCount(0);
  await expect(edit).toBeFocused();
  await expect(page.getByTestId('week-total')).toHaveText('15.25');
  await page.keyboard.press('Enter');
  await expect(hours).toBeFocused();
  await hours.fill('8');
  await editing.getByRole('textbox', { name: 'Description' }).fill('Prepared and checked the visa application');
  await hours.press('Enter');
  await expect(editing).toHaveCount(0);
  await expect(page.getByTestId('week-total')).toHaveText('15.75');
  await expect(leadRow).toContainText('15.75');
  await expect(entries.getByRole('row').filter({ hasText: 'Prepared and checked' })).toContainText('8.00');

  // Deleting asks first.
  await entries
    .getByRole('row')
    .filter({ hasText: 'Follow-up call' })
    .getByRole('button', { name: /^Delete entry of .* for / })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Delete entry' });
  await expect(confirm).toContainText('0.50 hours');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('week-total')).toHaveText('15.25');
  expect(await seriousFindings(page)).toEqual([]);

  await page.getByRole('button', { name: 'Submit week' }).click();
  await expect(page.getByText('Submitted', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add time' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Edit entry of / })).toHaveCount(0);

  // The supervisor approves it.
  const context = await browser.newContext({ baseURL });
  const supervisor = await context.newPage();
  await signInAs(supervisor, 'supervisor');
  await supervisor.goto('/timesheet');
  await supervisor.getByRole('tab', { name: 'Approvals' }).click();
  const consultant = `${DEMO_NAMES.consultant.firstName} ${DEMO_NAMES.consultant.lastName}`;
  const row = supervisor.getByRole('row', { name: new RegExp(consultant) }).filter({ hasText: '15.25' });
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
  await expect(page.getByRole('button', { name: /^Edit entry of / })).toHaveCount(0);
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
