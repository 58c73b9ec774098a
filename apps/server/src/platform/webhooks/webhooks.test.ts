// Webhooks (decision 0034): the three switches of Integrations send signed events to a receiver started
// here, each only when its switch is on; a receiver that fails gets the event again after the back-off and
// it is delivered once; the test event reports a fixed outcome; a private address is refused unless the
// operator allows it; bad input answers 400 with the messages; only account administrators change them.
// Deliveries are driven with the delivery's flush, never by waiting.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVOICE_EXAMPLE, WEBHOOK_HEADERS, WEBHOOK_MESSAGES, webhookInputOf, webhookTestResult } from '@crm/domain';
import { apiClient, type JsonBody } from '../../../test/api-client.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { nextRun, TestClock } from '../../../test/job-helpers.ts';
import { createFixture, type Fixture } from '../../../test/record-fixtures.ts';
import { mailMessages, systemSettings, webhookDeliveries } from '../../db/schema/index.ts';
import { MAIL_DELIVERY_JOB } from '../../jobs/mail-delivery.job.ts';
import { INTEGRATION_SETTINGS_KEY } from '../settings/integration-settings.ts';

const SECRET = 'whsec_0123456789abcdef0123456789abcdef';

type Received = { headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
/** The statuses the receiver answers with, in turn; 200 once they run out. */
let answers: number[] = [];
let receiver: Server;
let receiverUrl: string;
let closedPort: number;
let f: Fixture;

async function freePort(): Promise<number> {
  const probe = createTcpServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  // The receiver is on 127.0.0.1, which a webhook URL may be only when the operator allows it
  // (WEBHOOK_ALLOW_PRIVATE=true); the refusal without it is tested on an app of its own below.
  f = await createFixture({ webhookAllowPrivate: true, smtpAllowPrivate: true });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = answers.shift() ?? 200;
      if (status === 302) response.setHeader('Location', `${receiverUrl}/elsewhere`);
      response.writeHead(status, { 'Content-Type': 'text/plain' });
      response.end('the receiver’s own words, never shown');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hooks`;
  closedPort = await freePort();
});
afterAll(async () => {
  await new Promise<void>((resolve) => receiver?.close(() => resolve()));
  await f?.t.close();
});
beforeEach(async () => {
  received.length = 0;
  answers = [];
  await f.t.database.db.delete(webhookDeliveries);
});

const db = () => f.t.database.db;
const owner = () => f.api('account_administrator');

type IntegrationsBody = JsonBody<'/api/settings/integrations', 'put'>;

async function currentInput(): Promise<IntegrationsBody> {
  const s = (await owner().GET('/api/settings/integrations')).data!;
  const { passwordSet: _p, ...email } = s.email;
  return {
    email,
    ai: { provider: s.ai.provider },
    payment: { provider: s.payment.provider },
    calendar: { provider: s.calendar.provider },
    chat: { provider: s.chat.provider },
    webhooks: webhookInputOf(s.webhooks),
  };
}

async function saveWebhooks(webhooks: Partial<IntegrationsBody['webhooks']>) {
  const input = await currentInput();
  return owner().PUT('/api/settings/integrations', {
    body: { ...input, webhooks: { ...input.webhooks, ...webhooks } },
  });
}

async function switchOn(on: Partial<Record<'userRegistration' | 'paymentSuccess' | 'systemAlert', boolean>>) {
  const res = await saveWebhooks({
    url: receiverUrl,
    secret: SECRET,
    userRegistration: false,
    paymentSuccess: false,
    systemAlert: false,
    ...on,
  });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
}

let userSerial = 0;
async function addUser() {
  const res = await owner().POST('/api/users', {
    body: {
      email: `webhook.user.${++userSerial}.${Date.now()}@firm.example`,
      firstName: 'Web',
      lastName: 'Hook',
      role: 'consultant',
      invite: false,
    },
  });
  expect(res.response.status, JSON.stringify(res.error)).toBe(201);
  return res.data!.user;
}

async function payInvoice() {
  const created = await f.api('administrator').POST('/api/invoices', { body: INVOICE_EXAMPLE });
  expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  const invoice = created.data!;
  const paid = await f.api('administrator').POST('/api/invoices/{id}/mark-paid', {
    params: { path: { id: invoice.id } },
    body: { version: invoice.version },
  });
  expect(paid.response.status, JSON.stringify(paid.error)).toBe(200);
  return paid.data!;
}

/** What a receiver does: the signature over `t.body` with the shared secret, and a recent timestamp. */
function verified(event: Received): { id: string; type: string; createdAt: string; data: Record<string, unknown> } {
  const header = String(event.headers[WEBHOOK_HEADERS.signature.toLowerCase()]);
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  expect(match, header).not.toBeNull();
  const [, timestamp, mac] = match!;
  expect(createHmac('sha256', SECRET).update(`${timestamp}.${event.body}`).digest('hex')).toBe(mac);
  expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(300);
  const payload = JSON.parse(event.body) as ReturnType<typeof verified>;
  expect(Object.keys(payload).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
  expect(event.headers[WEBHOOK_HEADERS.id.toLowerCase()]).toBe(payload.id);
  expect(event.headers[WEBHOOK_HEADERS.event.toLowerCase()]).toBe(payload.type);
  expect(event.headers['content-type']).toBe('application/json');
  return payload;
}

const deliver = () => f.t.app.webhooks.flush();

describe('webhooks', () => {
  it('keep the signing secret sealed and answer only whether one is set', async () => {
    await switchOn({});
    const settings = (await owner().GET('/api/settings/integrations')).data!;
    expect(settings.webhooks).toEqual({
      url: receiverUrl,
      secretSet: true,
      userRegistration: false,
      paymentSuccess: false,
      systemAlert: false,
    });
    const [row] = await db()
      .select()
      .from(systemSettings)
      .where(eq(systemSettings.settingKey, INTEGRATION_SETTINGS_KEY));
    expect(JSON.stringify(row!.settingValue)).not.toContain(SECRET);
    // Left out, the stored secret stays; the same save without a URL needs none.
    expect((await saveWebhooks({ secret: undefined })).response.status).toBe(200);
    expect((await f.api('administrator').GET('/api/settings/integrations')).data).toMatchObject({
      webhooks: { secretSet: true },
    });
  });

  it('send each event only while its switch is on, signed with the secret', async () => {
    await switchOn({});
    await addUser();
    await payInvoice();
    await deliver();
    expect(received).toHaveLength(0);
    expect(await db().select().from(webhookDeliveries)).toHaveLength(0);

    await switchOn({ userRegistration: true });
    const user = await addUser();
    await payInvoice();
    await deliver();
    expect(received).toHaveLength(1);
    const registered = verified(received[0]!);
    expect(registered).toMatchObject({
      type: 'user.registered',
      data: { userId: user.id, role: 'consultant', invited: false },
    });
    // The minimum: no name, email or password of the new user.
    expect(received[0]!.body).not.toContain('@firm.example');

    received.length = 0;
    await switchOn({ paymentSuccess: true });
    await addUser();
    const invoice = await payInvoice();
    await deliver();
    expect(received).toHaveLength(1);
    expect(verified(received[0]!)).toMatchObject({
      type: 'payment.succeeded',
      data: {
        invoiceId: invoice.id,
        invoiceNumber: invoice.invoiceNumber,
        amount: invoice.total,
        currency: invoice.currency,
        invoiceStatus: 'paid',
      },
    });
  });

  it('send a system alert when a mail fails for good, with the mail’s id and outcome only', async () => {
    await switchOn({ systemAlert: true });
    const input = await currentInput();
    const smtp = await owner().PUT('/api/settings/integrations', {
      body: {
        ...input,
        email: {
          host: '127.0.0.1',
          port: closedPort,
          security: 'none',
          username: '',
          fromAddress: 'office@firm.example',
        },
      },
    });
    expect(smtp.response.status, JSON.stringify(smtp.error)).toBe(200);
    await f.t.app.mailer.refresh();
    try {
      const created = await f.api('administrator').POST('/api/invoices', { body: INVOICE_EXAMPLE });
      const invoice = created.data!;
      const sent = await f.api('administrator').POST('/api/invoices/{id}/send', {
        params: { path: { id: invoice.id } },
        body: { to: 'client@example.com' },
      });
      const { mail } = sent.data!;
      await f.t.app.mail.flush();
      await deliver();
      // A retry to come is no alert.
      expect(received).toHaveLength(0);
      // Its last attempt is due now.
      await db()
        .update(mailMessages)
        .set({ attempts: sql`${mailMessages.maxAttempts} - 1`, nextAttemptAt: sql`now()` })
        .where(eq(mailMessages.id, mail.id));
      await f.t.app.mail.flush();
      await deliver();
      expect(received).toHaveLength(1);
      expect(verified(received[0]!)).toMatchObject({
        type: 'system.alert',
        data: { alert: 'mail_failed', mailId: mail.id, mailKind: 'invoice', outcome: 'could_not_connect', attempts: 6 },
      });
      expect(received[0]!.body).not.toContain('client@example.com');
    } finally {
      await owner().PUT('/api/settings/integrations', {
        body: { ...input, email: { host: '', port: 587, security: 'starttls', username: '', fromAddress: '' } },
      });
      await f.t.app.mailer.refresh();
    }
  });

  it('send a system alert when a scheduled job fails after its last retry, not before', async () => {
    await switchOn({ systemAlert: true });
    // The mail delivery's run fails (its queue: 3 retries after the first attempt).
    vi.spyOn(f.t.app.mail, 'deliverDue').mockRejectedValue(new Error('database unavailable'));
    const jobs = f.t.app.jobs;
    const clock = new TestClock(new Date());
    await jobs.start({ clock });
    try {
      let jobId: string | null = null;
      let failedForGood = false;
      const last = nextRun(jobs, MAIL_DELIVERY_JOB, (r) => r.jobId === jobId && r.attempt === 3).then((run) => {
        failedForGood = true;
        return run;
      });
      jobId = await jobs.send(MAIL_DELIVERY_JOB, {});
      // pg-boss's clock moves through the back-off (1, 2, 4 minutes); each step waits for the handlers.
      for (let step = 0; step < 200 && !failedForGood; step++) {
        await clock.tick(30_000);
        await jobs.handlersSettled();
      }
      expect(await last).toMatchObject({ outcome: 'failed' });
      await deliver();
      const alerts = received
        .map(verified)
        .filter((event) => event.type === 'system.alert' && event.data.jobId === jobId);
      expect(alerts.map((event) => event.data)).toEqual([
        { alert: 'job_failed', job: MAIL_DELIVERY_JOB, jobId, attempts: 4 },
      ]);
    } finally {
      vi.restoreAllMocks();
      await jobs.stop();
    }
  });

  it('deliver an event once after the receiver answered 500, retried when due', async () => {
    await switchOn({ userRegistration: true });
    answers = [500];
    await addUser();
    await deliver();
    const [retrying] = await db().select().from(webhookDeliveries);
    expect(retrying).toMatchObject({ status: 'retrying', attempts: 1, outcome: 'http_status', httpStatus: 500 });
    expect(retrying!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // Not yet due: another run leaves it alone.
    await deliver();
    expect(received).toHaveLength(1);

    await db()
      .update(webhookDeliveries)
      .set({ nextAttemptAt: sql`now()` });
    await deliver();
    await deliver();
    expect(received).toHaveLength(2);
    const [first, second] = received.map(verified);
    expect(second!.id).toBe(first!.id);
    const [delivered] = await db().select().from(webhookDeliveries);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 2, outcome: 'delivered', httpStatus: 200 });
  });

  it('mark an event failed after its last attempt', async () => {
    await switchOn({ paymentSuccess: true });
    answers = [503, 503];
    await payInvoice();
    await deliver();
    // Its last attempt is due now.
    await db()
      .update(webhookDeliveries)
      .set({ attempts: sql`${webhookDeliveries.maxAttempts} - 1`, nextAttemptAt: sql`now()` });
    await deliver();
    expect(received).toHaveLength(2);
    const [failed] = await db().select().from(webhookDeliveries);
    expect(failed).toMatchObject({ status: 'failed', outcome: 'http_status', httpStatus: 503 });
  });

  it('send a test event and report how it went in fixed words', async () => {
    const test = () => owner().POST('/api/settings/integrations/webhooks/test');
    await saveWebhooks({ url: '', secret: '' });
    expect((await test()).data).toEqual(webhookTestResult('not_configured', null));

    await switchOn({});
    const delivered = await test();
    expect(delivered.response.status).toBe(200);
    expect(delivered.data).toEqual(webhookTestResult('delivered', 200));
    expect(delivered.data).toMatchObject({ message: 'Delivered: the receiver answered HTTP 200.' });
    expect(verified(received[0]!)).toMatchObject({ type: 'webhook.test', data: {} });

    answers = [503];
    expect((await test()).data).toEqual(webhookTestResult('http_status', 503));
    // A redirect is an answer, not followed.
    answers = [302];
    received.length = 0;
    const redirected = (await test()).data;
    expect(redirected).toEqual(webhookTestResult('http_status', 302));
    expect(received).toHaveLength(1);
    expect(JSON.stringify(redirected)).not.toContain('never shown');

    await saveWebhooks({ url: `http://127.0.0.1:${closedPort}/hooks` });
    expect((await test()).data).toEqual(webhookTestResult('could_not_connect', null));
    // Nothing of the test is queued.
    expect(await db().select().from(webhookDeliveries)).toHaveLength(0);
  });

  it('refuse bad input with the messages', async () => {
    const fieldErrors = async (webhooks: Partial<IntegrationsBody['webhooks']>) => {
      const res = await saveWebhooks(webhooks);
      expect(res.response.status, JSON.stringify(res.error)).toBe(400);
      return res.error?.fieldErrors;
    };
    await saveWebhooks({ url: '', secret: '' });
    expect(await fieldErrors({ url: 'ftp://example.com/hooks' })).toEqual({ 'webhooks.url': [WEBHOOK_MESSAGES.url] });
    expect(await fieldErrors({ url: 'https://user:pass@example.com/hooks' })).toEqual({
      'webhooks.url': [WEBHOOK_MESSAGES.url],
    });
    expect(await fieldErrors({ url: 'https://example.com/hooks', secret: 'short' })).toEqual({
      'webhooks.secret': [WEBHOOK_MESSAGES.secretLength],
    });
    expect(await fieldErrors({ url: 'https://example.com/hooks' })).toEqual({
      'webhooks.secret': [WEBHOOK_MESSAGES.secretRequired],
    });
    // Plain http to a public address, even with private addresses allowed.
    expect(await fieldErrors({ url: 'http://93.184.216.34/hooks', secret: SECRET })).toEqual({
      'webhooks.url': [WEBHOOK_MESSAGES.httpOnlyPrivate],
    });
    // Raw: a field the document does not have.
    const input = await currentInput();
    const unknown = await f.call('account_administrator', 'PUT', '/api/settings/integrations', {
      ...input,
      webhooks: { ...input.webhooks, events: 'all' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain("Unknown field 'events'");
  });

  it('are changed and tested by account administrators only', async () => {
    const input = await currentInput();
    const body = { ...input, webhooks: { ...input.webhooks, url: receiverUrl, secret: SECRET } };
    for (const role of ['administrator', 'supervisor', 'consultant'] as const) {
      expect((await f.api(role).PUT('/api/settings/integrations', { body })).response.status, role).toBe(403);
      expect((await f.api(role).POST('/api/settings/integrations/webhooks/test')).response.status, role).toBe(403);
    }
    expect(received).toHaveLength(0);
  });
});

describe('webhooks without WEBHOOK_ALLOW_PRIVATE', () => {
  it('refuse a private, loopback or link-local URL, and plain http', async () => {
    const t = await buildTestApp();
    try {
      const api = apiClient(t.app, await t.signIn('account_administrator'));
      const put = (url: string) =>
        api.PUT('/api/settings/integrations', {
          body: {
            email: { host: '', port: 587, security: 'starttls', username: '', fromAddress: '' },
            ai: { provider: '' },
            payment: { provider: '' },
            calendar: { provider: '' },
            chat: { provider: '' },
            webhooks: { url, secret: SECRET, userRegistration: true, paymentSuccess: true, systemAlert: true },
          },
        });
      for (const url of [
        'https://127.0.0.1/hooks',
        'https://localhost:8443/hooks',
        'https://10.1.2.3/hooks',
        'https://169.254.169.254/latest',
        'https://[::1]/hooks',
        'https://[::ffff:127.0.0.1]/hooks',
      ]) {
        const res = await put(url);
        expect(res.response.status, url).toBe(400);
        expect(res.error, url).toMatchObject({ fieldErrors: { 'webhooks.url': [WEBHOOK_MESSAGES.privateAddress] } });
      }
      const http = await put('http://example.com/hooks');
      expect(http.error).toMatchObject({ fieldErrors: { 'webhooks.url': [WEBHOOK_MESSAGES.https] } });
      expect((await put('https://hooks.example.com/visa-crm')).response.status).toBe(200);
    } finally {
      await t.close();
    }
  });
});
