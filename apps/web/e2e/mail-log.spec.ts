// Issue 27: a mailed invoice is in the Mail log, sent through the tests' mail server, where an administrator
// reads it with its attachment and can queue it again.
import { INVOICE_EXAMPLE } from '@crm/domain';
import { expect, signInAs, test } from './fixtures.ts';
import { uniqueWord } from './lead-helpers.ts';

test('the Mail log shows a sent invoice mail, opens it with its attachment and sends it again', async ({ page }) => {
  await signInAs(page, 'administrator');
  const to = `${uniqueWord('accounts').toLowerCase()}@example.com`;
  const created = await page.request.post('/api/invoices', { data: INVOICE_EXAMPLE });
  expect(created.status()).toBe(201);
  const invoice = (await created.json()) as { id: string; invoiceNumber: string };
  const sent = await page.request.post(`/api/invoices/${invoice.id}/send`, { data: { to } });
  expect(sent.status()).toBe(200);

  await page.goto('/admin?tab=mail');
  await expect(page.getByRole('tab', { name: 'Mail Log' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('textbox', { name: 'Search mails' }).fill(to);
  const rows = page.getByTestId('mail-row');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Sent');
  await expect(rows.first()).toContainText('SMTP 250');
  await expect(rows.first()).toContainText(invoice.invoiceNumber);

  await rows
    .first()
    .getByRole('button', { name: new RegExp(`^Open the mail to ${to}`) })
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`To ${to}`);
  await expect(dialog).toContainText('Please find attached');
  await expect(dialog.getByRole('button', { name: `tax-invoice-${invoice.invoiceNumber}.pdf` })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText('Mail queued again')).toBeVisible();
  await expect(rows).toHaveCount(2);
});
