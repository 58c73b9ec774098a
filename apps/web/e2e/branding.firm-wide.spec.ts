// Branding and integrations (issue 15 items 2 and 4), in the firm-wide project: a new company name and
// colour reach the header, the sign-in page and every screen in both themes (axe-clean); the test email
// reports where the message went. The defaults are put back whatever happens.
import {
  DEFAULT_INTEGRATION_SETTINGS,
  webhookInputOf,
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  EMAIL_TEST_MESSAGES,
  type IntegrationSettings,
  SMTP_PASSWORD_MESSAGES,
} from '@crm/domain';
import { seriousFindings } from './axe.ts';
import { expect, signInAs, test } from './fixtures.ts';

test('a new company name and brand colour are applied across the app in both themes', async ({ page, browser }) => {
  await signInAs(page, 'account_administrator');
  const original = await (await page.request.get('/api/settings/branding')).json();
  try {
    await page.goto('/admin?tab=branding');
    const name = page.getByRole('textbox', { name: 'Company name' });
    await name.fill('Harbour Migration');
    const primary = page.getByRole('textbox', { name: 'Primary colour' });
    await primary.fill('#0E7C66');
    await primary.press('Tab');
    await expect(page.getByLabel('Colour preview')).toContainText('Light theme: Harbour Migration');
    await page.getByRole('button', { name: 'Save', exact: true }).first().click();
    await expect(page.getByText('Branding settings updated successfully')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Harbour Migration home' })).toBeVisible();

    // A fresh sign-in page shows the name.
    const anonymous = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const signInPage = await anonymous.newPage();
    await signInPage.goto('/auth');
    await expect(signInPage.getByRole('heading', { name: 'Sign in to Harbour Migration' })).toBeVisible();
    await expect(signInPage).toHaveTitle('Sign in · Harbour Migration');
    // The public enquiry page carries the firm's name, on the page and in the browser tab.
    await signInPage.goto('/enquiry');
    await expect(signInPage.getByRole('main')).toContainText('Harbour Migration');
    await expect(signInPage).toHaveTitle(/ · Harbour Migration$/);
    await anonymous.close();
    await page.goto('/contacts');
    await expect(page).toHaveTitle('Contacts · Harbour Migration');

    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto('/leads');
      await expect(page.getByRole('table')).toBeVisible();
      expect(await seriousFindings(page), scheme).toEqual([]);
    }
  } finally {
    await page.request.put('/api/settings/branding', {
      data: {
        companyName: original.companyName,
        primaryColor: DEFAULT_PRIMARY_COLOR,
        secondaryColor: DEFAULT_SECONDARY_COLOR,
      },
    });
  }
});

test('the test email reports where the message went', async ({ page }) => {
  await signInAs(page, 'account_administrator');
  await page.goto('/admin?tab=system');
  await expect(page.getByRole('heading', { name: 'Email delivery (SMTP)' })).toBeVisible();
  await page.getByRole('button', { name: 'Send test email' }).click();
  // The tests' mail server (SMTP_URL, no sign-in) accepts it: the outcome in the product's words, never
  // the server's own reply (issue 28).
  await expect(page.getByRole('status').filter({ hasText: 'Test email sent' })).toContainText(
    EMAIL_TEST_MESSAGES.connected,
  );
});

test('changing the mail server removes the stored password, and the form asks for it again', async ({ page }) => {
  await signInAs(page, 'account_administrator');
  try {
    await page.goto('/admin?tab=system');
    const host = page.getByRole('textbox', { name: 'SMTP host' });
    await host.fill('smtp.example.com');
    await page.getByRole('textbox', { name: 'Username' }).fill('office@firm.example');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('S3cret-smtp!');
    await page.getByRole('button', { name: 'Save Integration Settings' }).click();
    await expect(page.getByText('Integration settings saved')).toBeVisible();
    await expect(password).toHaveAttribute('placeholder', 'Stored — type to replace');

    await host.fill('mail.example.net');
    await expect(page.getByText(SMTP_PASSWORD_MESSAGES.willBeRemoved)).toBeVisible();
    await expect(password).toHaveAttribute('placeholder', 'Removed when saved');
    await page.getByRole('button', { name: 'Save Integration Settings' }).click();
    await expect(page.getByText(SMTP_PASSWORD_MESSAGES.removed)).toBeVisible();
    await expect(password).toHaveAttribute('placeholder', 'Not set');
    await expect(password).toHaveAccessibleDescription(new RegExp(SMTP_PASSWORD_MESSAGES.required));
    // The test then asks for the password and connects nowhere.
    await page.getByRole('button', { name: 'Send test email' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The test email was not sent' })).toContainText(
      EMAIL_TEST_MESSAGES.password_required,
    );
  } finally {
    // Back to the tests' mail server (SMTP_URL) for everything after this.
    const settings = (await (await page.request.get('/api/settings/integrations')).json()) as IntegrationSettings;
    const { passwordSet: _stored, ...noServer } = DEFAULT_INTEGRATION_SETTINGS.email;
    await page.request.put('/api/settings/integrations', {
      data: {
        email: { ...noServer, password: '' },
        webhooks: webhookInputOf(settings.webhooks),
        ai: { provider: settings.ai.provider },
        payment: { provider: settings.payment.provider },
        calendar: { provider: settings.calendar.provider },
        chat: { provider: settings.chat.provider },
      },
    });
  }
});
