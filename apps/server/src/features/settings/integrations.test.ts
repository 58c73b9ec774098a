// Integrations (issue 15 item 4): the SMTP password and API keys are stored sealed and never returned;
// the test email reports how it went in fixed words — delivery through a real SMTP server started here, the
// refusal of a port nobody listens on, a service that is no mail server — and every mail the product sends
// then goes through it. The stored password stays only with the server and username it was given for
// (issue 28): a changed host gets no password from anyone.
import { createServer, type Server } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_INTEGRATION_SETTINGS,
  emailTestResult,
  type IntegrationSettingsInput,
  type Role,
  webhookInputOf,
} from '@crm/domain';
import { apiClient } from '../../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { keepEachMessage } from '../../../test/mail-server.ts';
import { mailMessages, systemSettings } from '../../db/schema/index.ts';
import { demoEmail } from '../../seed/demo-users.ts';
import { INTEGRATION_SETTINGS_KEY } from '../../platform/settings/integration-settings.ts';

type Received = { from: string; to: string[]; data: string; user: string | undefined };
const received: Received[] = [];
/** Every sign-in any mail server of this file was offered, and every connection it took. */
const authAttempts: { port: number; username: string; password: string }[] = [];
const connections: number[] = [];
let smtp: SMTPServer;
let smtpPort: number;
/** Another mail server, where no password was ever given: a sign-in is optional there. */
let other: SMTPServer;
let otherPort: number;
let closedPort: number;
/** Services that are no mail server: an SSH server's banner, and a line that looks like a refusal. */
let sshPort: number;
let refusingPort: number;
const listeners: Server[] = [];

/** Both mail servers keep what they are sent in `received`. */
const keepReceived = keepEachMessage((data, session) =>
  received.push({
    from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
    to: session.envelope.rcptTo.map((r) => r.address),
    data,
    user: session.user as string | undefined,
  }),
);

const portOf = (server: SMTPServer) => (server.server.address() as { port: number }).port;

/** A TCP service that writes `banner` to whoever connects and then waits. */
async function bannerService(banner: string): Promise<number> {
  const server = createServer((socket) => {
    socket.on('error', () => {});
    socket.write(banner);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  listeners.push(server);
  return (server.address() as { port: number }).port;
}

let t: TestApp;
beforeAll(async () => {
  // The mail servers of this file are on 127.0.0.1: allowed here as SMTP_ALLOW_PRIVATE=true would
  // (smtp-destination.test.ts checks the refusal without it).
  t = await buildTestApp({ smtpAllowPrivate: true });
  smtp = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onConnect: (_session, callback) => {
      connections.push(smtpPort);
      callback();
    },
    onAuth: (auth, _session, callback) => {
      authAttempts.push({ port: smtpPort, username: auth.username ?? '', password: auth.password ?? '' });
      return auth.username === 'mailer@firm.example' && auth.password === 'S3cret-smtp!'
        ? callback(null, { user: auth.username })
        : callback(new Error('Invalid username or password'));
    },
    onData: keepReceived,
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = portOf(smtp);
  other = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onConnect: (_session, callback) => {
      connections.push(otherPort);
      callback();
    },
    onAuth: (auth, _session, callback) => {
      authAttempts.push({ port: otherPort, username: auth.username ?? '', password: auth.password ?? '' });
      callback(new Error('Invalid username or password'));
    },
    onRcptTo: (address, _session, callback) =>
      address.address.startsWith('refused@')
        ? callback(Object.assign(new Error('5.1.1 rcpt-secret: no such user here'), { responseCode: 550 }))
        : callback(),
    onData: keepReceived,
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherPort = portOf(other);
  sshPort = await bannerService('SSH-2.0-OpenSSH_9.6p1 Ubuntu-3ubuntu13.5\r\n');
  refusingPort = await bannerService('554 5.7.1 internal-relay.corp.example ESMTP banner-secret\r\n');
  // A port that was free a moment ago and has nobody listening: the connection is refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
});
afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()));
  await new Promise<void>((resolve) => (other ? other.close(resolve) : resolve()));
  for (const server of listeners) await new Promise<void>((resolve) => server.close(() => resolve()));
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
  webhooks: webhookInputOf(DEFAULT_INTEGRATION_SETTINGS.webhooks),
});

describe('integrations', () => {
  it('start unconfigured; the test email then says that nothing was sent, and mails are kept in the log', async () => {
    const owner = await as('account_administrator');
    expect((await owner.GET('/api/settings/integrations')).data).toEqual(DEFAULT_INTEGRATION_SETTINGS);
    const test = await owner.POST('/api/settings/integrations/email/test', { body: { to: 'me@firm.example' } });
    expect(test.data).toEqual({
      outcome: 'not_configured',
      delivered: false,
      message: 'No email provider is configured: nothing was sent, and other mails are kept in the Mail log.',
    });
    expect(await t.mailsTo('me@firm.example')).toHaveLength(0);
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

  it("report the delivery: signed in to the provider, then every mail goes that way under the company's name", async () => {
    const owner = await as('account_administrator');
    await owner.PUT('/api/settings/integrations', { body: inputFrom() });
    const test = await owner.POST('/api/settings/integrations/email/test', { body: { to: 'me@firm.example' } });
    expect(test.data).toEqual(emailTestResult('authenticated'));
    expect(test.data).toEqual({
      outcome: 'authenticated',
      delivered: true,
      message: 'Connected and signed in to the mail server, and it accepted the test email.',
    });
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

  it('report a refused connection and a wrong password in fixed words, not the other end’s', async () => {
    const owner = await as('account_administrator');
    await owner.PUT('/api/settings/integrations', { body: inputFrom({ port: closedPort, password: 'S3cret-smtp!' }) });
    const refused = await owner.POST('/api/settings/integrations/email/test', { body: { to: 'me@firm.example' } });
    expect(refused.data).toEqual(emailTestResult('could_not_connect'));
    expect(refused.data?.message).toBe(
      'Could not connect to the mail server: check the host, the port and the security setting.',
    );

    await owner.PUT('/api/settings/integrations', { body: inputFrom({ password: 'wrong' }) });
    const denied = await owner.POST('/api/settings/integrations/email/test', { body: { to: 'me@firm.example' } });
    expect(denied.data).toEqual(emailTestResult('authentication_failed'));
    expect(denied.data?.message).toBe('The mail server refused the username or password.');
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

/** Queues a password-reset mail to the role's user, delivers what is due and answers how its attempt went. */
async function mailAttemptTo(role: Role) {
  const sentTo = () =>
    t.database.db
      .select({ status: mailMessages.status, outcome: mailMessages.outcome })
      .from(mailMessages)
      .where(eq(mailMessages.toAddress, demoEmail(role)))
      .orderBy(mailMessages.createdAt);
  const before = (await sentTo()).length;
  const reset = await (
    await as('guest')
  ).POST('/api/auth/password-reset/request', {
    body: { email: demoEmail(role) },
  });
  expect(reset.response.status).toBeLessThan(300);
  await t.outbox();
  const rows = await sentTo();
  expect(rows, 'a new mail was queued').toHaveLength(before + 1);
  return rows.at(-1);
}

describe('the stored SMTP password stays with its server and username (issue 28)', () => {
  const testEmail = async () =>
    (
      await (
        await as('account_administrator')
      ).POST('/api/settings/integrations/email/test', { body: { to: 'me@firm.example' } })
    ).data;
  const save = async (input: IntegrationSettingsInput) => {
    const saved = await (await as('account_administrator')).PUT('/api/settings/integrations', { body: input });
    expect(saved.response.status).toBe(200);
    return saved.data!;
  };

  it('is kept when only the From address changes', async () => {
    expect((await save(inputFrom({ password: 'S3cret-smtp!' }))).email.passwordSet).toBe(true);
    expect((await save(inputFrom({ fromAddress: 'office@firm.example' }))).email.passwordSet).toBe(true);
    expect((await save(inputFrom({ host: '127.0.0.1' }))).email.passwordSet).toBe(true);
  });

  it('is removed when the port, host, security or username changes without a new one, and goes nowhere', async () => {
    for (const [change, recipient] of [
      [{ port: otherPort }, 'administrator'],
      [{ host: 'localhost' }, 'supervisor'],
      [{ security: 'starttls' as const }, 'team_lead'],
      [{ username: 'someone.else@firm.example' }, 'member'],
    ] as const) {
      expect((await save(inputFrom({ password: 'S3cret-smtp!' }))).email.passwordSet).toBe(true);
      const before = { auth: authAttempts.length, connections: connections.length };
      const saved = await save(inputFrom(change));
      expect(saved.email, JSON.stringify(change)).toMatchObject({ ...change, passwordSet: false });
      // Neither the test nor a real mail connects with a username and no password.
      expect(await testEmail()).toEqual(emailTestResult('password_required'));
      expect(await mailAttemptTo(recipient)).toEqual({ status: 'retrying', outcome: 'authentication_failed' });
      expect(authAttempts.slice(before.auth), JSON.stringify(change)).toEqual([]);
      expect(connections.slice(before.connections), JSON.stringify(change)).toEqual([]);
    }
    const audit = await (
      await as('account_administrator')
    ).GET('/api/audit-logs', { params: { query: { action: 'UPDATE_INTEGRATION_SETTINGS' } } });
    expect(audit.data!.items[0]!.newValues).toMatchObject({ credentialsChanged: ['email'] });
  });

  it('comes with the save that changes the server, and without a username no sign-in is tried', async () => {
    expect((await save(inputFrom({ password: 'S3cret-smtp!' }))).email.passwordSet).toBe(true);
    // A new server with its own password: stored, and offered to that server only.
    const saved = await save(inputFrom({ port: otherPort, password: 'for-the-other-server' }));
    expect(saved.email.passwordSet).toBe(true);
    const offered = authAttempts.length;
    expect(await testEmail()).toEqual(emailTestResult('authentication_failed'));
    expect(authAttempts.slice(offered)).toEqual([
      { port: otherPort, username: 'mailer@firm.example', password: 'for-the-other-server' },
    ]);

    // No username: connected, no sign-in, the mail accepted.
    await save(inputFrom({ port: otherPort, username: '' }));
    const signIns = authAttempts.length;
    expect(await testEmail()).toEqual(emailTestResult('connected'));
    expect(authAttempts.length).toBe(signIns);
    expect(received.at(-1)!.to).toEqual(['me@firm.example']);
    expect(authAttempts.filter((a) => a.password === 'S3cret-smtp!' && a.port !== smtpPort)).toEqual([]);
  });
});

describe('the test email is no port scanner (issue 28)', () => {
  it('reports a service that is not a mail server as "could not connect", and nothing it said', async () => {
    const owner = await as('account_administrator');
    for (const port of [sshPort, refusingPort, closedPort]) {
      await owner.PUT('/api/settings/integrations', { body: inputFrom({ port, password: 'S3cret-smtp!' }) });
      const test = await owner.POST('/api/settings/integrations/email/test', { body: { to: 'me@firm.example' } });
      expect(test.data).toEqual(emailTestResult('could_not_connect'));
      expect(JSON.stringify(test.data)).not.toMatch(/SSH|OpenSSH|554|banner-secret|corp\.example|ECONNREFUSED/);
    }
  });

  it('reports a server that cannot start TLS as "TLS failed", and a refused message in fixed words', async () => {
    const owner = await as('account_administrator');
    await owner.PUT('/api/settings/integrations', {
      body: inputFrom({ security: 'starttls', password: 'S3cret-smtp!' }),
    });
    const tls = await owner.POST('/api/settings/integrations/email/test', { body: { to: 'me@firm.example' } });
    expect(tls.data).toEqual(emailTestResult('tls_failed'));

    await owner.PUT('/api/settings/integrations', { body: inputFrom({ port: otherPort, username: '' }) });
    const refused = await owner.POST('/api/settings/integrations/email/test', {
      body: { to: 'refused@firm.example' },
    });
    expect(refused.data).toEqual(emailTestResult('not_accepted'));
    expect(JSON.stringify(refused.data)).not.toMatch(/550|rcpt-secret/);
  });
});
