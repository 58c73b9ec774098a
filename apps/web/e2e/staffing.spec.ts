// Issue 16 item 3: Staffing as a supervisor uses it — find a departing consultant in the directory with
// their open work counted, read the preview of what moves to a colleague, confirm, and see the work move;
// the page passes axe in both themes and fits a phone.
import { seriousFindings } from './axe.ts';
import { expect, DEMO_NAMES, signInAs, test } from './fixtures.ts';
import { leadFields, staffAssignment, uniqueWord } from './lead-helpers.ts';

test("a supervisor reassigns a departing consultant's open work from Staffing", async ({ page, browser, baseURL }) => {
  // An account administrator adds the consultant who is leaving, with two open leads and an overdue task.
  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signInAs(adminPage, 'account_administrator');
  const lastName = uniqueWord('Leaving');
  const created = await adminPage.request.post('/api/users', {
    data: {
      email: `${lastName}@e2e.example.com`.toLowerCase(),
      firstName: 'Dana',
      lastName,
      role: 'consultant',
      invite: false,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const departing = ((await created.json()) as { user: { id: string } }).user;
  const { managerUserId } = await staffAssignment(adminPage.request);
  const leadIds: string[] = [];
  for (let i = 0; i < 2; i++) {
    const lead = await adminPage.request.post('/api/leads', {
      data: {
        ...leadFields(),
        managerUserId,
        assistantManagerUserId: departing.id,
        migrationAgentUserId: departing.id,
      },
    });
    expect(lead.status(), await lead.text()).toBe(201);
    leadIds.push(((await lead.json()) as { id: string }).id);
  }
  const task = await adminPage.request.post(`/api/leads/${leadIds[0]}/tasks`, {
    data: {
      taskType: 'Client Communication',
      taskName: `Call back ${uniqueWord()}`,
      content: '<p>Call the applicant.</p>',
      dueDate: '2020-01-10',
      assignedTo: departing.id,
    },
  });
  expect(task.status(), await task.text()).toBe(201);
  await admin.close();

  await signInAs(page, 'supervisor');
  await page.goto('/staffing');
  await expect(page.getByRole('heading', { name: 'Staffing', level: 1 })).toBeVisible();
  await expect(page.getByTestId('staffing-People')).not.toHaveText('0');
  await page.getByRole('textbox', { name: 'Search staff' }).fill(lastName);
  const row = page.getByRole('table', { name: 'Staff directory' }).getByRole('row').filter({ hasText: lastName });
  await expect(row).toHaveCount(1);
  await expect(row.locator('[data-column="openLeads"]')).toHaveText('2');
  await expect(row.locator('[data-column="openTasks"]')).toHaveText('1');
  await expect(row.locator('[data-column="overdueTasks"]')).toHaveText('1');
  await expect(page.getByRole('list', { name: /Workload per person/ })).toBeVisible();
  expect(await seriousFindings(page), 'directory').toEqual([]);

  // The preview says what moves to the colleague; nothing moves before the confirmation.
  await row.getByRole('button', { name: `Reassign Dana ${lastName}'s work` }).click();
  const dialog = page.getByRole('dialog', { name: `Reassign Dana ${lastName}'s work` });
  const colleague = `${DEMO_NAMES.consultant.firstName} ${DEMO_NAMES.consultant.lastName}`;
  await dialog.getByRole('combobox', { name: 'Reassign to' }).click();
  await page.getByRole('option', { name: `${colleague} (Consultant)` }).click();
  const preview = dialog.getByRole('table', { name: 'What moves' });
  await expect(preview.getByRole('row', { name: /Open leads/ })).toContainText(
    '2 as Assistant Manager, 2 as Migration Agent',
  );
  await expect(preview.getByRole('row', { name: /Open tasks/ })).toContainText('1 overdue');
  await expect(preview.getByRole('checkbox', { name: 'Open clients' })).toBeDisabled();
  expect(await seriousFindings(page), 'dialog').toEqual([]);
  await dialog.getByRole('button', { name: 'Reassign', exact: true }).click();
  await expect(
    dialog.getByText(`Move 2 leads and 1 task from Dana ${lastName} to ${colleague}?`, { exact: false }),
  ).toBeVisible();
  await expect(row.locator('[data-column="openLeads"]')).toHaveText('2');
  await dialog.getByRole('button', { name: 'Confirm reassignment' }).click();
  await expect(page.getByText(`Moved 2 leads and 1 task to ${colleague}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The directory shows the work gone from the consultant who leaves.
  await expect(row.locator('[data-column="openLeads"]')).toHaveText('0');
  await expect(row.locator('[data-column="openTasks"]')).toHaveText('0');
  await expect(row.getByRole('button', { name: `Reassign Dana ${lastName}'s work` })).toBeDisabled();

  // Both themes and a phone's width.
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('menu')).toHaveCount(0);
  expect(await seriousFindings(page), 'dark').toEqual([]);
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('textbox', { name: 'Search staff' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The row keeps the name and Reassign; the open work moves under the name.
  await expect(row).toContainText('Open leads: 0 · Open clients: 0 · Open tasks: 0 · Overdue: 0');
  await expect(row.getByRole('button', { name: `Reassign Dana ${lastName}'s work` })).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
});
