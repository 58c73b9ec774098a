// Issue 26: nothing typed is silently changed or lost. Dates typed by hand are read in the firm's day/month
// order with any separator and shown as understood; what cannot be read keeps its text and says so; a birth
// date in the future says that rule; an edit is kept as a draft however quickly the drawer is closed.
import { expect, signInAs, test } from './fixtures.ts';
import { clientPanel, convertLeadThroughApi, createLead, leadPanel, uniqueWord } from './lead-helpers.ts';

test("a date typed as '5.12.2026' is 5 Dec 2026; '31/02/2026' stays and is called invalid", async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request, { applicantLocation: 'Inside Australia' });
  await page.goto(`/leads-clients?view=${lead.id}&type=lead`);
  const panel = leadPanel(page);
  await panel.getByRole('button', { name: /^Visa Information/ }).click();
  const expiry = panel.getByRole('textbox', { name: 'Visa Expiry Date' });

  await expiry.fill('31/02/2026');
  await expiry.press('Tab');
  await expect(expiry).toHaveValue('31/02/2026');
  await expect(panel.getByText('Invalid date format')).toBeVisible();

  await expiry.fill('5.12.2026');
  await expiry.press('Tab');
  await expect(expiry).toHaveValue('05 Dec 2026');
  await expect(panel.getByText('Invalid date format')).toHaveCount(0);

  // A birth date in the future is not 'required': it says its own rule, and the text stays.
  const birth = panel.getByRole('textbox', { name: 'Date of Birth' });
  await birth.fill('1/1/2999');
  await birth.press('Tab');
  await expect(birth).toHaveValue('01 Jan 2999');
  await expect(panel.getByText('Date of birth must be in the past')).toBeVisible();
  await expect(panel.getByText('Date of birth is required')).toHaveCount(0);
  await birth.fill('17 May 1990');
  await birth.press('Tab');

  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Lead updated successfully!')).toBeVisible();
  const stored = (await (await page.request.get(`/api/leads/${lead.id}`)).json()) as { visaExpiryDate: string };
  expect(stored.visaExpiryDate).toBe('2026-12-05');
});

test('closing the drawer right after typing keeps the edit as a draft', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  await page.goto(`/leads-clients?view=${lead.id}&type=lead`);
  const panel = leadPanel(page);
  const firstName = panel.getByRole('textbox', { name: 'First Name' });
  await expect(firstName).toHaveValue(lead.firstName);
  const typed = uniqueWord('Mira');
  await firstName.fill(typed);
  // At once: no wait for the delayed write.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  await page.goto(`/leads-clients?view=${lead.id}&type=lead`);
  await expect(leadPanel(page).getByText('Unsaved changes restored')).toBeVisible();
  await expect(leadPanel(page).getByRole('textbox', { name: 'First Name' })).toHaveValue(typed);
});

test('closing a client panel with unsaved changes asks first; keeping them keeps the text', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  const clientId = await convertLeadThroughApi(page.request, lead.id);
  await page.goto(`/leads-clients?view=${clientId}&type=client`);
  const panel = clientPanel(page);
  const middleName = panel.getByRole('textbox', { name: 'Middle Name' });
  const typed = uniqueWord('Ana');
  await middleName.fill(typed);

  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toHaveCount(0);
  await expect(middleName).toHaveValue(typed);

  await page.keyboard.press('Escape');
  await ask.getByRole('button', { name: 'Discard changes' }).click();
  await expect(panel).toHaveCount(0);
});

test('a Save held back by a field in a closed section lists it; choosing it opens the section there', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  await page.goto(`/leads-clients?view=${lead.id}&type=lead`);
  const panel = leadPanel(page);
  await panel.getByRole('button', { name: /^Contact Information/ }).click();
  const email = panel.getByRole('textbox', { name: 'Email' });
  await email.fill('');
  await panel.getByRole('button', { name: /^Contact Information/ }).click();
  await expect(email).toBeHidden();

  await panel.getByRole('button', { name: '1 field to complete' }).click();
  await page.getByRole('button', { name: /^Email/ }).click();
  await expect(email).toBeVisible();
  await expect(email).toBeFocused();
});

test("a dialog over a record's panel asks before Escape throws away what was typed in it; the panel stays", async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  await page.goto(`/leads-clients?view=${lead.id}&type=lead&tab=tasks`);
  const panel = leadPanel(page);
  await panel.getByRole('button', { name: 'Add Task/Note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Task/Note' });
  const taskName = dialog.getByRole('textbox', { name: 'Task Name' });
  const typed = uniqueWord('Call the consulate');
  await taskName.fill(typed);

  await page.keyboard.press('Escape');
  const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Keep editing' }).click();
  await expect(ask).toHaveCount(0);
  await expect(taskName).toHaveValue(typed);

  // The × asks too; discarding closes the dialog only, and the lead's panel stays open under it.
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  await ask.getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Add Task/Note' })).toBeVisible();

  // Nothing typed: Escape closes at once.
  await panel.getByRole('button', { name: 'Add Task/Note' }).click();
  await expect(taskName).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(ask).toHaveCount(0);
  await expect(panel).toBeVisible();
});

test('on a phone the fields to complete are listed in words above the buttons, and lead to the field', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  await page.goto(`/leads-clients?view=${lead.id}&type=lead`);
  const panel = leadPanel(page);
  await panel.getByRole('button', { name: /^Contact Information/ }).click();
  const email = panel.getByRole('textbox', { name: 'Email' });
  await email.fill('');
  await panel.getByRole('button', { name: /^Contact Information/ }).click();
  await expect(email).toBeHidden();

  const list = panel.getByRole('button', { name: '1 field to complete' });
  await expect(list).toHaveText('1 field to complete');
  await list.click();
  await page.getByRole('button', { name: /^Email/ }).click();
  await expect(email).toBeVisible();
  await expect(email).toBeFocused();
});
