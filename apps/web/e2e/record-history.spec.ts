// A lead's History tab (issue 14 item 5): after three edits it shows who changed what, newest first, each
// field as old → new in its display form, and a fourth edit made elsewhere arrives live. Issue 27: an
// invoice of the lead mailed to it is listed there too, with where the mail stands.
import { INVOICE_EXAMPLE } from '@crm/domain';
import { createLead, leadPanel } from './lead-helpers.ts';
import { DEMO_NAMES, expect, signInAs, test } from './fixtures.ts';

test('a lead’s History shows three edits newest first, with dates in the firm’s format, and the next one live', async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request, { desiredVisa: 'Student 500' });
  let version = lead.version;
  const edit = async (fields: Record<string, unknown>) => {
    const response = await page.request.patch(`/api/leads/${lead.id}`, { data: { ...fields, version } });
    expect(response.status(), await response.text()).toBe(200);
    version = ((await response.json()) as { version: number }).version;
  };
  await edit({ middleName: 'Rose' });
  await edit({ desiredVisa: 'Skilled Independent 189' });
  await edit({ dateOfBirth: '1991-02-03' });

  await page.goto(`/leads?view=${lead.id}&type=lead&tab=history`);
  const panel = leadPanel(page);
  await expect(panel.getByRole('tab', { name: 'History', selected: true })).toBeVisible();
  const entries = panel.getByRole('list', { name: 'History' }).getByRole('listitem');
  await expect(entries).toHaveCount(4);
  const { firstName, lastName } = DEMO_NAMES.administrator;
  await expect(entries.nth(0)).toContainText('Lead updated');
  await expect(entries.nth(0)).toContainText(`${firstName} ${lastName}`);
  await expect(entries.nth(0)).toContainText('Date of Birth:17 May 1990→03 Feb 1991');
  await expect(entries.nth(1)).toContainText('Desired Visa:Student 500→Skilled Independent 189');
  await expect(entries.nth(2)).toContainText('Middle Name:(empty)→Rose');
  await expect(entries.nth(3)).toContainText('Lead created');

  // Saved elsewhere: the tab follows without a reload.
  await edit({ middleName: 'Rosa' });
  await expect(entries).toHaveCount(5);
  await expect(entries.nth(0)).toContainText('Middle Name:Rose→Rosa');
});

test('a lead’s History lists the invoice mailed to it, sent', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request, { desiredVisa: 'Student 500' });
  const created = await page.request.post('/api/invoices', {
    data: { ...INVOICE_EXAMPLE, entityType: 'lead', entityId: lead.id },
  });
  expect(created.status(), await created.text()).toBe(201);
  const invoice = (await created.json()) as { id: string; invoiceNumber: string };
  const to = `history.${lead.id.slice(0, 8)}@example.com`;
  const sent = await page.request.post(`/api/invoices/${invoice.id}/send`, { data: { to } });
  expect(sent.status(), await sent.text()).toBe(200);

  await page.goto(`/leads?view=${lead.id}&type=lead&tab=history`);
  const entries = leadPanel(page).getByRole('list', { name: 'History' }).getByRole('listitem');
  await expect(entries.first()).toContainText(`Mailed: Tax invoice ${invoice.invoiceNumber}`);
  await expect(entries.first()).toContainText(`To:${to}`);
  // The tests' mail server takes it: the entry follows the mail to Sent without a reload.
  await expect(entries.first()).toContainText('Sent');
  await expect(entries.last()).toContainText('Lead created');
});
