// System Settings → Integrations → Webhooks (decision 0034), in the firm-wide project: a saved webhook URL
// receives events of every test that adds a user or records a payment, so it runs alone, after the others,
// and is removed whatever happens. The receiver is started here, on 127.0.0.1 (the test server allows a
// private receiver: WEBHOOK_ALLOW_PRIVATE=true in scripts/e2e-server.mjs).
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { WEBHOOK_HEADERS, WEBHOOK_MESSAGES, webhookInputOf, type IntegrationSettings } from '@crm/domain';
import { expect, signInAs, test } from './fixtures.ts';

test('a webhook URL saved with a generated secret gets a signed test event, reported as delivered', async ({
  page,
}) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/visa-crm`;
  await signInAs(page, 'account_administrator');
  try {
    await page.goto('/admin?tab=system');
    const card = page.getByRole('region', { name: 'Webhooks' });
    await expect(card).toBeVisible();
    const endpoint = card.getByRole('textbox', { name: 'Endpoint URL' });
    await endpoint.fill('ftp://example.com/hooks');
    await expect(card.getByText(WEBHOOK_MESSAGES.url)).toBeVisible();
    await endpoint.fill(url);
    await expect(card.getByText(WEBHOOK_MESSAGES.secretRequired)).toBeVisible();
    await card.getByRole('button', { name: 'Generate' }).click();
    const secret = (await card.getByText(/^whsec_[0-9a-f]{64}$/).textContent()) ?? '';
    await card.getByRole('switch', { name: /User registration/ }).click({ force: true });
    await page.getByRole('button', { name: 'Save Integration Settings' }).click();
    await expect(page.getByText('Integration settings saved')).toBeVisible();
    await expect(card.getByRole('textbox', { name: 'Signing secret', exact: true })).toHaveAttribute(
      'placeholder',
      'Stored — type to replace',
    );
    // The new secret was shown to copy until the save, and never again.
    await expect(card.getByText(secret)).toHaveCount(0);

    await card.getByRole('button', { name: 'Send test event' }).click();
    await expect(card.getByRole('status')).toContainText('Delivered: the receiver answered HTTP 204.');
    expect(received).toHaveLength(1);
    const [event] = received;
    const [, timestamp, mac] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(
      String(event!.headers[WEBHOOK_HEADERS.signature.toLowerCase()]),
    )!;
    expect(createHmac('sha256', secret).update(`${timestamp}.${event!.body}`).digest('hex')).toBe(mac);
    expect(JSON.parse(event!.body)).toMatchObject({ type: 'webhook.test', data: {} });
  } finally {
    const settings = (await (await page.request.get('/api/settings/integrations')).json()) as IntegrationSettings;
    const { passwordSet: _stored, ...email } = settings.email;
    await page.request.put('/api/settings/integrations', {
      data: {
        email,
        ai: { provider: settings.ai.provider },
        payment: { provider: settings.payment.provider },
        calendar: { provider: settings.calendar.provider },
        chat: { provider: settings.chat.provider },
        webhooks: {
          ...webhookInputOf(settings.webhooks),
          url: '',
          secret: '',
          userRegistration: false,
          paymentSuccess: false,
          systemAlert: false,
        },
      },
    });
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
