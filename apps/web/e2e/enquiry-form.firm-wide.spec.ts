// The public enquiry form (issue 16 item 4), in the firm-wide project since it changes the firm's form
// settings: a supervisor turns the form on in Forms; a signed-out visitor sends an enquiry; the lead
// appears live on the supervisor's Leads and Clients screen. Both pages pass axe in both themes. A page
// whose token was used already gets a new one and goes through (issue 28). The settings are put back
// whatever happens.
import type { Page } from '@playwright/test';
import { ENQUIRY_EXAMPLE, ENQUIRY_FORM_MESSAGES, ENQUIRY_MIN_FILL_MS } from '@crm/domain';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { leadRow, uniquePhone, uniqueWord } from './lead-helpers.ts';

async function expectAxeClean(page: Page, label: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    expect(await seriousFindings(page), `${label} (${scheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The public page's lists are native selects (light, and the phone's own picker). */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption(option);
}

test('a signed-out visitor’s enquiry appears live on a signed-in staff screen', async ({ page, browser, baseURL }) => {
  // Two browsers, two pages' first loads and axe four times on a shared machine.
  await signInAs(page, 'supervisor');
  const original = await (await page.request.get('/api/forms/enquiry')).json();
  const visitorContext = await browser.newContext({ baseURL });
  try {
    // Staff: the Forms page turns the form on.
    await page.goto('/forms');
    await expect(page.getByRole('heading', { name: 'Forms', level: 1 })).toBeVisible();
    const onSwitch = page.getByRole('switch', { name: /Take enquiries/ });
    if (!(await onSwitch.isChecked())) await onSwitch.check();
    await page.getByRole('textbox', { name: 'Title' }).fill('Ask us about your visa');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Enquiry form saved')).toBeVisible();
    await expect(page.getByText('Taking enquiries')).toBeVisible();
    await expect(page.getByText(/\/enquiry$/).first()).toBeVisible();
    await expectAxeClean(page, 'Forms');

    // Staff watch the leads list, searching for the visitor to come.
    const family = uniqueWord('Enq');
    await page.goto('/leads-clients');
    await expect(page.getByRole('heading', { name: 'Leads and Clients', level: 1 })).toBeVisible();
    await page.getByRole('textbox', { name: 'Search leads' }).fill(family);
    await expect(page).toHaveURL(new RegExp(`search=${family}`));
    await expect(page.getByText('No records found matching your criteria.')).toBeVisible();

    // The visitor: no session, the firm's form at 390 px.
    const visitor = await visitorContext.newPage();
    await visitor.setViewportSize({ width: 390, height: 844 });
    await visitor.goto('/enquiry');
    await expect(visitor.getByRole('heading', { name: 'Ask us about your visa' })).toBeVisible();
    await expectAxeClean(visitor, 'Enquiry');
    await visitor.getByRole('textbox', { name: 'First Name' }).fill('Mei');
    await visitor.getByRole('textbox', { name: 'Last Name' }).fill(family);
    await visitor.getByLabel('Date of Birth').fill('1993-04-12');
    await choose(visitor, 'Nationality', 'Malaysia');
    await choose(visitor, 'Country of Residence', 'Malaysia');
    await visitor.getByRole('textbox', { name: 'Email' }).fill(`${family.toLowerCase()}@example.com`);
    // The number as dialled in Australia, trunk 0 and all: first without its country, which is asked for.
    const national = uniquePhone().replace('+61 ', '');
    await visitor.getByRole('textbox', { name: 'Contact Number' }).fill(`0${national}`);
    await choose(visitor, 'Where are you now?', 'Outside Australia');
    await visitor.getByRole('textbox', { name: 'Your message' }).fill('I would like to study in Melbourne.');
    // A number without its country is not sent: the page asks for the country.
    await visitor.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(visitor.getByText('Choose the country of the phone number', { exact: true })).toBeVisible();
    await choose(visitor, 'Country of your phone number', 'Australia (+61)');
    // Sent without consent: the collection notice must be acknowledged first.
    await visitor.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(
      visitor.getByText('Please confirm you have read the collection notice', { exact: true }),
    ).toBeVisible();
    await expect(visitor.getByRole('alert')).toHaveText('Please check the fields marked below.');
    await visitor.getByRole('checkbox', { name: /I have read the collection notice/ }).check();
    await visitor.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(visitor.getByRole('heading', { name: 'Thank you' })).toBeVisible();

    // Staff: the lead arrives through the live event stream, a Website lead, New Lead Received.
    const row = leadRow(page, `Mei ${family}`);
    await expect(row).toBeVisible();
    await expect(row).toContainText('New Lead Received');
    // Joined with its country, without the trunk 0.
    await expect(row).toContainText(`+61 ${national}`);
  } finally {
    await visitorContext.close();
    await page.request.put('/api/forms/enquiry', { data: original });
  }
});

test('a page whose token was used already is refused once, takes a new token and goes through', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, 'supervisor');
  const original = await (await page.request.get('/api/forms/enquiry')).json();
  const visitorContext = await browser.newContext({ baseURL });
  try {
    const opened = await page.request.put('/api/forms/enquiry', { data: { ...original, enabled: true } });
    expect(opened.status()).toBe(200);
    const visitor = await visitorContext.newPage();
    const served = visitor.waitForResponse((r) => r.url().endsWith('/api/public/enquiry-form'));
    await visitor.goto('/enquiry');
    const { token } = (await (await served).json()) as { token: string };
    const family = uniqueWord('Tok');
    await visitor.getByRole('textbox', { name: 'First Name' }).fill('Ana');
    await visitor.getByRole('textbox', { name: 'Last Name' }).fill(family);
    await visitor.getByLabel('Date of Birth').fill('1991-02-03');
    await choose(visitor, 'Nationality', 'Brazil');
    await choose(visitor, 'Country of Residence', 'Brazil');
    await visitor.getByRole('textbox', { name: 'Email' }).fill(`${family.toLowerCase()}@example.com`);
    await choose(visitor, 'Country of your phone number', 'Australia (+61)');
    await visitor.getByRole('textbox', { name: 'Contact Number' }).fill(uniquePhone().replace('+61 ', '0'));
    await choose(visitor, 'Where are you now?', 'Outside Australia');
    await visitor.getByRole('checkbox', { name: /I have read the collection notice/ }).check();

    // A copy of the page's token is sent first (a replay): once its fill time has passed, it is taken.
    const issuedAt = Number(token.split('.')[0]);
    await expect.poll(() => Date.now() >= issuedAt + ENQUIRY_MIN_FILL_MS + 500).toBe(true);
    const replay = await visitorContext.request.post('/api/public/enquiries', {
      data: { ...ENQUIRY_EXAMPLE, email: `${family.toLowerCase()}.copy@example.com`, token },
    });
    expect(replay.status(), await replay.text()).toBe(200);

    // The visitor's send with the same token is refused; the page takes a new token, and the next send goes.
    const renewed = visitor.waitForResponse((r) => r.url().endsWith('/api/public/enquiry-form'));
    await visitor.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(visitor.getByRole('alert')).toHaveText(ENQUIRY_FORM_MESSAGES.refused);
    expect(((await (await renewed).json()) as { token: string }).token).not.toBe(token);
    await visitor.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(visitor.getByRole('heading', { name: 'Thank you' })).toBeVisible();
  } finally {
    await visitorContext.close();
    await page.request.put('/api/forms/enquiry', { data: original });
  }
});
