// Issue 28: the email provider typed into Integrations is never a loopback, link-local or private address
// unless SMTP_ALLOW_PRIVATE=true — neither for the test email nor for a real mail — while SMTP_URL, the
// operator's own, is used as it is. A name is refused when any of its addresses is private.
import type { LookupAddress, LookupOptions } from 'node:dns';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_INTEGRATION_SETTINGS, emailTestResult, webhookInputOf } from '@crm/domain';
import { apiClient } from '../../../test/api-client.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { readConfig } from '../../config.ts';
import { mailMessages } from '../../db/schema/index.ts';
import { createMailer } from '../../plugins/mail.ts';
import { demoEmail } from '../../seed/demo-users.ts';
import { createFirmMailer } from './firm-mailer.ts';
import { checkedLookup, isPrivateAddress, PrivateAddressRefused } from './smtp-destination.ts';

describe('private addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '0.0.0.0',
    '10.1.2.3',
    '100.64.0.1',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.10',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd12:3456:789a::1',
    'ff02::1',
    // IPv4 inside IPv6: mapped, NAT64, 6to4 and the old compatible form reach the same host.
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '64:ff9b::10.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:101::1',
    '::127.0.0.1',
  ])('%s is refused', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '172.32.0.1',
    '192.169.0.1',
    '100.128.0.1',
    '2606:4700:4700::1111',
    '2404:6800:4006:80a::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ])('%s is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('checks every address a name has, and gives the socket only those', async () => {
    const lookupWith = (addresses: LookupAddress[], options: LookupOptions) =>
      new Promise<{ error: Error | null; result: unknown }>((resolve) =>
        checkedLookup((_name, callback) => callback(null, addresses))('mail.example.com', options, (error, result) =>
          resolve({ error, result }),
        ),
      );
    const mixed = await lookupWith(
      [
        { address: '203.0.113.7', family: 4 },
        { address: '::ffff:192.168.0.2', family: 6 },
      ],
      { all: true },
    );
    expect(mixed.error).toBeInstanceOf(PrivateAddressRefused);
    const publicOnly: LookupAddress[] = [
      { address: '2001:db8::25', family: 6 },
      { address: '203.0.113.7', family: 4 },
    ];
    expect(await lookupWith(publicOnly, { all: true })).toEqual({ error: null, result: publicOnly });
    expect(await lookupWith(publicOnly, { family: 4 })).toEqual({ error: null, result: '203.0.113.7' });
  });

  it('are allowed only by SMTP_ALLOW_PRIVATE=true', () => {
    expect(readConfig({}).smtpAllowPrivate).toBe(false);
    expect(readConfig({ SMTP_ALLOW_PRIVATE: 'false' }).smtpAllowPrivate).toBe(false);
    expect(readConfig({ SMTP_ALLOW_PRIVATE: 'true' }).smtpAllowPrivate).toBe(true);
  });
});

describe('a provider on a private address, without SMTP_ALLOW_PRIVATE', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  let port: number;
  let connections = 0;
  let accepted = 0;

  beforeAll(async () => {
    // The default: SMTP_ALLOW_PRIVATE unset.
    t = await buildTestApp();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onConnect: (_session, callback) => {
        connections++;
        callback();
      },
      onData: (stream, _session, callback) => {
        stream.resume();
        stream.on('end', () => {
          accepted++;
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    port = (smtp.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (smtp ? smtp.close(resolve) : resolve()));
    await t?.close();
  });

  it('is not connected to, for the test email or for a real mail; SMTP_URL is the operator’s and is used', async () => {
    const owner = apiClient(t.app, await t.signIn('account_administrator'));
    // An address, a name, and the short and decimal forms the resolver reads as 127.0.0.1.
    for (const host of ['127.0.0.1', 'localhost', '127.1', '2130706433']) {
      const saved = await owner.PUT('/api/settings/integrations', {
        body: {
          ...DEFAULT_INTEGRATION_SETTINGS,
          webhooks: webhookInputOf(DEFAULT_INTEGRATION_SETTINGS.webhooks),
          email: { host, port, security: 'none', username: '', fromAddress: '' },
          ai: { provider: '' },
          payment: { provider: '' },
          calendar: { provider: '' },
          chat: { provider: '' },
        },
      });
      expect(saved.response.status).toBe(200);
      const test = await owner.POST('/api/settings/integrations/email/test', { body: { to: 'me@firm.example' } });
      expect(test.data, host).toEqual(emailTestResult('private_address'));
    }

    const reset = await apiClient(t.app).POST('/api/auth/password-reset/request', {
      body: { email: demoEmail('consultant') },
    });
    expect(reset.response.status).toBeLessThan(300);
    await t.outbox();
    const [row] = await t.database.db
      .select({ status: mailMessages.status, outcome: mailMessages.outcome })
      .from(mailMessages);
    expect(row).toEqual({ status: 'retrying', outcome: 'could_not_connect' });
    expect(connections).toBe(0);

    // SMTP_URL on the same address, with no provider saved: trusted as the operator set it.
    await owner.PUT('/api/settings/integrations', {
      body: {
        ...DEFAULT_INTEGRATION_SETTINGS,
        webhooks: webhookInputOf(DEFAULT_INTEGRATION_SETTINGS.webhooks),
        email: { host: '', port: 587, security: 'starttls', username: '', fromAddress: '' },
        ai: { provider: '' },
        payment: { provider: '' },
        calendar: { provider: '' },
        chat: { provider: '' },
      },
    });
    const operators = createFirmMailer(
      createMailer({ smtpUrl: `smtp://127.0.0.1:${port}` }),
      t.database.db,
      t.app.secretBox,
      { allowPrivateAddresses: false },
    );
    expect(await operators.sendTest('me@firm.example')).toEqual(emailTestResult('connected'));
    expect(connections).toBe(1);
    expect(accepted).toBe(1);
  });
});
