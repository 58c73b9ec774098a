// Integrations (issue 15 item 4): the SMTP password and API keys are stored sealed and never returned;
// the test email reports the mail server's answer — delivery through a real SMTP server started here, and
// the refusal of a port nobody listens on — and every mail the product sends then goes through it.
import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INTEGRATION_SETTINGS, type IntegrationSettingsInput } from '@crm/domain';
import { apiClient } from '../../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { mailMessages, systemSettings } from '../../db/schema/index.ts';
import { demoEmail } from '../../seed/demo-users.ts';
import { INTEGRATION_SETTINGS_KEY } from './integrations.service.ts';

type Received = { from: string; to: string[]; data: string; user: string | undefined };
const received: Received[] = [];
let smtp: SMTPServer;
let smtpPort: number;
let closedPort: number;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  smtp = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (auth, _session, callback) =>
      auth.username === 'mailer@firm.example' && auth.password === 'S3cret-smtp!'
        ? callback(null, { user: auth.username })
        : callback(new Error('Invalid username or password')),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as { port: number }).port;
  // A port that was free a moment ago and has nobody listening: the connection is refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()));
  await t?.close();
});

const as = async (role: Parameters<TestApp['signIn']>[0]) => apiClient(t.app, await t.signIn(role));

const inputFrom = (overrides: Partial<IntegrationSettingsInput['email']> = {}): IntegrationSettingsInput => ({
  email: {
    host: '127.0.0.1',
    port: smtpPort,
    security: 'none',
    username: 'mailer@firm.example',
    fromAddress: '',
    ...overrides,
  },
  ai: { provider: '' },
  payment: { provider: '' },
  calendar: { provider: '' },
  chat: { provider: '' },
  webhooks: DEFAULT_INTEGRATION_SETTINGS.webhooks,
});

describe('integrations', () => {
  it('start unconfigured; the test email then says that nothing was sent, and mails are kept in the log', async () => {
    const owner = await as('account_administrator');
    expect((await owner.GET('/api/settings/integrations')).data).toEqual(DEFAULT_INTEGRATION_SETTINGS);
    const before = (await t.outbox()).length;
    const test = await owner.POST('/api/settings/integrations/email/test', { body: { to: 'me@firm.example' } });
    expect(test.data).toEqual({
      delivered: false,
      via: 'none',
      message: 'No email provider is configured: nothing was sent, and other mails are kept in the Mail log.',
    });
    expect(await t.outbox()).toHaveLength(before);
  });

  it('store the password sealed, never return it, keep it when left out and audit only that it changed', async () => {
    const owner = await as('account_administrator');
    const saved = await owner.PUT('/api/settings/integrations', {
      body: { ...inputFrom({ password: 'S3cret-smtp!' }), ai: { provider: 'OpenAI', apiKey: 'sk-test-123456' } },
    });
    expect(saved.response.status).toBe(200);
    expect(saved.data?.email).toMatchObject({ host: '127.0.0.1', passwordSet: true });
    expect(saved.data?.ai).toEqual({ provider: 'OpenAI', apiKeySet: true });
    expect(JSON.stringify(saved.data)).not.toContain('S3cret-smtp!');

    const [row] = await t.database.db
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.settingKey, INTEGRATION_SETTINGS_KEY));
    const raw = JSON.stringify(row!.settingValue);
    expect(raw).not.toContain('S3cret-smtp!');
    expect(raw).not.toContain('sk-test-123456');

    // Left out: kept.
    const again = await owner.PUT('/api/settings/integrations', {
      body: { ...inputFrom(), ai: { provider: 'OpenAI' } },
    });
    expect(again.data?.email.passwordSet).toBe(true);
    expect(again.data?.ai.apiKeySet).toBe(true);

    const audit = await owner.GET('/api/audit-logs', { params: { query: { action: 'UPDATE_INTEGRATION_SETTINGS' } } });
    const rows = JSON.stringify(audit.data!.items);
    expect(rows).not.toContain('S3cret-smtp!');
    expect(rows).not.toContain('sk-test');
    expect(audit.data!.items.at(-1)!.newValues).toMatchObject({ credentialsChanged: ['email', 'ai'] });
  });

  it("report the server's answer: delivered through the provider, then every mail goes that way under the company's name", async () => {
    const owner = await as('account_administrator');
    await owner.PUT('/api/settings/integrations', { body: inputFrom() });
    const test = await owner.POST('/api/settings/integrations/email/test', { body: { to: 'me@firm.example' } });
    expect(test.data?.delivered, test.data?.message).toBe(true);
    expect(test.data?.via).toBe('smtp');
    expect(test.data?.message).toMatch(/^250/);
    const mail = received.at(-1)!;
    expect(mail.user).toBe('mailer@firm.example');
    expect(mail.to).toEqual(['me@firm.example']);
    expect(mail.data).toContain('Subject: Test email from Visa CRM');

    const reset = await (
      await as('guest')
    ).POST('/api/auth/password-reset/request', {
      body: { email: demoEmail('consultant') },
    });
    expect(reset.response.status).toBeLessThan(300);
    await t.outbox(); // the queued mail has been delivered
    expect(received.at(-1)!.to).toEqual([demoEmail('consultant')]);
    expect(received.at(-1)!.data).toMatch(/From: "?Visa CRM"? <mailer@firm\.example>/);
    const [logged] = await t.database.db
      .select({ status: mailMessages.status, smtpCode: mailMessages.smtpCode })
      .from(mailMessages)
      .where(eq(mailMessages.toAddress, demoEmail('consultant')));
    expect(logged).toEqual({ status: 'sent', smtpCode: 250 });
  });

  it('report a refused connection and a wrong password in the mail server’s words', async () => {
    const owner = await as('account_administrator');
    await owner.PUT('/api/settings/integrations', { body: inputFrom({ port: closedPort }) });
    const refused = await owner.POST('/api/settings/integrations/email/test', { body: { to: 'me@firm.example' } });
    expect(refused.data).toMatchObject({ delivered: false, via: 'smtp' });
    expect(refused.data?.message).toContain('ECONNREFUSED');

    await owner.PUT('/api/settings/integrations', { body: inputFrom({ password: 'wrong' }) });
    const denied = await owner.POST('/api/settings/integrations/email/test', { body: { to: 'me@firm.example' } });
    expect(denied.data?.delivered).toBe(false);
    expect(denied.data?.message).toMatch(/Invalid username or password/);
    // Removed: back to the outbox.
    await owner.PUT('/api/settings/integrations', {
      body: { ...inputFrom({ host: '', password: '' }) },
    });
    expect((await owner.GET('/api/settings/integrations')).data?.email.passwordSet).toBe(false);
  });

  it('refuse others and bad values in their own words', async () => {
    const administrator = await as('administrator');
    expect((await administrator.GET('/api/settings/integrations')).response.status).toBe(200);
    const put = await administrator.PUT('/api/settings/integrations', { body: inputFrom() });
    expect(put.response.status).toBe(403);
    expect(put.error?.message).toBe('Only account administrators can change system settings');
    const test = await administrator.POST('/api/settings/integrations/email/test', { body: { to: 'a@b.example' } });
    expect(test.response.status).toBe(403);
    expect((await (await as('consultant')).GET('/api/settings/integrations')).response.status).toBe(403);

    const owner = await as('account_administrator');
    const badPort = await owner.PUT('/api/settings/integrations', { body: inputFrom({ port: 70000 }) });
    expect(badPort.response.status).toBe(400);
    expect(badPort.error?.fieldErrors?.['email.port']).toEqual(['Port must be between 1 and 65535']);
    const badTo = await owner.POST('/api/settings/integrations/email/test', { body: { to: 'nobody' } });
    expect(badTo.response.status).toBe(400);
  });
});
