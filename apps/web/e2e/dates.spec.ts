// Issue 9 item 4: every date reads like '06 Sep 2026' (the firm's default 'DD MMM YYYY' in Australia/Sydney;
// Intl's en-AU would print 'Sept'), in lists and in panels, and a date input reads what the firm writes
// whatever the browser's language: '05/09/2025' is 5 September, saved as 2025-09-05.
import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures.ts';
import { leadFields, leadPanel, leadRow, staffAssignment } from './lead-helpers.ts';

test.describe.configure({ mode: 'parallel' });

// A browser in the United States: its native date input would show and expect MM/DD/YYYY.
test.use({ locale: 'en-US', timezoneId: 'America/New_York' });

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The date an instant falls on in Sydney, written 'DD MMM YYYY' (numbers from Intl, the month from the list). */
function sydneyDate(instant: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: 'numeric',
    day: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('day')} ${MONTHS[Number(part('month')) - 1]} ${part('year')}`;
}

async function createLead(page: Page, extra: Record<string, unknown>) {
  const fields = leadFields({ applicantLocation: 'Inside Australia', desiredVisa: 'Temporary Graduate 485' });
  const response = await page.request.post('/api/leads', {
    data: { ...(await staffAssignment(page.request)), ...fields, ...extra },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { ...fields, ...((await response.json()) as { id: string; createdAt: string }) };
}

test("dates read like '06 Sep 2026' in the list and in the panel", async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page, { currentVisaSubclass: 'Student 500', visaExpiryDate: '2026-09-06' });
  const name = `${lead.firstName} ${lead.lastName}`;

  await page.goto(`/leads-clients?search=${lead.lastName}`);
  const row = leadRow(page, name);
  await expect(row).toContainText(sydneyDate(lead.createdAt));
  await expect(row).toContainText(/\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}$/);

  await row.click();
  const panel = leadPanel(page);
  const overview = panel.getByRole('region', { name: 'Lead Overview' });
  await expect(overview).toContainText('06 Sep 2026');
  // Created and Updated: the instant, as the date it was in Sydney.
  await expect(overview.getByText(sydneyDate(lead.createdAt), { exact: true }).first()).toBeVisible();
  await expect(panel.getByRole('textbox', { name: 'Date of Birth' })).toHaveValue('17 May 1990');
  await panel.getByRole('button', { name: /^Visa Information/ }).click();
  await expect(panel.getByRole('textbox', { name: 'Visa Expiry Date' })).toHaveValue('06 Sep 2026');
  await expect(page.getByText(/\bSept\b/)).toHaveCount(0);
});

test("typing '05/09/2025' in the lead form's date of birth saves 5 September 2025", async ({ page }) => {
  await signInAs(page, 'administrator');
  const lead = await createLead(page, {});
  await page.goto(`/leads-clients?view=${lead.id}&type=lead`);
  const panel = leadPanel(page);
  const birth = panel.getByRole('textbox', { name: 'Date of Birth' });
  await expect(birth).toHaveValue('17 May 1990');

  await birth.fill('');
  await birth.pressSequentially('05/09/2025');
  await birth.press('Tab');
  await expect(birth).toHaveValue('05 Sep 2025');

  await panel.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Lead updated successfully!')).toBeVisible();
  const stored = (await (await page.request.get(`/api/leads/${lead.id}`)).json()) as { dateOfBirth: string };
  expect(stored.dateOfBirth).toBe('2025-09-05');
});
