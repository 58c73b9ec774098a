// Issue 12: My Tasks as the assignee sees it — the cards, tiles / table remembered, filters and search in
// the URL, the Edit Task dialog with the record's card, Mark complete, and the open-entity link to the
// record's Tasks & Notes tab.
import { expect, signInAs, test } from './fixtures.ts';
import { createLead, leadPanel, uniqueWord } from './lead-helpers.ts';

test('the assignee finds, edits, completes and opens a task from My Tasks', async ({ page, browser, baseURL }) => {
  // An administrator gives the member a task on a new lead.
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signInAs(adminPage, 'administrator');
  const lead = await createLead(adminPage.request);
  const users = (await (await adminPage.request.get('/api/users/assignable')).json()) as {
    id: string;
    role: string;
  }[];
  const member = users.find((u) => u.role === 'member')!;
  const name = `Book medical ${uniqueWord()}`;
  const added = await adminPage.request.post(`/api/leads/${lead.id}/tasks`, {
    data: {
      taskType: 'Medical Examination',
      taskName: name,
      content: '<p>Book the <strong>panel physician</strong>.</p>',
      priority: 'high',
      dueDate: '2020-01-10',
      assignedTo: member.id,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  await admin.close();

  await signInAs(page, 'member');
  await page.goto('/my-tasks');
  await expect(page.getByRole('heading', { name: 'My Tasks', level: 1 })).toBeVisible();
  await expect(page.getByTestId('my-tasks-Overdue')).not.toHaveText('0');
  const card = page.getByRole('listitem', { name });
  await expect(card).toContainText(`Lead · ${lead.firstName} ${lead.lastName}`);
  await expect(card).toContainText('Overdue');
  await expect(card.locator('strong')).toHaveText('panel physician');

  // The table view is remembered after a reload.
  await page.getByRole('button', { name: 'Table view' }).click();
  await expect(page.getByRole('table', { name: 'My tasks' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: 'My tasks' })).toBeVisible();
  await expect(page.getByRole('row', { name })).toContainText('High');
  // And so is the way back to tiles.
  await page.getByRole('button', { name: 'Tiles view' }).click();
  await expect(page.getByRole('list', { name: 'My tasks' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('listitem', { name })).toBeVisible();
  await expect(page.getByRole('table', { name: 'My tasks' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Table view' }).click();
  await expect(page.getByRole('row', { name })).toBeVisible();

  // Filters and search live in the URL.
  await page.getByRole('combobox', { name: 'Filter by priority' }).click();
  await page.getByRole('option', { name: 'Low' }).click();
  await expect(page).toHaveURL(/priority=low/);
  await expect(page.getByRole('row', { name })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Filter by priority' }).click();
  await page.getByRole('option', { name: 'High' }).click();
  await expect(page).toHaveURL(/priority=high/);
  await expect(page.getByRole('row', { name })).toBeVisible();
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await expect(page).toHaveURL(/status=completed/);
  await expect(page.getByRole('row', { name })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'Pending' }).click();
  await expect(page).toHaveURL(/status=pending/);
  await expect(page.getByRole('row', { name })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search tasks' }).fill(name);
  await expect(page).toHaveURL(/search=/);
  await expect(page.getByTestId('my-task')).toHaveCount(1);
  await page.getByRole('textbox', { name: 'Search tasks' }).fill('zzqx no such task');
  await expect(page.getByText('No tasks match your filters')).toBeVisible();
  await page.getByRole('button', { name: 'Reset filters' }).click();
  // The shared search box follows the URL it reset.
  await expect(page.getByRole('textbox', { name: 'Search tasks' })).toHaveValue('');
  await page.getByRole('textbox', { name: 'Search tasks' }).fill(name);
  await expect(page.getByTestId('my-task')).toHaveCount(1);
  // So do the rows per page (the role's choices).
  await page.getByRole('combobox', { name: 'Rows per page' }).click();
  await page.getByRole('option', { name: '100 / page' }).click();
  await expect(page).toHaveURL(/pageSize=100/);
  await expect(page.getByTestId('my-task')).toHaveCount(1);

  // The Edit Task dialog: the record's card, then the task's fields.
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Task' });
  await expect(dialog).toContainText(`${lead.firstName} ${lead.lastName}`);
  await expect(dialog).toContainText(lead.email);
  const renamed = `${name} and X-rays`;
  await dialog.getByRole('textbox', { name: 'Task Name' }).fill(renamed);
  await dialog.getByRole('textbox', { name: 'Content' }).fill('Chest X-rays at the panel clinic.');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Task updated successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByRole('textbox', { name: 'Search tasks' }).fill(renamed);
  await expect(page.getByRole('row', { name: renamed })).toBeVisible();
  // The tile previews the new content.
  await page.getByRole('button', { name: 'Tiles view' }).click();
  await expect(page.getByRole('listitem', { name: renamed })).toContainText('Chest X-rays at the panel clinic.');
  await page.getByRole('button', { name: 'Table view' }).click();

  // Mark complete: it leaves Active Only, the Completed card counts it, and it shows under All Status.
  const completed = page.getByTestId('my-tasks-Completed');
  await expect(completed).toHaveText(/^[\d,]+$/);
  const completedBefore = Number((await completed.textContent())!.replace(/,/g, ''));
  await page.getByRole('button', { name: `Mark ${renamed} complete` }).click();
  await expect(page.getByText('No tasks match your filters')).toBeVisible();
  await expect(completed).toHaveText((completedBefore + 1).toLocaleString('en-AU'));
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: 'All Status' }).click();
  await expect(page.getByRole('row', { name: renamed })).toContainText('Completed');

  // Open the lead on its Tasks & Notes tab.
  await page.getByRole('link', { name: `Open lead ${lead.firstName} ${lead.lastName}` }).click();
  await expect(page).toHaveURL(/\/leads-clients\?.*tab=tasks/);
  await expect(leadPanel(page).getByRole('tab', { name: 'Tasks & Notes' })).toHaveAttribute('aria-selected', 'true');
  await expect(leadPanel(page).getByRole('listitem', { name: renamed })).toContainText('Completed');
});
