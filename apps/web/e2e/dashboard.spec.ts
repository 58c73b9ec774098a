// The dashboard (spec 1 §2.2): the four cards, Lead Pipeline Status and Quick Status Overview
// show the server's statistics, follow new leads live, and the charts and buttons are there.
// Accounts used: administrator, account_administrator (read-only for the accounts). Other test
// files create leads at the same time, so each comparison reads the API and the page together
// and retries until both agree.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  activeLeads,
  agreementsInProgress,
  dashboardConversionRate,
  GOOD_CONVERSION_RATE,
  type LeadStatistics,
} from '@crm/domain';
import { expect, signInAs, test } from './fixtures.ts';
import { createLead } from './lead-helpers.ts';

test.describe.configure({ mode: 'parallel' });

async function statistics(request: APIRequestContext): Promise<LeadStatistics> {
  const response = await request.get('/api/dashboard/lead-statistics');
  expect(response.status()).toBe(200);
  return (await response.json()) as LeadStatistics;
}

const shown = async (page: Page, testId: string) => (await page.getByTestId(testId).innerText()).trim();

/** Every figure on the page, as text. */
async function figuresOnPage(page: Page) {
  return {
    active: await shown(page, 'stat-Active Leads'),
    converted: await shown(page, 'stat-Converted Leads'),
    newLeads: await shown(page, 'stat-New Leads'),
    rate: await shown(page, 'stat-Conversion Rate'),
    pipeline: [
      await shown(page, 'pipeline-New Leads Received'),
      await shown(page, 'pipeline-In Screening Process'),
      await shown(page, 'pipeline-Consultations Completed'),
      await shown(page, 'pipeline-Agreements in Progress'),
    ],
    quick: [
      await shown(page, 'quick-Total Active'),
      await shown(page, 'quick-Converted'),
      await shown(page, 'quick-Not Proceeding'),
      await shown(page, 'quick-Ineligible'),
    ],
  };
}

function expectedFigures(s: LeadStatistics) {
  return {
    active: String(activeLeads(s)),
    converted: String(s.convertedLeads),
    newLeads: String(s.newLeads),
    rate: `${dashboardConversionRate(s)}%`,
    pipeline: [s.newLeads, s.inScreeningLeads, s.consultationCompletedLeads, agreementsInProgress(s)].map(String),
    quick: [activeLeads(s), s.convertedLeads, s.notProceedingLeads, s.ineligibleLeads].map(String),
  };
}

test('the cards and both status cards show the server’s figures for the data', async ({ page }) => {
  await signInAs(page, 'administrator');
  // A known addition to the data: one lead at each stage the cards count.
  for (const leadStatus of [
    'New Lead Received',
    'In Screening – Booking Consultation',
    'Consultation Completed',
    'Agreement Sent – Awaiting Signature',
    'Agreement Signed – Awaiting Payment',
    'Ineligible',
    'Not Proceeding / Lost',
  ]) {
    await createLead(page.request, { leadStatus });
  }

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Last updated \d{2} \w{3,4} \d{4}$/)).toBeVisible();
  for (const caption of [
    'Currently in pipeline',
    'Need immediate attention',
    'Lead to client success',
    'Ready for screening',
    'Booking consultations',
    'Ready for agreements',
    'Awaiting signatures/payment',
  ]) {
    await expect(page.getByText(caption)).toBeVisible();
  }
  await expect(page.getByText(/^Successfully converted/)).toBeVisible();

  await expect(async () => {
    const expected = expectedFigures(await statistics(page.request));
    expect(await figuresOnPage(page)).toEqual(expected);
  }).toPass();

  // Conversion rate: green at 20 % or more, orange below.
  const s = await statistics(page.request);
  const rate = page.getByTestId('stat-Conversion Rate');
  const colour = await rate.evaluate((el) => getComputedStyle(el).color);
  const expectedVar = dashboardConversionRate(s) >= GOOD_CONVERSION_RATE ? 'green' : 'orange';
  const reference = await page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(--mantine-color-${name}-text)`;
    document.body.append(probe);
    const value = getComputedStyle(probe).color;
    probe.remove();
    return value;
  }, expectedVar);
  expect(colour).toBe(reference);
});

test('a new lead shows on the dashboard without reload', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'account_administrator');
  await page.goto('/dashboard');
  await expect(page.getByTestId('stat-New Leads')).toBeVisible();
  const before = await statistics(page.request);
  await expect(page.getByTestId('stat-New Leads')).toHaveText(/^\d+$/);

  const other = await browser.newContext({ baseURL });
  try {
    const otherPage = await other.newPage();
    await signInAs(otherPage, 'administrator');
    await createLead(otherPage.request, { leadStatus: 'New Lead Received' });
  } finally {
    await other.close();
  }
  // The change event refreshes the figures; at least this one lead was added since `before`.
  await expect(async () => {
    const now = await statistics(page.request);
    expect(now.newLeads).toBeGreaterThan(before.newLeads);
    expect(await shown(page, 'stat-New Leads')).toBe(String(now.newLeads));
  }).toPass();
});

test('the pipeline charts are drawn and the buttons open the leads screen', async ({ page }) => {
  await signInAs(page, 'administrator');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Leads by stage', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New leads per week', level: 2 })).toBeVisible();
  await expect(page.getByText(/^Last 12 weeks · \d+ new leads/)).toBeVisible();
  await expect(page.getByRole('img', { name: /^New leads per week for the last 12 weeks: / })).toBeVisible();
  const trend = (await (await page.request.get('/api/dashboard/lead-trend')).json()) as { weeks: unknown[] };
  expect(trend.weeks).toHaveLength(12);

  await page.getByRole('link', { name: 'View all leads' }).click();
  await expect(page).toHaveURL(/\/leads-clients$/);
  await expect(page.getByRole('heading', { name: 'Leads and Clients', level: 1 })).toBeVisible();
  await page.goBack();
  await page.getByRole('link', { name: 'View detailed pipeline' }).click();
  await expect(page).toHaveURL(/\/leads-clients$/);
});
