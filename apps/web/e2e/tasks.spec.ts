// Issue 12: tasks and notes on a lead, the overview card's counts, the reminders panel of the assignee
// updated live, completing the task from the assignee's side, deleting a note, and stored markup that
// never runs (the server cleans it, the browser cleans it again).
import type { Locator, Page } from '@playwright/test';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { clientPanel, convertLeadThroughApi, createLead, leadPanel, uniqueWord } from './lead-helpers.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The firm's today as the date inputs read it ('24 Nov 2026'), from the server's own reminders. */
async function firmToday(page: Page): Promise<{ iso: string; typed: string }> {
  const response = await page.request.get('/api/tasks/reminders');
  expect(response.status()).toBe(200);
  const { today } = (await response.json()) as { today: string };
  const [year, month, day] = today.split('-');
  return { iso: today, typed: `${day} ${MONTHS[Number(month) - 1]} ${year}` };
}

async function choose(scope: Locator, page: Page, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

const remindersPanel = (page: Page) => page.getByRole('region', { name: 'Task Reminders' });

test('tasks and notes on a lead reach the assignee live, who completes the task', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, 'account_administrator');
  const lead = await createLead(page.request);
  const taskName = `Collect police certificates ${uniqueWord()}`;
  const today = await firmToday(page);

  // The assignee is at work on My Tasks: the task and its reminder must arrive without a reload.
  const consultantContext = await browser.newContext({ baseURL });
  const consultant = await consultantContext.newPage();
  await signInAs(consultant, 'consultant');
  await consultant.goto(`/my-tasks?search=${encodeURIComponent(taskName)}`);
  await expect(consultant.getByRole('heading', { name: 'My Tasks', level: 1 })).toBeVisible();
  await expect(consultant.getByText('No tasks match your filters')).toBeVisible();

  await page.goto(`/leads-clients?view=${lead.id}&type=lead`);
  const panel = leadPanel(page);
  const overview = panel.getByTestId('overview-tasks');
  await expect(overview).toContainText('0 tasks');
  await overview.click();
  await expect(panel.getByRole('tab', { name: 'Tasks & Notes' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByText('No tasks or notes yet. Add your first one!')).toBeVisible();

  // The spec's messages before anything is saved.
  await panel.getByRole('button', { name: 'Add Task/Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Task/Note' });
  const content = dialog.getByRole('textbox', { name: 'Content' });
  await expect(content).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Task' }).click();
  await expect(page.getByText('Task Name Required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Task Name' }).fill(taskName);
  await dialog.getByRole('button', { name: 'Add Task' }).click();
  await expect(page.getByText('Content Required')).toBeVisible();
  await expect(dialog.getByText('Please add some content to your note or task.')).toBeVisible();
  expect(await seriousFindings(page, '[role="dialog"]')).toEqual([]);

  await content.click();
  await page.keyboard.type('Ask for the ');
  await page.keyboard.press('Control+b');
  await page.keyboard.type('NBI clearance');
  await page.keyboard.press('Control+b');
  await dialog.getByRole('textbox', { name: 'Due Date' }).fill(today.typed);
  await dialog.getByRole('textbox', { name: 'Due Date' }).press('Tab');
  await choose(dialog, page, 'Priority', 'High');
  await dialog.getByRole('combobox', { name: 'Assign To (Optional)' }).click();
  await page.getByRole('option', { name: /^Sofia Santos/ }).click();
  await dialog.getByRole('button', { name: 'Add Task' }).click();
  await expect(page.getByText('Task/Note created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const item = panel.getByRole('listitem', { name: taskName });
  await expect(item).toContainText('Assigned to Sofia Santos');
  await expect(item).toContainText('High');
  await expect(item.locator('strong')).toHaveText('NBI clearance');
  expect(await seriousFindings(page, '[role="dialog"]')).toEqual([]);

  // My Tasks shows it at once; the reminders gain it, due today (the panel opened from its folded
  // button, whose counts show it too).
  await expect(consultant.getByRole('listitem', { name: taskName })).toContainText('Due');
  await consultant.getByRole('button', { name: /^Task Reminders/ }).click();
  const reminder = remindersPanel(consultant).getByTestId('reminders-dueToday').getByText(taskName);
  await expect(reminder).toBeVisible();
  expect(await seriousFindings(consultant, '[aria-label="Task Reminders"]')).toEqual([]);

  // A note: the type 'Notes' asks for content only.
  await panel.getByRole('button', { name: 'Add Task/Note' }).click();
  await choose(dialog, page, 'Type', 'Notes');
  await expect(dialog.getByRole('textbox', { name: 'Task Name' })).toHaveCount(0);
  await dialog.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Client prefers calls after 5 pm.');
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('listitem', { name: 'Note' })).toContainText('Client prefers calls after 5 pm.');

  // The details dialog: dates in long form and the timestamps.
  await panel.getByRole('button', { name: `View ${taskName}` }).click();
  const details = page.getByRole('dialog', { name: 'Task Details' });
  await expect(details).toContainText('Due Date');
  await expect(details).toContainText(/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d+ \w+ \d{4}/);
  await expect(details).toContainText('Last Updated');
  await details.getByRole('button', { name: 'Close', exact: true }).last().click();

  // The overview card counts them; a click jumps to the tab.
  await panel.getByRole('tab', { name: 'Lead Details' }).click();
  await expect(overview).toContainText('1 task');
  await expect(overview).toContainText('1 pending');
  await expect(overview).toContainText('1 note');

  // The consultant opens the lead from the reminder (the task lets them see it) and completes the task.
  await remindersPanel(consultant)
    .getByRole('link', { name: `${lead.firstName} ${lead.lastName}` })
    .click();
  const consultantPanel = leadPanel(consultant);
  await expect(consultantPanel.getByRole('tab', { name: 'Tasks & Notes' })).toHaveAttribute('aria-selected', 'true');
  await consultantPanel.getByRole('button', { name: `Edit ${taskName}` }).click();
  const edit = consultant.getByRole('dialog', { name: 'Edit Task/Note' });
  await choose(edit, consultant, 'Status', 'Completed');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(consultant.getByText('Task/Note updated successfully')).toBeVisible();
  await expect(consultant.getByTestId('reminder-item').filter({ hasText: taskName })).toHaveCount(0);

  // The administrator's panel follows (the record's change event).
  await panel.getByRole('tab', { name: 'Tasks & Notes' }).click();
  await expect(panel.getByRole('listitem', { name: taskName })).toContainText('Completed');

  // Deleting the note asks first.
  await panel.getByRole('button', { name: 'Delete Note' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Note' });
  await expect(confirm).toContainText('This action cannot be undone.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Task/Note deleted successfully')).toBeVisible();
  await expect(panel.getByRole('listitem', { name: 'Note' })).toHaveCount(0);
  await expect(panel.getByRole('listitem', { name: taskName })).toBeVisible();

  await consultantContext.close();
});

test('a note on a client, counted on its overview card', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  const clientId = await convertLeadThroughApi(page.request, lead.id);
  await page.goto(`/leads-clients?view=${clientId}&type=client`);
  const panel = clientPanel(page);
  await expect(panel.getByTestId('overview-tasks')).toContainText('0 notes');
  await panel.getByRole('tab', { name: 'Tasks & Notes' }).click();
  await panel.getByRole('button', { name: 'Add Task/Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Task/Note' });
  await choose(dialog, page, 'Type', 'Notes');
  await dialog.getByRole('textbox', { name: 'Content' }).click();
  await page.keyboard.type('Passport renewal booked for next month.');
  await dialog.getByRole('button', { name: 'Add Note' }).click();
  await expect(page.getByText('Task/Note created successfully')).toBeVisible();
  await expect(panel.getByRole('listitem', { name: 'Note' })).toContainText('Passport renewal booked');
  await panel.getByRole('tab', { name: 'Client Details' }).click();
  await expect(panel.getByTestId('overview-tasks')).toContainText('1 note');
});

test('stored markup never runs, and a guest reads tasks without changing them', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'account_administrator');
  const lead = await createLead(page.request);
  const payload =
    '<p>Safe words</p><img src=x onerror="window.__xss=1"><script>window.__xss=2</script>' +
    '<iframe src="javascript:window.__xss=3"></iframe><svg onload="window.__xss=4"></svg>' +
    '<p style="background:url(javascript:window.__xss=5)" onclick="window.__xss=6">More words</p>';
  const added = await page.request.post(`/api/leads/${lead.id}/tasks`, {
    data: { taskType: 'Client Communication', taskName: 'Review the call', content: payload },
  });
  expect(added.status(), await added.text()).toBe(201);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });

  await page.goto(`/leads-clients?view=${lead.id}&type=lead&tab=tasks`);
  const item = leadPanel(page).getByRole('listitem', { name: 'Review the call' });
  await expect(item).toContainText('Safe words');
  await expect(item).toContainText('More words');
  await expect(item.getByTestId('task-content').locator('img, script, iframe, svg, [onclick], [onerror]')).toHaveCount(
    0,
  );
  await item.getByText('More words').click();
  await leadPanel(page).getByRole('button', { name: 'View Review the call' }).click();
  const details = page.getByRole('dialog', { name: 'Task Details' });
  await expect(details).toContainText('Safe words');
  await expect(details.getByTestId('task-content').locator('img, script, iframe, svg, [style]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);

  // A guest may look at the lead's tasks, not add or change them.
  const guestContext = await browser.newContext({ baseURL });
  const guest = await guestContext.newPage();
  await signInAs(guest, 'guest');
  await guest.goto(`/leads-clients?view=${lead.id}&type=lead&tab=tasks`);
  const guestPanel = leadPanel(guest);
  await expect(guestPanel.getByRole('listitem', { name: 'Review the call' })).toBeVisible();
  await expect(guestPanel.getByRole('button', { name: 'Add Task/Note' })).toHaveCount(0);
  await expect(guestPanel.getByRole('button', { name: 'Edit Review the call' })).toHaveCount(0);
  await expect(guestPanel.getByRole('button', { name: 'Delete Review the call' })).toHaveCount(0);
  await guestContext.close();
});
