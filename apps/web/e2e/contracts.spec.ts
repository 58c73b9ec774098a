// Issue 16 item 1: a contract drafted from a template for a client, its PDF downloaded with the client's
// details filled in, then activated after a confirmation; the page passes axe in both themes and fits a phone.
// Issue 29: the template's text filled in the editor before Create, edited there, and saved as edited.
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { clientPanel, convertLeadThroughApi, createLead, uniqueWord } from './lead-helpers.ts';
import { pdfText } from './pdf-text.ts';

/** Opens New Contract on the Contract Manager and picks the person (by last name) and the template. */
async function newContractFrom(page: Page, lastName: string, templateName: string) {
  await page.getByRole('button', { name: 'New Contract' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Contract' });
  await dialog.getByRole('combobox', { name: 'Client or lead' }).fill(lastName);
  await page
    .getByRole('option', { name: new RegExp(lastName) })
    .first()
    .click();
  await dialog.getByRole('combobox', { name: 'Template (optional)' }).click();
  await page.getByRole('option', { name: new RegExp(templateName) }).click();
  return dialog;
}

test('a contract from a template for a client: PDF with the client filled in, then activated', async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  await convertLeadThroughApi(page.request, lead.id);
  const clientName = `${lead.firstName} ${lead.lastName}`;
  const templateName = `Retainer ${uniqueWord()}`;
  const made = await page.request.post('/api/contract-templates', {
    data: {
      name: templateName,
      content: '<p>{{firm.name}} agrees to act for {{client.firstName}} {{client.lastName}} ({{client.email}}).</p>',
      isPublic: true,
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  await page.goto('/contracts');
  await expect(page.getByRole('heading', { name: 'Contract Manager' })).toBeVisible();
  await page.getByRole('tab', { name: 'Templates' }).click();
  await expect(page.getByText(templateName)).toBeVisible();
  await page.getByRole('tab', { name: 'Contracts' }).click();

  const dialog = await newContractFrom(page, lead.lastName, templateName);
  await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveValue(templateName);
  await dialog.getByRole('button', { name: 'Create Contract' }).click();
  await expect(dialog).toBeHidden();

  // The new contract opens: a draft with its reference and the template's text filled from the client.
  const panel = page.getByRole('dialog', { name: templateName });
  await expect(panel.getByText(/^CONT-\d{4}-\d{3,}$/)).toBeVisible();
  await expect(panel.getByText('Draft')).toBeVisible();
  await expect(panel.getByText(`agrees to act for ${clientName} (${lead.email})`)).toBeVisible();
  const reference = (await panel.getByText(/^CONT-\d{4}-\d{3,}$/).textContent())!.trim();

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${reference}.pdf`);
  const text = await pdfText(new Uint8Array(await readFile((await file.path())!)));
  expect(text).toContain(reference);
  expect(text).toContain(`agrees to act for ${clientName}`);
  expect(text).toContain(lead.email);

  await panel.getByRole('button', { name: 'Activate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Activate contract?' });
  await confirm.getByRole('button', { name: 'Activate' }).click();
  await expect(confirm).toBeHidden();
  await expect(panel.getByText('Active', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // The list shows it; the status filter and search find it.
  await page.locator('label', { hasText: /^Active$/ }).click();
  await expect(page.getByRole('radio', { name: 'Active' })).toBeChecked();
  await page.getByRole('textbox', { name: 'Search contracts' }).fill(reference);
  await expect(page.getByRole('row', { name: new RegExp(reference) })).toBeVisible();

  expect(await seriousFindings(page)).toEqual([]);
  await page.getByRole('button', { name: 'Theme' }).click();
  await page.getByRole('menuitem', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByRole('menu')).toHaveCount(0);
  expect(await seriousFindings(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole('button', { name: 'New Contract' })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("a client's panel lists its contracts; one drawn up there names a partner, who sees it too", async ({ page }) => {
  await signInAs(page, 'consultant');
  const lead = await createLead(page.request);
  const clientId = await convertLeadThroughApi(page.request, lead.id);
  const partnerLead = await createLead(page.request);
  const partnerId = await convertLeadThroughApi(page.request, partnerLead.id);
  const partnerName = `${partnerLead.firstName} ${partnerLead.lastName}`;
  const title = `Family agreement ${uniqueWord()}`;

  await page.goto(`/leads-clients?view=${clientId}&type=client&tab=contracts`);
  const panel = clientPanel(page);
  await expect(panel.getByRole('tab', { name: 'Contracts' })).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByText('No contracts found')).toBeVisible();
  await panel.getByRole('button', { name: 'New Contract' }).click();

  // The client is filled in; the partner is chosen as an additional client.
  const dialog = page.getByRole('dialog', { name: 'New Contract' });
  await expect(dialog.getByRole('textbox', { name: 'Client' })).toHaveValue(`${lead.firstName} ${lead.lastName}`);
  await dialog.getByRole('combobox', { name: 'Additional clients' }).fill(partnerLead.lastName);
  await page.getByRole('option', { name: new RegExp(partnerLead.lastName) }).click();
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('button', { name: 'Create Contract' }).click();
  await expect(dialog).toBeHidden();

  const contract = page.getByRole('dialog', { name: title });
  await expect(contract.getByText(`Also for: ${partnerName}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(contract).toBeHidden();
  await expect(panel.getByRole('row', { name: new RegExp(title) })).toBeVisible();

  // The partner's own panel lists it, saying whom it was drawn up for.
  await page.goto(`/leads-clients?view=${partnerId}&type=client&tab=contracts`);
  const row = clientPanel(page).getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row.getByText(`Drawn up for ${lead.firstName} ${lead.lastName}`)).toBeVisible();
});

test("the template's text is filled in the editor before Create; the contract keeps the user's edit", async ({
  page,
}) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page.request);
  await convertLeadThroughApi(page.request, lead.id);
  const clientName = `${lead.firstName} ${lead.lastName}`;
  const templateName = `Engagement ${uniqueWord()}`;
  const otherName = `Letter ${uniqueWord()}`;
  for (const [name, content] of [
    [
      templateName,
      '<p>Reference {{contract.reference}}: we act for {{client.fullName}} from {{contract.effectiveDate}} until {{contract.expiryDate}}.</p>',
    ],
    [otherName, '<p>Dear {{client.firstName}}, thank you.</p>'],
  ]) {
    const made = await page.request.post('/api/contract-templates', { data: { name, content, isPublic: true } });
    expect(made.status(), await made.text()).toBe(201);
  }

  await page.goto('/contracts');
  const dialog = await newContractFrom(page, lead.lastName, templateName);

  // The editor holds the template filled in from the client, the dates in the firm's format (as the date
  // field shows them); the reference waits for Create.
  const editor = dialog.getByRole('textbox', { name: 'Content' });
  const effective = await dialog.getByRole('textbox', { name: 'Effective date' }).inputValue();
  expect(effective).not.toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(editor).toContainText(`we act for ${clientName} from ${effective} until .`);
  await expect(editor).toContainText('Reference {{contract.reference}}:');
  await expect(dialog.getByText('reference and title are filled in when it is created')).toBeVisible();

  // Untouched, the text follows a new expiry date.
  const expiry = effective.replace(/\d{4}$/, (year) => String(Number(year) + 1));
  await dialog.getByRole('textbox', { name: 'Expiry date' }).fill(expiry);
  await expect(editor).toContainText(`from ${effective} until ${expiry}.`);

  // An edit makes the text the user's: another template asks before replacing it, and keeping it keeps it.
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(', in Sydney.');
  await expect(editor).toContainText(`until ${expiry}, in Sydney.`);
  await dialog.getByRole('combobox', { name: 'Template (optional)' }).click();
  await page.getByRole('option', { name: new RegExp(otherName) }).click();
  const ask = page.getByRole('dialog', { name: 'Replace the content?' });
  await expect(ask.getByText(`replaced by “${otherName}”`)).toBeVisible();
  await ask.getByRole('button', { name: 'Keep my content' }).click();
  await expect(ask).toBeHidden();
  await expect(dialog.getByRole('combobox', { name: 'Template (optional)' })).toHaveValue(new RegExp(templateName));
  await expect(editor).toContainText('in Sydney.');

  await dialog.getByRole('button', { name: 'Create Contract' }).click();
  await expect(dialog).toBeHidden();
  const panel = page.getByRole('dialog', { name: templateName });
  const reference = (await panel.getByText(/^CONT-\d{4}-\d{3,}$/).textContent())!.trim();
  await expect(
    panel.getByText(`Reference ${reference}: we act for ${clientName} from ${effective} until ${expiry}, in Sydney.`),
  ).toBeVisible();
});
